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
