/**
 * Cuts under load (decision 0081): rounds of two hostile pages (megabytes of unclosed tags) and
 * one small page on a pool of two threads with a 50 ms budget; prints the pages cut, the
 * threads terminated from outside, and the time. `--root <checkout>` measures another checkout's
 * pool (a worktree of an older commit, node_modules linked) the same way.
 *
 *   npx node bench/extract-pool/cuts.ts [--rounds 100] [--root ../other-checkout]
 */
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "100" }, root: { type: "string", default: "." } },
});
const rounds = Number(values.rounds);
const root = path.resolve(values.root);
const { createExtractPool } = await import(path.join(root, "core/extract-pool/extract-pool.ts"));
const pool = createExtractPool({ threads: 2, timeBudgetMs: 50 });
const hostile = "<div>".repeat(2_000_000);
const small = "<h1>Kettle</h1><p class='price'>$24.90</p><button>Add to cart</button>";
const started = performance.now();
let hostileCut = 0;
let smallCut = 0;
for (let i = 0; i < rounds; i++) {
  const [a, b, c] = await Promise.all([
    pool.extract(hostile, "https://shop.example/a"),
    pool.extract(small, "https://shop.example/b"),
    pool.extract(hostile, "https://shop.example/c"),
  ]);
  hostileCut += Number(a.kind === "cut") + Number(c.kind === "cut");
  smallCut += Number(b.kind === "cut");
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const stopped = pool.stats().stopped ?? "(not counted)";
console.log(
  `${root}: ${rounds} rounds, hostile pages cut ${hostileCut}/${2 * rounds}, small pages cut ${smallCut}/${rounds}, threads terminated ${stopped}, ${seconds} s`,
);
await pool.close();
