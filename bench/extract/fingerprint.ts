/**
 * One line per saved page: its path and a hash of its whole extraction result (JSON). For work
 * on extraction speed: run it before and after a change and compare (`diff`); a change meant to
 * make extraction faster, not different, leaves every line the same.
 *   npx node bench/extract/fingerprint.ts [--corpus DIR] > before.txt
 * Pages: the corpus (every .html under it, any depth) and tests/fixtures.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { htmlFilesUnder } from "../../tests/helpers/fixtures.ts";
import { findCorpus } from "./corpus.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({ options: { corpus: { type: "string" } } });
const corpus = findCorpus(
  values.corpus ?? process.env.DROPWAVE_CORPUS ?? resolve(repoRoot, "../shared/corpus"),
);

const files = [...htmlFilesUnder(corpus), ...htmlFilesUnder(resolve(repoRoot, "tests/fixtures"))];
if (!existsSync(corpus)) console.error(`corpus not found at ${corpus}: test fixtures only`);
for (const file of files) {
  const result = extractProduct(readFileSync(file, "utf8"), "https://shop.example.com/p/1");
  const hash = createHash("sha256").update(JSON.stringify(result)).digest("hex").slice(0, 16);
  console.log(`${relative(repoRoot, file)} ${hash}`);
}
console.error(`${files.length} pages`);
