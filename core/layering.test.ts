import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const CORE = dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** core/<folder>/… → folder ("" for files directly in core/). */
function folderOf(path: string): string {
  const parts = relative(CORE, path).split(sep);
  return parts.length > 1 ? (parts[0] ?? "") : "";
}

/** Which core folders each core folder imports at run time or for types (tests excluded). */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(CORE)) {
    const from = folderOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolve(dirname(file), match[1] ?? "");
      if (!target.startsWith(CORE)) continue;
      const to = folderOf(target);
      if (to !== from && to !== "") targets.add(to);
    }
  }
  return graph;
}

describe("core's folders", () => {
  it("checks never imports tracking (tracking uses the alert decision, not the other way)", () => {
    expect([...(folderImports().get("checks") ?? [])]).not.toContain("tracking");
  });

  it("tracking and checks form no cycle", () => {
    const graph = folderImports();
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      if (from === to) return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return [...(graph.get(from) ?? [])].some((next) => reaches(next, to, seen));
    };
    const isCycle = reaches("tracking", "checks") && reaches("checks", "tracking");
    expect(isCycle).toBe(false);
  });
});

describe("the browser extension's imports from core", () => {
  it("reach no module that needs the database or Node (run-time imports, followed through)", () => {
    const extension = resolve(CORE, "../extension/src");
    const runtimeImports = (file: string) =>
      [...readFileSync(file, "utf8").matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gms)].map(
        (match) => match[1] ?? "",
      );
    const seen = new Set<string>();
    const offending: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of runtimeImports(file)) {
        if (!specifier.startsWith(".")) {
          const isServerOnly = /^(node:|drizzle-orm|pg$|@electric-sql\/pglite|pino)/.test(
            specifier,
          );
          if (isServerOnly && file.startsWith(CORE))
            offending.push(`${relative(CORE, file)} → ${specifier}`);
          continue;
        }
        const target = resolve(dirname(file), specifier);
        if (target.startsWith(join(CORE, "db")))
          offending.push(`${relative(CORE, file)} → ${specifier}`);
        else visit(target);
      }
    };
    for (const file of sourceFiles(extension)) visit(file);
    // It read core/tracking/normalize-url.ts, a pure function in the folder of database code
    // (#36 item 5); that lives in core/url now, and this keeps what it reads browser-safe.
    expect([...seen].some((file) => file.startsWith(join(CORE, "url")))).toBe(true);
    expect(offending).toEqual([]);
  });
});
