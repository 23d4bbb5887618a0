import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const BENCHMARKS_DOC = resolve(import.meta.dirname, "../docs/BENCHMARKS.md");

/**
 * Puts `section` (which starts with its own `## …` heading line) into docs/BENCHMARKS.md in place
 * of the section with that heading, up to the next `## `; appends it when there is none yet.
 */
export function writeBenchmarkSection(section: string, docPath = BENCHMARKS_DOC): void {
  const heading = section.split("\n", 1)[0] ?? "";
  if (!heading.startsWith("## "))
    throw new Error(`a section starts with its "## " heading: ${heading}`);
  const existing = existsSync(docPath) ? readFileSync(docPath, "utf8") : "# Benchmarks\n";
  const start = existing.split("\n").indexOf(heading);
  let next: string;
  if (start < 0) next = `${existing.trimEnd()}\n\n${section}`;
  else {
    const offset = existing.split("\n").slice(0, start).join("\n").length + (start > 0 ? 1 : 0);
    const end = existing.indexOf("\n## ", offset + 1);
    next = `${existing.slice(0, offset)}${section}${end < 0 ? "" : `\n${existing.slice(end + 1)}`}`;
  }
  writeFileSync(docPath, `${next.trimEnd()}\n`);
}
