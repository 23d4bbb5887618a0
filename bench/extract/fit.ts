/**
 * `npm run bench:fit [-- --corpus DIR --corpus DIR … --lambda 0.02 --blind stores|none]`
 *
 * Fits the visible-price weights (a logistic model over core/extract/visible-features.ts) on
 * both shared sets together (default: ../shared/corpus/benchmark and ../shared/corpus/us-stores,
 * each with its own blind policy: blind-part.ts) and measures them honestly:
 * - in-sample: fitted on every page that is not blind, scored on the same pages;
 * - leave one store out: for each store brand (amazon.com and amazon.de are one fold), fitted on
 *   the other brands' pages, the left-out brand's pages extracted with those weights through the
 *   whole pipeline;
 * - the blind third: scored with the weights fitted on everything not blind; never used to fit,
 *   shown only as aggregates.
 * Prints the weights to paste into core/extract and the figures for the decision record.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractWithWeights, visibleFeaturesOf } from "../../core/extract/extract-product.ts";
import { VISIBLE_WEIGHTS } from "../../core/extract/read-visible-text.ts";
import { FEATURES } from "../../core/extract/visible-features.ts";
import { BLIND_NAME, BlindPart, blindPolicyFrom, splitBlind } from "./blind-part.ts";
import { type CorpusRow, findCorpus, readCorpus } from "./corpus.ts";
import { brand, fitWeights } from "./fit-model.ts";
import { loadAverage } from "./machine.ts";
import {
  type Answer,
  answerOf,
  isRightAmount,
  type Labelled,
  labelOf,
  type Scores,
  score,
} from "./metrics.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", multiple: true },
    lambda: { type: "string" },
    blind: { type: "string" },
  },
});
const lambda = Number(values.lambda ?? 0.02);
const corpora = (values.corpus ?? ["../shared/corpus/benchmark", "../shared/corpus/us-stores"])
  .map((given) => findCorpus(given))
  .filter((dir) => {
    const isThere = existsSync(resolve(dir, "manifest.jsonl"));
    if (!isThere) console.log(`corpus not found at ${dir}: left out of the fit`);
    return isThere;
  });
if (corpora.length === 0) {
  console.log("no corpus found (pass --corpus DIR): nothing to fit");
  process.exit(0);
}

type Row = CorpusRow & { corpus: string; dir: string };
type Page = { row: Row; html: string; brand: string; labelled: Labelled };
type Fitted = Page & { xs: number[][]; ys: number[] };

const fitted: Fitted[] = [];
let blind = new BlindPart<Page>([]);
const policies: string[] = [];
for (const dir of corpora) {
  const policy = blindPolicyFrom(values.blind, dir);
  const name = basename(dir);
  policies.push(`${name}: ${policy}`);
  const rows: Row[] = readCorpus(dir).map((row) => ({ ...row, corpus: name, dir }));
  const read = (row: Row): Page => ({
    row,
    html: readFileSync(resolve(dir, row.path), "utf8"),
    brand: brand(row.store),
    labelled: labelOf(row),
  });
  // The split comes first: a blind page is only ever extracted for its aggregate score; its
  // candidates and features are never computed, and it is never fitted on.
  const split = splitBlind(rows, (r) => r.store, policy);
  blind = blind.concat(split.blind.map(read));
  for (const row of split.open) {
    const page = read(row);
    const candidates = visibleFeaturesOf(page.html, row.url);
    fitted.push({
      ...page,
      xs: candidates.map((c) => [...c.features]),
      ys: candidates.map((c) =>
        isRightAmount(page.labelled, { price: c.amount, currency: null, availability: null })
          ? 1
          : 0,
      ),
    });
  }
}

function answer(page: Page, weights: readonly number[]): readonly [Labelled, Answer] {
  return [page.labelled, answerOf(extractWithWeights(page.html, page.row.url, {}, weights))];
}
const show = (s: Scores) =>
  `exact ${s.exact}/${s.pages} (${(100 * s.exactRate).toFixed(1)} %), price P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)}, stock F1 ${s.stockLabelled ? s.stockF1.toFixed(3) : "not labelled"}`;
const names = [...new Set(fitted.map((p) => p.row.corpus))];
/** All pages' figure, then each corpus's. */
const byCorpus = (pairs: readonly (readonly [Page, readonly [Labelled, Answer]])[]) => [
  `  all: ${show(score(pairs.map(([, pair]) => pair)))}`,
  ...(names.length > 1
    ? names.map(
        (name) =>
          `  ${name}: ${show(score(pairs.filter(([p]) => p.row.corpus === name).map(([, pair]) => pair)))}`,
      )
    : []),
];

const brands = [...new Set(fitted.map((p) => p.brand))];
const loso: [Page, readonly [Labelled, Answer]][] = [];
const misses: string[] = [];
for (const b of brands) {
  const weights = fitWeights(
    fitted.filter((p) => p.brand !== b),
    FEATURES.length,
    lambda,
  );
  for (const page of fitted.filter((p) => p.brand === b)) {
    const pair = answer(page, weights);
    loso.push([page, pair]);
    if (!isRightAmount(pair[0], pair[1]))
      misses.push(
        `${page.row.corpus}/${page.row.path} (${b}): ${pair[0].price ?? "none"} → ${pair[1].price ?? "none"}`,
      );
  }
}
const all = fitWeights(fitted, FEATURES.length, lambda);
const inSample = fitted.map((p) => [p, answer(p, all)] as const);
const current = fitted.map((p) => [p, answer(p, VISIBLE_WEIGHTS)] as const);
const positives = fitted.reduce((a, p) => a + p.ys.filter((y) => y === 1).length, 0);
const total = fitted.reduce((a, p) => a + p.ys.length, 0);
const fittedBrands = new Set(brands);

console.log(
  `Fit on ${corpora.map((d) => basename(d)).join(" + ")} (blind policy ${policies.join(", ")}), load average ${loadAverage()}, lambda ${lambda}`,
);
console.log(
  `${fitted.length} pages fitted on, ${brands.length} store brands, ${total} visible candidates (${positives} with the labelled amount); ${blind.pages} pages in the ${BLIND_NAME}, never fitted on`,
);
console.log("weights now in core/extract (committed):");
for (const line of byCorpus(current)) console.log(line);
if (blind.pages > 0)
  console.log(`  ${BLIND_NAME}: ${show(blind.scores((p) => answer(p, VISIBLE_WEIGHTS)))}`);
console.log("fitted on every page not blind (in-sample):");
for (const line of byCorpus(inSample)) console.log(line);
console.log("leave one store brand out:");
for (const line of byCorpus(loso)) console.log(line);
if (blind.pages > 0) {
  console.log(
    `${BLIND_NAME}, weights fitted on every page not blind: ${show(blind.scores((p) => answer(p, all)))}`,
  );
  // A count only: which brands these are is not shown.
  const shared = blind.distinct(
    (p) => p.brand,
    (p) => fittedBrands.has(p.brand),
  );
  console.log(
    `  ${shared} of the ${BLIND_NAME}'s ${blind.distinct((p) => p.brand)} store brands also have pages that were fitted on (another country's store of the same brand): for them the figure is not fully blind.`,
  );
}
console.log("leave-one-store-out misses (pages fitted on only):");
if (misses.length === 0) console.log("- none");
for (const m of misses) console.log(`- ${m}`);
console.log("weights fitted on every page not blind:");
console.log(FEATURES.map((f, i) => `  ${f}: ${all[i]}`).join("\n"));
console.log(`[${all.join(", ")}]`);
