import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { minorToDecimal, normalizeDecimal } from "../../core/money/decimal-to-minor.ts";
import { parsePriceString } from "../../core/money/parse-price-string.ts";
import {
  bareParse,
  bareTokenize,
  peerParsePrice,
  peerPriceParser,
  structuredBaseline,
} from "./peers.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    iterations: { type: "string" },
    "no-write": { type: "boolean" },
  },
});
const corpus = resolve(
  values.corpus ?? process.env.DROPWAVE_CORPUS ?? resolve(repoRoot, "../shared/corpus"),
);
const iterations = Math.max(3, Number(values.iterations ?? 9));

type Row = {
  path: string;
  url: string;
  store: string;
  price: string | null;
  currency: string | null;
};

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
 * Median ms of each function over `iterations` rounds after two warm-up rounds. Rounds
 * interleave the functions, so load from elsewhere on the machine hits all of them alike.
 */
function timeAll(fns: (() => void)[]): number[] {
  for (let w = 0; w < 2; w++) for (const fn of fns) fn();
  const samples: number[][] = fns.map(() => []);
  for (let i = 0; i < iterations; i++) {
    fns.forEach((fn, j) => {
      const t = performance.now();
      fn();
      samples[j]?.push(performance.now() - t);
    });
  }
  return samples.map(median);
}

