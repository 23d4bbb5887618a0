import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expect, test } from "vitest";

/**
 * What every page loads first is app/root.tsx and what it imports without `import()`. Zod and
 * the settings' schemas (core/env.ts) cost about 24 KB gzip there; forms load them with their
 * route. This walks the static, non-type imports from the root (React Router drops `.server`
 * modules from the browser build) and names any path that reaches them.
 */
const FORBIDDEN = [/^zod(\/|$)/, /\/core\/env\.ts$/];

function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers: string[] = [];
  for (const match of source.matchAll(
    /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+"([^"]+)";?|^\s*import\s+"([^"]+)";?/gms,
  )) {
    if (match[2]) continue; // import type / export type: erased
    const names = match[3] ?? "";
    // `import { type A, type B }`: erased too.
    if (
      /^\{[^}]*\}$/s.test(names.trim()) &&
      names
        .replace(/[{}\s]/g, "")
        .split(",")
        .filter(Boolean)
        .every((n) => n.startsWith("type"))
    )
      continue;
    specifiers.push(match[4] ?? match[5] ?? "");
  }
  return specifiers;
}

function findPath(from: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (FORBIDDEN.some((re) => re.test(specifier))) return [...path, specifier];
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (/\.server\.tsx?$/.test(target) || !existsSync(target)) continue;
      if (FORBIDDEN.some((re) => re.test(target))) return [...path, target];
      if (!/\.tsx?$/.test(target)) continue;
      const found = walk(target, [...path, target]);
      if (found) return found;
    }
    return null;
  };
  return walk(from, [from]);
}

test("the root chunk every page loads imports neither Zod nor the settings' schemas", () => {
  const root = resolve(import.meta.dirname, "root.tsx");
  expect(findPath(root)).toBeNull();
});

test("the walk finds such an import when there is one (this test can fail)", () => {
  const form = resolve(import.meta.dirname, "lib/account-forms.ts");
  expect(findPath(form)?.at(-1)).toMatch(/zod|env\.ts/);
});
