/**
 * Extraction time of this checkout against another (a `git worktree` of an earlier commit), in
 * one process, page by page, the two alternating (and which goes first alternating by round).
 * This machine's speed swings by up to half within the hour; runs in separate processes a
 * minute apart compare that, not the code. Both checkouts must give the same results (see
 * fingerprint.ts): this only times them.
 *   git worktree add --detach ../base <commit>   (then link node_modules into it)
 *   npx node bench/extract/compare.ts --base ../base [--corpus DIR] [--rounds 10]
 * Prints ms per page for each and the ratio this/base (below 1: this checkout is faster).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { savedPagesOrExit } from "./corpus.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    corpus: { type: "string" },
    rounds: { type: "string", default: "10" },
  },
});
if (!values.base) {
  console.error("usage: compare.ts --base <checkout of the commit to compare with>");
  process.exit(1);
}
const base = resolve(values.base, "core/extract/index.ts");
const baseExtract = ((await import(base)) as { extractProduct: typeof extractProduct })
  .extractProduct;
const { files } = savedPagesOrExit(values.corpus, "../shared/corpus/benchmark");
const pages = files.map((file) => readFileSync(file, "utf8"));
const url = "https://shop.example.com/p/1";
const rounds = Math.max(2, Number(values.rounds));

for (let warm = 0; warm < 2; warm++) {
  for (const page of pages) {
    baseExtract(page, url);
    extractProduct(page, url);
  }
}
const thisRounds: number[] = [];
const baseRounds: number[] = [];
for (let round = 0; round < rounds; round++) {
  let mine = 0;
  let theirs = 0;
  for (const page of pages) {
    // Direct calls, each its own call site: one site calling both would be polymorphic.
    if (round % 2 === 0) {
      let t = performance.now();
      baseExtract(page, url);
      theirs += performance.now() - t;
      t = performance.now();
      extractProduct(page, url);
      mine += performance.now() - t;
    } else {
      let t = performance.now();
      extractProduct(page, url);
      mine += performance.now() - t;
      t = performance.now();
      baseExtract(page, url);
      theirs += performance.now() - t;
    }
  }
  thisRounds.push(mine);
  baseRounds.push(theirs);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const perPage = (xs: number[]) => Math.round((sum(xs) / xs.length / pages.length) * 100) / 100;
console.log(
  JSON.stringify({
    pages: pages.length,
    rounds,
    baseMsPerPage: perPage(baseRounds),
    thisMsPerPage: perPage(thisRounds),
    ratio: Math.round((sum(thisRounds) / sum(baseRounds)) * 1000) / 1000,
    medianRoundRatio: Math.round((median(thisRounds) / median(baseRounds)) * 1000) / 1000,
  }),
);