const label = (amount: string | null, currency: string | null) =>
  amount === null ? "none" : `${normalizeDecimal(amount)} ${currency ?? "?"}`;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function machine(): string {
  let cpu = "unknown";
  try {
    cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {}
  let nproc = String(availableParallelism());
  try {
    nproc = execSync("nproc").toString().trim();
  } catch {}
  return `nproc ${nproc}, ${cpu}, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
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

const rows = readFileSync(manifestPath, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
type PageResult = {
  row: Row;
  expected: string;
  ours: string;
  peer: string;
  oursMs: number;
  peerMs: number;
  tokenizeMs: number;
  parseMs: number;
  bytes: number;
};
const pages: PageResult[] = [];
for (const row of rows) {
  const html = readFileSync(resolve(corpus, row.path), "utf8");
  const result = extractProduct(html, row.url);
  const ours = result.price
    ? label(minorToDecimal(result.price.amountMinor, result.price.currency), result.price.currency)
    : "none";
  const baseline = structuredBaseline(html);
  const peer =
    baseline.amount === null ? "none" : label(String(baseline.amount), baseline.currency);
  const [oursMs = 0, peerMs = 0, tokenizeMs = 0, parseMs = 0] = timeAll([
    () => extractProduct(html, row.url),
    () => structuredBaseline(html),
    () => bareTokenize(html),
    () => bareParse(html),
  ]);
  pages.push({
    row,
    expected: label(row.price, row.currency),
    ours: `${ours}`,
    peer,
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
const asLabel = (n: number | string | null) =>
  n === null ? "none" : normalizeDecimal(typeof n === "number" ? String(n) : n);
let oursStrings = 0;
let parsePriceStrings = 0;
let priceParserStrings = 0;
let symbolAgree = 0;
const stringMisses: string[] = [];
for (const s of strings) {
  const expected = asLabel(s.amount);
  const parsed = parsePriceString(s.input, { decimalSeparator: s.decimalSeparator });
  if (asLabel(parsed?.amount ?? null) === expected) oursStrings++;
  else
    stringMisses.push(
      `${JSON.stringify(s.input)} → ${parsed?.amount ?? "none"} (expected ${expected})`,
    );
  if ((parsed?.currencyText ?? null) === s.currencySymbol) symbolAgree++;
  if (asLabel(peerParsePrice(s.input)) === expected) parsePriceStrings++;
  let pp: number | null = null;
  try {
    pp = peerPriceParser(s.input);
  } catch {}
  if (asLabel(pp) === expected) priceParserStrings++;
}

const summary = {
  pages: pages.length,
  accuracy: round(correct / pages.length, 4),
  msPerPageMedian: round(median(pages.map((p) => p.oursMs))),
  peerAccuracy: round(peerCorrect / pages.length, 4),
  peerMsPerPageMedian: round(median(pages.map((p) => p.peerMs))),
  tokenizeMsPerPageMedian: round(median(pages.map((p) => p.tokenizeMs))),
  priceStrings: strings.length,
  priceStringAccuracy: strings.length ? round(oursStrings / strings.length, 4) : null,
};

const lines: string[] = [];
lines.push("## Extraction", "");
lines.push(
  `Machine: ${machine()}. Command: \`npm run bench:extract -- --corpus ../shared/corpus\` (${iterations} timed rounds per page after 2 warm-up rounds, the four contenders interleaved in each round; per-page median, then the median over pages).`,
  "",
);
lines.push("### Product pages (exact price and currency)", "");
lines.push(
  "| Page | Store | Expected | Dropwave | Baseline (web-auto-extractor + parse-price) | Dropwave ms | Baseline ms | Tokenize ms | Parser ms | KB |",
);
lines.push("|---|---|---|---|---|---:|---:|---:|---:|---:|");
for (const p of pages) {
  const mark = (v: string) => (v === p.expected ? `${v} ✓` : `${v} ✗`);
  lines.push(
    `| ${p.row.path} | ${p.row.store} | ${p.expected} | ${mark(p.ours)} | ${mark(p.peer)} | ${round(p.oursMs)} | ${round(p.peerMs)} | ${round(p.tokenizeMs)} | ${round(p.parseMs)} | ${Math.round(p.bytes / 1024)} |`,
  );
}
lines.push("", "| Store | Pages | Dropwave | Baseline |", "|---|---:|---:|---:|");
for (const [store, s] of byStore)
  lines.push(`| ${store} | ${s.pages} | ${s.ours}/${s.pages} | ${s.peer}/${s.pages} |`);
lines.push(
  `| **all** | ${pages.length} | **${correct}/${pages.length} (${round((100 * correct) / pages.length, 1)} %)** | ${peerCorrect}/${pages.length} (${round((100 * peerCorrect) / pages.length, 1)} %) |`,
  "",
);
lines.push(
  `Median ms per page: Dropwave ${summary.msPerPageMedian}, baseline ${summary.peerMsPerPageMedian}, bare htmlparser2 Tokenizer ${summary.tokenizeMsPerPageMedian}, htmlparser2 Parser without handlers ${round(median(pages.map((p) => p.parseMs)))}.`,
  "",
);
const misses = pages.filter((p) => p.ours !== p.expected);
lines.push("Misses (expected → got):", "");
if (misses.length === 0) lines.push("- none");
for (const p of misses) lines.push(`- ${p.row.path}: ${p.expected} → ${p.ours}`);
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
lines.push("");

for (const l of lines) if (!l.startsWith("|")) console.log(l);
for (const p of pages)
  console.log(
    `${p.row.path}: expected ${p.expected}, ours ${p.ours}, baseline ${p.peer}; ms ours ${round(p.oursMs)} baseline ${round(p.peerMs)} tokenize ${round(p.tokenizeMs)}`,
  );

if (!values["no-write"]) {
  const docPath = resolve(repoRoot, "docs/BENCHMARKS.md");
  const existing = existsSync(docPath) ? readFileSync(docPath, "utf8") : "# Benchmarks\n";
  const section = lines.join("\n");
  const start = existing.indexOf("## Extraction");
  let next: string;
  if (start < 0) next = `${existing.trimEnd()}\n\n${section}`;
  else {
    const end = existing.indexOf("\n## ", start + 1);
    next = `${existing.slice(0, start)}${section}${end < 0 ? "" : `\n${existing.slice(end + 1)}`}`;
  }
  writeFileSync(docPath, `${next.trimEnd()}\n`);
}
console.log(JSON.stringify(summary));
