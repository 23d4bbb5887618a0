/**
 * `npm run bench:extract -- --corpus DIR [--blind stores|none] [--iterations 9] [--no-write]`
 *
 * Dropwave's extraction on a labelled corpus beside the structured-data baseline and
 * metascraper with @samirrayani/metascraper-shopping (both in the peer worker, timed the same
 * way; metascraper is installed in bench/peers on the first run, which needs a C++ compiler for its
 * re2 add-on): exact price + currency, price precision / recall / F1, stock, speed against the baseline
 * and a bare tokenize. On us-stores the blind third (blind.ts) is scored apart and shown only as
 * aggregates (`--blind stores`, its default there). Writes the corpus's own section of
 * docs/BENCHMARKS.md (unless --no-write) and ends with a JSON summary line.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { STORE_RULES } from "../../core/extract/store-rules/index.ts";
import { normalizeDecimal } from "../../core/money/decimal-to-minor.ts";
import { parsePriceString } from "../../core/money/parse-price-string.ts";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";
import { blindPolicyFrom } from "./blind-part.ts";
import { findCorpus, readCorpus } from "./corpus.ts";
import { commitOf, machine } from "./machine.ts";
import { answerOf, labelOf, stockState } from "./metrics.ts";
import { type PeerAnswer, startPeers } from "./peer-client.ts";
import { extractionReport, forTerminal, median, type PageResult, round } from "./report.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    blind: { type: "string" },
    iterations: { type: "string" },
    "no-write": { type: "boolean" },
  },
});

const corpus = findCorpus(values.corpus ?? process.env.DROPWAVE_CORPUS ?? "../shared/corpus");
const iterations = Math.max(3, Number(values.iterations ?? 9));

/**
 * Median ms of each contender over `iterations` rounds after two warm-up rounds; each function
 * runs one contender once and returns the ms it took. Rounds interleave the contenders, so load
 * from elsewhere on the machine hits all of them alike.
 */
function timeAll(fns: (() => number)[]): number[] {
  for (let w = 0; w < 2; w++) for (const fn of fns) fn();
  const samples: number[][] = fns.map(() => []);
  for (let i = 0; i < iterations; i++) {
    fns.forEach((fn, j) => {
      samples[j]?.push(fn());
    });
  }
  return samples.map(median);
}
const timed = (fn: () => unknown) => (): number => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};

const manifestPath = resolve(corpus, "manifest.jsonl");
const stringsPath = resolve(corpus, "price_strings.jsonl");
if (!existsSync(manifestPath)) {
  console.log(
    `corpus not found at ${corpus} (pass --corpus DIR or set DROPWAVE_CORPUS): skipping the extraction benchmark`,
  );
  console.log(JSON.stringify({ pages: 0, accuracy: null, msPerPageMedian: null }));
  process.exit(0);
}
const policy = blindPolicyFrom(values.blind, corpus);

/** `extra/` (classifieds, auctions, tickets) is scored with the rest when present. */
const rows = readCorpus(corpus);
const storeRuleNames = new Set(STORE_RULES.filter((r) => r.kind === "store").map((r) => r.name));
type StringRow = {
  input: string;
  amount: string | null;
  currencySymbol: string | null;
  decimalSeparator: "." | "," | null;
};
const strings = existsSync(stringsPath)
  ? readFileSync(stringsPath, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as StringRow)
  : [];
const peers = await startPeers(
  rows.map((r) => ({ path: resolve(corpus, r.path), url: r.url })),
  strings.map((s) => s.input),
);
const peerAnswer = (a: PeerAnswer | undefined) => ({
  price: a?.amount == null ? null : normalizeDecimal(String(a.amount)),
  currency: a?.currency ?? null,
  availability: stockState(a?.availability),
});

