import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { STORE_RULES } from "../../core/extract/store-rules/index.ts";
import { minorToDecimal, normalizeDecimal } from "../../core/money/decimal-to-minor.ts";
import { parsePriceString } from "../../core/money/parse-price-string.ts";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";
import { type CorpusRow, findCorpus, readCorpus } from "./corpus.ts";
import { type Answer, type Labelled, type Scores, score, stockState } from "./metrics.ts";
import { startPeers } from "./peer-client.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    iterations: { type: "string" },
    "no-write": { type: "boolean" },
  },
});

const corpus = findCorpus(
  values.corpus ?? process.env.DROPWAVE_CORPUS ?? resolve(repoRoot, "../shared/corpus"),
);
const iterations = Math.max(3, Number(values.iterations ?? 9));

type Row = CorpusRow;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? (s[m] as number)
      : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

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

const label = (amount: string | null, currency: string | null) =>
  amount === null ? "none" : `${normalizeDecimal(amount)} ${currency ?? "?"}`;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (n: number) => `${round(100 * n, 1)} %`;

function machine(): string {
  let cpu = "unknown";
  try {
    cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {}
  let nproc = String(availableParallelism());
  try {
    nproc = execSync("nproc").toString().trim();
  } catch {}
  return `nproc ${nproc}, ${cpu}, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
}

const manifestPath = resolve(corpus, "manifest.jsonl");
const stringsPath = resolve(corpus, "price_strings.jsonl");
if (!existsSync(manifestPath)) {
  console.log(
    `corpus not found at ${corpus} (pass --corpus DIR or set DROPWAVE_CORPUS): skipping the extraction benchmark`,
  );
  console.log(
    JSON.stringify({
      pages: 0,
      accuracy: null,
      msPerPageMedian: null,
      peerAccuracy: null,
      peerMsPerPageMedian: null,
      tokenizeMsPerPageMedian: null,
      priceStrings: 0,
      priceStringAccuracy: null,
    }),
  );
  process.exit(0);
}

/** `extra/` (classifieds, auctions, tickets) is scored with the rest when present. */
const rows = readCorpus(corpus);
const storeRuleNames = new Set(STORE_RULES.filter((r) => r.kind === "store").map((r) => r.name));
type PageResult = {
  row: Row;
  expected: string;
  ours: string;
  peer: string;
  status: string;
  /** A store rule (by domain) read this page: not a measure of the general rule. */
  byStoreRule: boolean;
  labelled: Labelled;
  oursAnswer: Answer;
  peerAnswer: Answer;
  oursMs: number;
  peerMs: number;
  tokenizeMs: number;
  parseMs: number;
  bytes: number;
};
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
  rows.map((r) => resolve(corpus, r.path)),
  strings.map((s) => s.input),
);
const pages: PageResult[] = [];
for (const [index, row] of rows.entries()) {
  const html = readFileSync(resolve(corpus, row.path), "utf8");
  const result = extractProduct(html, row.url);
  const oursAmount = result.price
    ? normalizeDecimal(minorToDecimal(result.price.amountMinor, result.price.currency))
    : null;
  const ours = label(oursAmount, result.price?.currency ?? null);
  const baseline = peers.answers[index] ?? { amount: null, currency: null, availability: null };
  const peerAmount = baseline.amount === null ? null : normalizeDecimal(String(baseline.amount));
  const peer = label(peerAmount, baseline.currency);
  const [oursMs = 0, peerMs = 0, tokenizeMs = 0, parseMs = 0] = timeAll([
    timed(() => extractProduct(html, row.url)),
    () => peers.time("baseline", index),
    () => peers.time("tokenize", index),
    () => peers.time("parse", index),
  ]);
  pages.push({
    row,
    expected: label(row.price, row.currency),
    ours,
    peer,
    status: result.status,
    byStoreRule: result.rule !== null && storeRuleNames.has(result.rule),
    labelled: {
      price: row.price === null ? null : normalizeDecimal(row.price),
      currency: row.currency,
      availability: stockState(row.availability),
    },
    oursAnswer: {
      price: oursAmount,
      currency: result.price?.currency ?? null,
      availability: stockState(result.availability),
    },
    peerAnswer: {
      price: peerAmount,
      currency: baseline.currency,
      availability: stockState(baseline.availability),
    },
    oursMs,
    peerMs,
    tokenizeMs,
    parseMs,
    bytes: html.length,
  });
}
const correct = pages.filter((p) => p.ours === p.expected).length;
const peerCorrect = pages.filter((p) => p.peer === p.expected).length;
const byStore = new Map<string, { pages: number; ours: number; peer: number }>();
for (const p of pages) {
  const s = byStore.get(p.row.store) ?? { pages: 0, ours: 0, peer: 0 };
  s.pages++;
  if (p.ours === p.expected) s.ours++;
  if (p.peer === p.expected) s.peer++;
  byStore.set(p.row.store, s);
}
const oursScores = score(pages.map((p) => [p.labelled, p.oursAnswer] as const));
const peerScores = score(pages.map((p) => [p.labelled, p.peerAnswer] as const));
const general = pages.filter((p) => !p.byStoreRule);
const oursGeneral = score(general.map((p) => [p.labelled, p.oursAnswer] as const));
const peerGeneral = score(general.map((p) => [p.labelled, p.peerAnswer] as const));
const notProductOnPriced = pages.filter((p) => p.row.price !== null && p.status === "not_product");
const oursMedian = median(pages.map((p) => p.oursMs));
const peerMedian = median(pages.map((p) => p.peerMs));
const oursTotal = pages.reduce((a, p) => a + p.oursMs, 0);
const peerTotal = pages.reduce((a, p) => a + p.peerMs, 0);

await peers.stop();
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

const summary = {
  pages: pages.length,
  accuracy: round(correct / pages.length, 4),
  msPerPageMedian: round(oursMedian),
  peerAccuracy: round(peerCorrect / pages.length, 4),
  peerMsPerPageMedian: round(peerMedian),
  tokenizeMsPerPageMedian: round(median(pages.map((p) => p.tokenizeMs))),
  speedup: round(peerTotal / oursTotal),
  pricePrecision: round(oursScores.precision, 4),
  priceRecall: round(oursScores.recall, 4),
  priceF1: round(oursScores.f1, 4),
  stockF1: round(oursScores.stockF1, 4),
  notProductOnPriced: notProductOnPriced.length,
  priceStrings: strings.length,
  priceStringAccuracy: strings.length ? round(oursStrings / strings.length, 4) : null,
};

const corpusName = relative(resolve(repoRoot, ".."), corpus).replace(/^(\.\.\/)+/, "");
const heading = corpusName.endsWith("benchmark")
  ? "## Extraction on the benchmark pages"
  : "## Extraction";
const command = corpusName.endsWith("benchmark")
  ? "npm run bench:extract -- --corpus ../shared/corpus/benchmark"
  : "npm run bench:extract -- --corpus ../shared/corpus";
const lines: string[] = [];
lines.push(heading, "");
lines.push(
  `Machine: ${machine()} (2-core AMD EPYC VM, 24 GB, shared with other work). Command: \`${command}\` (${iterations} timed rounds per page after 2 warm-up rounds, the four contenders interleaved in each round; per-page median).`,
  "",
);
const scoreRow = (name: string, s: Scores) =>
  `| ${name} | ${s.pages} | ${s.exact}/${s.pages} (${pct(s.exactRate)}) | ${round(s.precision, 3)} (${s.priceCorrect}/${s.priceAnswered}) | ${round(s.recall, 3)} (${s.priceCorrect}/${s.priceLabelled}) | ${round(s.f1, 3)} | ${round(s.stockF1, 3)} (${s.stockCorrect}/${s.stockAnswered} answered of ${s.stockLabelled}) | ${round(s.outOfStockF1, 3)} |`;
lines.push(
  "| Extractor | Pages | Exact price + currency | Price precision | Price recall | Price F1 | Stock-state F1 | Out-of-stock F1 |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  scoreRow("Dropwave", oursScores),
  scoreRow("Baseline (web-auto-extractor + parse-price)", peerScores),
  scoreRow("Dropwave, pages no store rule read", oursGeneral),
  scoreRow("Baseline, same pages", peerGeneral),
  "",
);
lines.push(
  `\`not_product\` on a page with an annotated price: ${notProductOnPriced.length}${notProductOnPriced.length ? ` (${notProductOnPriced.map((p) => p.row.path).join(", ")})` : ""}.`,
  "",
  `Speed, same run: Dropwave ${round(oursMedian)} ms median per page (${round(oursTotal)} ms for all ${pages.length}), baseline ${round(peerMedian)} ms (${round(peerTotal)} ms): **${round(peerTotal / oursTotal)}× faster** over the whole set, ${round(peerMedian / oursMedian)}× by median. Bare htmlparser2 Tokenizer ${summary.tokenizeMsPerPageMedian} ms, Parser without handlers ${round(median(pages.map((p) => p.parseMs)))} ms.`,
  "",
);
lines.push("### Pages (exact price and currency)", "");
lines.push(
  "| Page | Store | Expected | Dropwave | Baseline | Stock expected / ours / baseline | Dropwave ms | Baseline ms | KB |",
);
lines.push("|---|---|---|---|---|---|---:|---:|---:|");
for (const p of pages) {
  const mark = (v: string) => (v === p.expected ? `${v} ✓` : `${v} ✗`);
  lines.push(
    `| ${p.row.path} | ${p.row.store} | ${p.expected} | ${mark(p.ours)}${p.byStoreRule ? " (store rule)" : ""} | ${mark(p.peer)} | ${p.labelled.availability ?? "–"} / ${p.oursAnswer.availability ?? "–"} / ${p.peerAnswer.availability ?? "–"} | ${round(p.oursMs)} | ${round(p.peerMs)} | ${Math.round(p.bytes / 1024)} |`,
  );
}
lines.push("", "| Store | Pages | Dropwave | Baseline |", "|---|---:|---:|---:|");
for (const [store, s] of byStore)
  lines.push(`| ${store} | ${s.pages} | ${s.ours}/${s.pages} | ${s.peer}/${s.pages} |`);
lines.push(
  `| **all** | ${pages.length} | **${correct}/${pages.length} (${round((100 * correct) / pages.length, 1)} %)** | ${peerCorrect}/${pages.length} (${round((100 * peerCorrect) / pages.length, 1)} %) |`,
  "",
);
const misses = pages.filter((p) => p.ours !== p.expected);
lines.push("Price misses (expected → got):", "");
if (misses.length === 0) lines.push("- none");
for (const p of misses) lines.push(`- ${p.row.path}: ${p.expected} → ${p.ours} (${p.status})`);
const stockMisses = pages.filter(
  (p) => p.labelled.availability !== null && p.oursAnswer.availability !== p.labelled.availability,
);
lines.push("", "Stock misses (expected → got):", "");
if (stockMisses.length === 0) lines.push("- none");
for (const p of stockMisses)
  lines.push(
    `- ${p.row.path}: ${p.labelled.availability} → ${p.oursAnswer.availability ?? "unknown"}`,
  );
if (strings.length > 0) {
  lines.push("", "### Price strings", "");
  lines.push(
    `${strings.length} strings from scrapinghub/price-parser's tests (\`price_strings.jsonl\`), amount compared as decimals:`,
    "",
  );
  lines.push("| Parser | Exact amount |", "|---|---:|");
  lines.push(
    `| Dropwave \`parsePriceString\` | ${oursStrings}/${strings.length} (${round((100 * oursStrings) / Math.max(1, strings.length), 1)} %) |`,
  );
  lines.push(
    `| npm \`parse-price\` | ${parsePriceStrings}/${strings.length} (${round((100 * parsePriceStrings) / Math.max(1, strings.length), 1)} %) |`,
  );
  lines.push(
    `| npm \`price-parser\` | ${priceParserStrings}/${strings.length} (${round((100 * priceParserStrings) / Math.max(1, strings.length), 1)} %) |`,
    "",
  );
  lines.push(
    `Currency as written agrees with price-parser's expectation on ${symbolAgree}/${strings.length}.`,
  );
  if (stringMisses.length > 0)
    lines.push("", "String misses:", "", ...stringMisses.slice(0, 20).map((m) => `- ${m}`));
}
lines.push("");

for (const l of lines) if (!/^\| (pages|extra)\//.test(l)) console.log(l);

if (!values["no-write"]) {
  writeBenchmarkSection(lines.join("\n"));
}
console.log(JSON.stringify(summary));
