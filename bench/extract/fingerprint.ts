/**
 * One line per saved page: its path and a hash of its whole extraction result (JSON), then one
 * line with a hash of them all. For work on extraction: run it before and after a change and
 * compare (`diff`); a change meant to make extraction faster or clearer, not different, leaves
 * every line the same.
 *   npx node bench/extract/fingerprint.ts [--corpus DIR] > before.txt
 * Pages: every .html under the corpus (any depth: its own pages, benchmark/ with extra/,
 * us-stores/) and tests/fixtures. A page listed in a manifest is read at its own address (store
 * rules and the domain's currency take part); any other at https://shop.example.com/p/1.
 *
 * The blind third (blind.ts): a page of a blind store is never named. Its line carries an
 * opaque name (a hash of its path) instead, so that a diff counts how many blind pages changed
 * without saying which, and nothing of the page is printed.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { htmlFilesUnder } from "../../tests/helpers/fixtures.ts";
import { isBlindStore } from "./blind.ts";
import { findCorpus, readCorpus } from "./corpus.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({ options: { corpus: { type: "string" } } });
// The shared corpus beside the repository, found from a worktree too (`findCorpus` looks up).
const corpus = findCorpus(values.corpus ?? process.env.DROPWAVE_CORPUS ?? "../shared/corpus");
const DEFAULT_URL = "https://shop.example.com/p/1";

/** Every manifest under the corpus (its own, benchmark/, us-stores/ …): page file → its row. */
function manifestRows(dir: string): Map<string, { url: string; store: string }> {
  const rows = new Map<string, { url: string; store: string }>();
  const folders = [dir, ...htmlFilesUnder(dir).map((file) => dirname(dirname(file)))];
  for (const folder of new Set(folders)) {
    for (const row of readCorpus(folder)) rows.set(resolve(folder, row.path), row);
  }
  return rows;
}

const rows = manifestRows(corpus);
const files = [...htmlFilesUnder(corpus), ...htmlFilesUnder(resolve(repoRoot, "tests/fixtures"))];
if (!existsSync(corpus)) console.error(`corpus not found at ${corpus}: test fixtures only`);
const all = createHash("sha256");
let blind = 0;
for (const file of files) {
  const row = rows.get(file);
  const result = extractProduct(readFileSync(file, "utf8"), row?.url ?? DEFAULT_URL);
  const hash = createHash("sha256").update(JSON.stringify(result)).digest("hex").slice(0, 16);
  const isBlind = row !== undefined && isBlindStore(row.store);
  if (isBlind) blind++;
  const name = isBlind
    ? `blind/${createHash("sha256").update(relative(corpus, file)).digest("hex").slice(0, 12)}`
    : relative(repoRoot, file);
  all.update(`${name} ${hash}\n`);
  console.log(`${name} ${hash}`);
}
console.log(`all ${all.digest("hex").slice(0, 16)}`);
console.error(`${files.length} pages (${blind} of blind stores, named by a hash of their path)`);