// Every page is read and timed, blind ones included; nothing here prints a page.
const pages: PageResult[] = [];
for (const [index, row] of rows.entries()) {
  const html = readFileSync(resolve(corpus, row.path), "utf8");
  const result = extractProduct(html, row.url);
  const [dropwave = 0, baseline = 0, metascraper = 0, tokenize = 0, parse = 0] = timeAll([
    timed(() => extractProduct(html, row.url)),
    () => peers.time("baseline", index),
    () => peers.time("metascraper", index),
    () => peers.time("tokenize", index),
    () => peers.time("parse", index),
  ]);
  pages.push({
    row,
    labelled: labelOf(row),
    status: result.status,
    note: result.notes[0] ?? null,
    byStoreRule: result.rule !== null && storeRuleNames.has(result.rule),
    answers: {
      dropwave: answerOf(result),
      baseline: peerAnswer(peers.answers[index]),
      metascraper: peerAnswer(peers.metascraper[index]),
    },
    ms: { dropwave, baseline, metascraper, tokenize, parse },
    bytes: html.length,
  });
}

await peers.stop();

const corpusName = relative(resolve(repoRoot, ".."), corpus).replace(/^(\.\.\/)+/, "");
const name = basename(corpus);
const heading =
  name === "benchmark"
    ? "## Extraction on the benchmark pages"
    : name === "us-stores"
      ? "## Extraction on the US stores' pages (us-stores)"
      : name === "corpus"
        ? "## Extraction"
        : `## Extraction on ${name}`;
const command = `npm run bench:extract -- --corpus ../${corpusName}${values.blind ? ` --blind ${values.blind}` : ""}`;
const header = `Machine: ${machine()}, shared with other work. Commit ${commitOf(repoRoot)}. Command: \`${command}\` (${iterations} timed rounds per page after 2 warm-up rounds, the five contenders interleaved in each round; per-page median). Blind policy: ${policy === "stores" ? "`stores` (the blind third set aside)" : "`none` (every page in-sample)"}.`;
const { lines, summary } = extractionReport({ pages, policy, heading, header });

// Price strings (the root corpus): every string is in-sample.
const asLabel = (n: number | string | null) =>
  n === null ? "none" : normalizeDecimal(typeof n === "number" ? String(n) : n);
let oursStrings = 0;
let parsePriceStrings = 0;
let priceParserStrings = 0;
let symbolAgree = 0;
const stringMisses: string[] = [];
for (const [index, s] of strings.entries()) {
  const expected = asLabel(s.amount);
  const parsed = parsePriceString(s.input, { decimalSeparator: s.decimalSeparator });
  if (asLabel(parsed?.amount ?? null) === expected) oursStrings++;
  else
    stringMisses.push(
      `${JSON.stringify(s.input)} → ${parsed?.amount ?? "none"} (expected ${expected})`,
    );
  if ((parsed?.currencyText ?? null) === s.currencySymbol) symbolAgree++;
  const peer = peers.strings[index];
  if (asLabel(peer?.parsePrice ?? null) === expected) parsePriceStrings++;
  if (asLabel(peer?.priceParser ?? null) === expected) priceParserStrings++;
}
if (strings.length > 0) {
  const share = (n: number) =>
    `${n}/${strings.length} (${round((100 * n) / Math.max(1, strings.length), 1)} %)`;
  lines.push("", "### Price strings", "");
  lines.push(
    `${strings.length} strings from scrapinghub/price-parser's tests (\`price_strings.jsonl\`), amount compared as decimals:`,
    "",
    "| Parser | Exact amount |",
    "|---|---:|",
    `| Dropwave \`parsePriceString\` | ${share(oursStrings)} |`,
    `| npm \`parse-price\` | ${share(parsePriceStrings)} |`,
    `| npm \`price-parser\` | ${share(priceParserStrings)} |`,
    "",
    `Currency as written agrees with price-parser's expectation on ${symbolAgree}/${strings.length}.`,
  );
  if (stringMisses.length > 0)
    lines.push("", "String misses:", "", ...stringMisses.slice(0, 20).map((m) => `- ${m}`));
}
lines.push("");

for (const l of forTerminal(lines)) console.log(l);
if (!values["no-write"]) writeBenchmarkSection(lines.join("\n"));
console.log(
  JSON.stringify({
    ...summary,
    priceStrings: strings.length,
    priceStringAccuracy: strings.length ? round(oursStrings / strings.length, 4) : null,
  }),
);
