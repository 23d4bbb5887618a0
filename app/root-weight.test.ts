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
/** floating-ui (~18 KB gzip) loads when a popover or dialog opens (components/ui/*-panel.tsx). */
const FLOATING_UI = [/^@floating-ui\//];
/** Analytics code loads only on an instance that configured it (root.tsx, product-analytics). */
/** uPlot and the code that draws with it load after the product page is interactive. */
const CHART_CANVAS = [/^uplot$/, /price-chart-plot\.ts$/];
const ANALYTICS = [/\/lib\/analytics\//, /^posthog-js/];
/** The new-build watch loads once the page is interactive (lib/new-build-watch.ts). */
const NEW_BUILD_WATCH = [/\/lib\/new-build\.ts$/];

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

function findPath(from: string, forbidden: RegExp[] = FORBIDDEN): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (forbidden.some((re) => re.test(specifier))) return [...path, specifier];
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (/\.server\.tsx?$/.test(target) || !existsSync(target)) continue;
      if (forbidden.some((re) => re.test(target))) return [...path, target];
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

test("floating-ui is in no page's first load: not from the root, the hub or the product page", () => {
  for (const file of ["root.tsx", "routes/hub.tsx", "routes/hub-watch.tsx"]) {
    expect(findPath(resolve(import.meta.dirname, file), FLOATING_UI)).toBeNull();
  }
});

test("the walk finds floating-ui in a panel that imports it (this test can fail)", () => {
  const panel = resolve(import.meta.dirname, "components/ui/popover-panel.tsx");
  expect(findPath(panel, FLOATING_UI)?.at(-1)).toBe("@floating-ui/react");
});

test("no analytics code in the root chunk: it loads when the operator configured analytics", () => {
  expect(findPath(resolve(import.meta.dirname, "root.tsx"), ANALYTICS)).toBeNull();
  // PostHog's start-up, with posthog-js: reachable from its own module (this test can fail).
  const client = resolve(import.meta.dirname, "lib/analytics/posthog-client.ts");
  expect(findPath(client, ANALYTICS)?.at(-1)).toMatch(/posthog-js|analytics/);
});

test("the new-build watch is not in the root chunk: it loads after the page is interactive", () => {
  expect(findPath(resolve(import.meta.dirname, "root.tsx"), NEW_BUILD_WATCH)).toBeNull();
  // A module that imports it statically is found (this test can fail).
  const test = resolve(import.meta.dirname, "lib/new-build.test.ts");
  expect(findPath(test, NEW_BUILD_WATCH)?.at(-1)).toMatch(/new-build\.ts$/);
});

test("the product page's first load has the chart's frame, not uPlot or the code drawing with it", () => {
  expect(findPath(resolve(import.meta.dirname, "routes/hub-watch.tsx"), CHART_CANVAS)).toBeNull();
  const chart = resolve(import.meta.dirname, "components/hub/price-chart-plot.ts");
  expect(findPath(chart, CHART_CANVAS)?.at(-1)).toBe("uplot");
});
