import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { writeBenchmarkSection } from "./benchmarks-doc.ts";

const dir = mkdtempSync(join(tmpdir(), "bench-doc-"));
const doc = join(dir, "BENCHMARKS.md");
afterEach(() => rmSync(doc, { force: true }));

test("replaces only the section with the same heading line, keeping a longer heading apart", () => {
  writeFileSync(
    doc,
    "# Benchmarks\n\n## Page weight\nold\n\n## Page weight notes\nkeep\n\n## Lighthouse\nkeep too\n",
  );
  writeBenchmarkSection("## Page weight\nnew\n", doc);
  expect(readFileSync(doc, "utf8")).toBe(
    "# Benchmarks\n\n## Page weight\nnew\n\n## Page weight notes\nkeep\n\n## Lighthouse\nkeep too\n",
  );
  writeBenchmarkSection("## Lighthouse\nscores", doc);
  expect(readFileSync(doc, "utf8")).toMatch(
    /## Page weight notes\nkeep\n\n## Lighthouse\nscores\n$/,
  );
});

test("appends a section that is not there yet, and starts the file when it is missing", () => {
  writeBenchmarkSection("## API\n1 req/s", doc);
  expect(readFileSync(doc, "utf8")).toBe("# Benchmarks\n\n## API\n1 req/s\n");
  expect(() => writeBenchmarkSection("no heading", doc)).toThrow(/heading/);
});
