/**
 * Fit the visible-price weights (a logistic model over core/extract/visible-features.ts) on a
 * labelled corpus, and measure them honestly: leave one STORE out at a time (fit on the other
 * stores, extract the left-out store's pages with those weights through the whole pipeline).
 * Prints the weights to paste into read-visible-text.ts and the figures for the decision record.
 *
 *   npx node bench/extract/fit.ts --corpus ../shared/corpus/benchmark
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractWithWeights, visibleFeaturesOf } from "../../core/extract/extract-product.ts";
import { VISIBLE_WEIGHTS } from "../../core/extract/read-visible-text.ts";
import { FEATURES } from "../../core/extract/visible-features.ts";
import { minorToDecimal, normalizeDecimal } from "../../core/money/decimal-to-minor.ts";
import { type CorpusRow, findCorpus, readCorpus } from "./corpus.ts";
import { type Answer, type Labelled, type Scores, score, stockState } from "./metrics.ts";

const { values } = parseArgs({
  options: { corpus: { type: "string" }, lambda: { type: "string" } },
});
const corpus = findCorpus(values.corpus ?? "../shared/corpus/benchmark");
if (!existsSync(resolve(corpus, "manifest.jsonl"))) {
  console.log(`corpus not found at ${corpus} (pass --corpus DIR): nothing to fit`);
  process.exit(0);
}
const lambda = Number(values.lambda ?? 0.02);

type Row = CorpusRow;
const rows = readCorpus(corpus);

/** A store brand: amazon.co.uk and amazon.de are one store; ar-sa.namshi.com is namshi. */
function brand(store: string): string {
  const parts = store.replace(/^www\./, "").split(".");
  const generic = new Set(["com", "co", "net", "org", "gov", "edu", "ac"]);
  while (
    parts.length > 1 &&
    (parts[parts.length - 1]?.length === 2 || generic.has(parts[parts.length - 1] ?? ""))
  )
    parts.pop();
  return parts[parts.length - 1] ?? store;
}

type Page = { row: Row; html: string; brand: string; xs: number[][]; ys: number[] };
const pages: Page[] = rows.map((row) => {
  const html = readFileSync(resolve(corpus, row.path), "utf8");
  const expected = row.price === null ? null : normalizeDecimal(row.price);
  const candidates = visibleFeaturesOf(html, row.url);
  return {
    row,
    html,
    brand: brand(row.store),
    xs: candidates.map((c) => c.features),
    ys: candidates.map((c) => (c.amount === expected ? 1 : 0)),
  };
});

/** Solve a x = b (small, dense) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number))
        pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const pr = m[c] as number[];
    const d = pr[c] as number;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r] as number[];
      const f = (row[c] as number) / d;
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (pr[k] as number);
    }
  }
  return m.map((row, i) => {
    const d = row[i] as number;
    return Math.abs(d) < 1e-12 ? 0 : (row[n] as number) / d;
  });
}

/**
 * L2-regularised logistic regression by Newton's method. Each page weighs the same in total
 * (a page with 400 candidates must not outvote one with 4); the bias is not penalised.
 */
function fitWeights(train: Page[]): number[] {
  const xs: number[][] = [];
  const ys: number[] = [];
  const sw: number[] = [];
  for (const p of train) {
    const pos = p.ys.filter((y) => y === 1).length;
    const neg = p.ys.length - pos;
    p.xs.forEach((x, i) => {
      xs.push(x);
      ys.push(p.ys[i] as number);
      // Half of a page's weight on its positives, half on its negatives.
      sw.push(p.ys[i] === 1 ? 0.5 / Math.max(1, pos) : 0.5 / Math.max(1, neg));
    });
  }
  const k = FEATURES.length;
  let w = FEATURES.map(() => 0);
  for (let iter = 0; iter < 30; iter++) {
    const h = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const g = new Array<number>(k).fill(0);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as number[];
      let z = 0;
      for (let j = 0; j < k; j++) z += (w[j] as number) * (x[j] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const wi = sw[i] as number;
      const r = wi * ((ys[i] as number) - p);
      const v = wi * p * (1 - p);
      for (let a = 0; a < k; a++) {
        const xa = x[a] ?? 0;
        if (xa === 0) continue;
        g[a] = (g[a] as number) + r * xa;
        const row = h[a] as number[];
        for (let b = 0; b < k; b++) row[b] = (row[b] as number) + v * xa * (x[b] ?? 0);
      }
    }
    for (let a = 0; a < k; a++) {
      const reg = a === 0 ? 1e-6 : lambda;
      g[a] = (g[a] as number) - reg * (w[a] as number);
      (h[a] as number[])[a] = ((h[a] as number[])[a] as number) + reg;
    }
    const step = solve(h, g);
    w = w.map((v, j) => v + (step[j] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-4) break;
  }
  return w.map((v) => Math.round(v * 100) / 100);
}

function answer(page: Page, weights: readonly number[]): [Labelled, Answer] {
  const r = extractWithWeights(page.html, page.row.url, {}, weights);
  return [
    {
      price: page.row.price === null ? null : normalizeDecimal(page.row.price),
      currency: page.row.currency,
      availability: stockState(page.row.availability),
    },
    {
      price: r.price
        ? normalizeDecimal(minorToDecimal(r.price.amountMinor, r.price.currency))
        : null,
      currency: r.price?.currency ?? null,
      availability: stockState(r.availability),
    },
  ];
}

const show = (s: Scores) =>
  `exact ${s.exact}/${s.pages} (${(100 * s.exactRate).toFixed(1)} %), price P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)}, stock F1 ${s.stockF1.toFixed(3)}`;

const brands = [...new Set(pages.map((p) => p.brand))];
const loso: [Labelled, Answer][] = [];
const misses: string[] = [];
for (const b of brands) {
  const weights = fitWeights(pages.filter((p) => p.brand !== b));
  for (const page of pages.filter((p) => p.brand === b)) {
    const pair = answer(page, weights);
    loso.push(pair);
    if (pair[0].price !== pair[1].price)
      misses.push(
        `${page.row.path} (${b}): ${pair[0].price ?? "none"} → ${pair[1].price ?? "none"}`,
      );
  }
}
const all = fitWeights(pages);
const inSample = score(pages.map((p) => answer(p, all)));
const current = score(pages.map((p) => answer(p, VISIBLE_WEIGHTS)));
const positives = pages.reduce((a, p) => a + p.ys.filter((y) => y === 1).length, 0);
const total = pages.reduce((a, p) => a + p.ys.length, 0);
console.log(
  `${pages.length} pages, ${brands.length} stores, ${total} visible candidates (${positives} with the labelled amount), lambda ${lambda}`,
);
console.log(`weights now in read-visible-text.ts: ${show(current)}`);
console.log(`fitted on all stores (in-sample): ${show(inSample)}`);
console.log(`leave one store out: ${show(score(loso))}`);
console.log("leave-one-store-out misses:");
for (const m of misses) console.log(`- ${m}`);
console.log("weights fitted on all stores:");
console.log(FEATURES.map((f, i) => `  ${f}: ${all[i]}`).join("\n"));
console.log(`[${all.join(", ")}]`);
