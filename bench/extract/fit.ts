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
 * Prints the weights to paste into core/extract and the figures, and writes them as a section of
 * docs/BENCHMARKS.md (unless --no-write).
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractWithWeights, visibleFeaturesOf } from "../../core/extract/extract-product.ts";
import { FEATURES } from "../../core/extract/feature-names.ts";
import { VISIBLE_WEIGHTS } from "../../core/extract/read-visible-text.ts";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";
import { BLIND_NAME, BlindPart, blindPolicyFrom, splitBlind } from "./blind-part.ts";
import { type CorpusRow, findCorpus, readCorpus } from "./corpus.ts";
import { brand, fitWeights } from "./fit-model.ts";
import { commitOf, machine } from "./machine.ts";
import { type Answer, answerOf, isRightAmount, type Labelled, labelOf, score } from "./metrics.ts";
import { type ScoreRow, scoresTable } from "./report.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", multiple: true },
    lambda: { type: "string" },
    blind: { type: "string" },
    "no-write": { type: "boolean" },
  },
});
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const given = process.argv.slice(2).filter((arg) => arg !== "--no-write");
const command = `npm run bench:fit${given.length ? ` -- ${given.join(" ")}` : ""}`;
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
const names = [...new Set(fitted.map((p) => p.row.corpus))];
/** Rows of the scores table: every page fitted on, then each corpus's share. */
const byCorpus = (
  name: string,
  pairs: readonly (readonly [Page, readonly [Labelled, Answer]])[],
): ScoreRow[] => [
  { name, part: "all pages fitted on", scores: score(pairs.map(([, pair]) => pair)) },
  ...(names.length > 1
    ? names.map((corpus) => ({
        name,
        part: `${corpus}${corpus === "us-stores" && blind.pages > 0 ? " (not blind)" : ""}`,
        scores: score(pairs.filter(([p]) => p.row.corpus === corpus).map(([, pair]) => pair)),
      }))
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

const COMMITTED = "Weights in core/extract now";
const FITTED = "Fitted on every page not blind";
const LOSO = "Leave one store brand out";
const lines: string[] = [
  "## Extraction: visible-price weights fitted on both shared sets (issue #34)",
  "",
  `Machine: ${machine()}, shared with other work. Commit ${commitOf(repoRoot)}. Command: \`${command}\`. Sets: ${corpora.map((d) => basename(d)).join(" + ")} (blind policy ${policies.join(", ")}); L2 ${lambda}. ${fitted.length} pages fitted on, from ${brands.length} store brands, ${total} visible candidates (${positives} with the labelled amount); ${blind.pages} pages in the ${BLIND_NAME}, never fitted on (their candidates are never computed).`,
  "",
  ...scoresTable(
    [
      ...byCorpus(COMMITTED, current),
      ...(blind.pages > 0
        ? [
            {
              name: COMMITTED,
              part: `**${BLIND_NAME}**`,
              scores: blind.scores((p) => answer(p, VISIBLE_WEIGHTS)),
            },
          ]
        : []),
      ...byCorpus(`${FITTED} (in-sample)`, inSample),
      ...byCorpus(LOSO, loso),
      ...(blind.pages > 0
        ? [{ name: FITTED, part: `**${BLIND_NAME}**`, scores: blind.scores((p) => answer(p, all)) }]
        : []),
    ],
    { name: "Weights", part: "Scored on" },
  ),
  "",
];
if (blind.pages > 0) {
  // A count only: which brands these are is not shown.
  const shared = blind.distinct(
    (p) => p.brand,
    (p) => fittedBrands.has(p.brand),
  );
  lines.push(
    `The ${BLIND_NAME}'s figures are its aggregates only. ${shared} of its ${blind.distinct((p) => p.brand)} store brands also have pages that were fitted on (another country's store of the same brand): for those the figure is not fully blind.`,
    "",
  );
}
lines.push("Leave-one-store-out misses (pages fitted on only; expected → got):", "");
if (misses.length === 0) lines.push("- none");
for (const m of misses) lines.push(`- ${m}`);
lines.push(
  "",
  "Weights fitted on every page not blind (to paste into core/extract):",
  "",
  "```",
  ...FEATURES.map((f, i) => `${f}: ${all[i]}`),
  `[${all.join(", ")}]`,
  "```",
  "",
);
for (const line of lines) console.log(line);
if (!values["no-write"]) writeBenchmarkSection(lines.join("\n"));
