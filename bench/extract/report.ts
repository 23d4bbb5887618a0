/**
 * What the extraction benches print and write, from their results, as plain functions (tested
 * in report.test.ts without a corpus). The blind part of a corpus reaches them only as a
 * BlindPart (blind-part.ts): counts and scores. Every per-page line is built from `open`.
 */
import type { ExtractStatus } from "../../core/extract/index.ts";
import { BLIND_NAME, type BlindPolicy, splitBlind } from "./blind-part.ts";
import type { CorpusRow } from "./corpus.ts";
import { type Answer, isRightAmount, type Labelled, type Scores, score } from "./metrics.ts";

export const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;
export const pct = (n: number): string => `${round(100 * n, 1)} %`;

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? (s[m] as number)
      : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** "159.99 USD", or "none". */
export const shown = (a: Pick<Answer, "price" | "currency">): string =>
  a.price === null ? "none" : `${a.price} ${a.currency ?? "?"}`;

/** Whether an answer is the label's price and currency (or no price where none is labelled). */
export const isExact = (label: Labelled, answer: Answer): boolean =>
  label.price === null
    ? answer.price === null
    : isRightAmount(label, answer) && label.currency === answer.currency;

const STOCK_HEADER = "Stock-state F1";

function stockCell(s: Scores): string {
  if (s.stockLabelled === 0) return "not labelled";
  return `${round(s.stockF1, 3)} (${s.stockCorrect}/${s.stockAnswered} answered of ${s.stockLabelled})`;
}

/** One row of a scores table: who, on which part, and their scores. */
export type ScoreRow = { name: string; part: string; scores: Scores };

/**
 * Exact price + currency, price precision / recall / F1 with their counts, right / wrong / no
 * answer, stock. Stock columns say "not labelled" where the corpus has no stock label.
 */
export function scoresTable(
  rows: readonly ScoreRow[],
  columns: { name: string; part: string } = { name: "Extractor", part: "Part" },
): string[] {
  const line = ({ name, part, scores: s }: ScoreRow) =>
    `| ${name} | ${part} | ${s.pages} | ${s.exact}/${s.pages} (${pct(s.exactRate)}) | ${round(s.precision, 3)} (${s.priceCorrect}/${s.priceAnswered}) | ${round(s.recall, 3)} (${s.priceCorrect}/${s.priceLabelled}) | **${round(s.f1, 3)}** | ${s.priceCorrect} / ${s.priceAnswered - s.priceCorrect} / ${s.pages - s.priceAnswered} | ${stockCell(s)} | ${s.stockLabelled === 0 ? "not labelled" : round(s.outOfStockF1, 3)} |`;
  return [
    `| ${columns.name} | ${columns.part} | Pages | Exact price + currency | Price precision | Price recall | Price F1 | Right / wrong / no price | ${STOCK_HEADER} | Out-of-stock F1 |`,
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(line),
  ];
}

/** The contenders of bench:extract, in the order they are shown. */
export const CONTENDERS = ["dropwave", "baseline", "metascraper"] as const;
export type ContenderKey = (typeof CONTENDERS)[number];
export const CONTENDER_NAMES: Record<ContenderKey, string> = {
  dropwave: "Dropwave",
  baseline: "Baseline (web-auto-extractor + parse-price)",
  metascraper: "metascraper 5.58.1 + @samirrayani/metascraper-shopping 1.4.22",
};

/** One page's results in bench:extract. */
export type PageResult = {
  row: CorpusRow;
  labelled: Labelled;
  /** Dropwave's status and its first note (shown for in-sample misses only). */
  status: ExtractStatus;
  note: string | null;
  /** A store rule (by domain) read this page: not a measure of the general rule. */
  byStoreRule: boolean;
  answers: Record<ContenderKey, Answer>;
  /** Median ms per contender, and the bare tokenizer and parser's. */
  ms: Record<ContenderKey | "tokenize" | "parse", number>;
  bytes: number;
};

export type ExtractionReportInput = {
  pages: readonly PageResult[];
  policy: BlindPolicy;
  heading: string;
  /** The header paragraph: machine, commit, command, rounds. */
  header: string;
};

/** What bench:extract found, by part: the in-sample pages and (as aggregates) the blind ones. */
export function extractionReport({ pages, policy, heading, header }: ExtractionReportInput): {
  lines: string[];
  summary: Record<string, unknown>;
} {
  const { open, blind } = splitBlind(pages, (p) => p.row.store, policy);
  const pairOf = (key: ContenderKey) => (p: PageResult) => [p.labelled, p.answers[key]] as const;
  const openScores = Object.fromEntries(
    CONTENDERS.map((key) => [key, score(open.map(pairOf(key)))]),
  ) as Record<ContenderKey, Scores>;
  const blindScores = Object.fromEntries(
    CONTENDERS.map((key) => [key, blind.scores(pairOf(key))]),
  ) as Record<ContenderKey, Scores>;
  const general = open.filter((p) => !p.byStoreRule);
  const isBlind = policy === "stores" && blind.pages > 0;
  const inSampleName = isBlind ? "in-sample (stores not blind)" : "all";

  const lines: string[] = [heading, "", header, ""];
  lines.push(
    ...scoresTable([
      ...CONTENDERS.map((key) => ({
        name: CONTENDER_NAMES[key],
        part: inSampleName,
        scores: openScores[key],
      })),
      ...(isBlind
        ? CONTENDERS.map((key) => ({
            name: CONTENDER_NAMES[key],
            part: `**${BLIND_NAME}**`,
            scores: blindScores[key],
          }))
        : []),
      ...(general.length < open.length
        ? CONTENDERS.map((key) => ({
            name: CONTENDER_NAMES[key],
            part: `${isBlind ? "in-sample, " : ""}no store rule read`,
            scores: score(general.map(pairOf(key))),
          }))
        : []),
    ]),
    "",
  );
  if (isBlind)
    lines.push(
      `The ${BLIND_NAME}: ${blind.pages} pages from ${blind.distinct((p) => p.row.store)} stores, set aside by \`isBlindStore\` (bench/extract/blind.ts: a salted hash of the store's name, fixed before any page was read). They are scored in every run and shown only as the aggregate rows above: no page, store, answer or miss of theirs appears in this section, and nobody reads them.`,
      "",
    );

  const statuses: ExtractStatus[] = ["ok", "ambiguous", "no_price", "not_product"];
  const statusCounts = (count: (s: ExtractStatus) => number) =>
    statuses.map((s) => `${s} ${count(s)}`).join(", ");
  lines.push(
    `Dropwave's status, ${inSampleName}: ${statusCounts((s) => open.filter((p) => p.status === s).length)}${isBlind ? `; ${BLIND_NAME}: ${statusCounts((s) => blind.count((p) => p.status === s))}` : ""}.`,
    "",
  );
  const notProduct = open.filter((p) => p.row.price !== null && p.status === "not_product");
  lines.push(
    `\`not_product\` on a page with a labelled price: ${notProduct.length}${notProduct.length ? ` (${notProduct.map((p) => p.row.path).join(", ")})` : ""}${isBlind ? `; ${BLIND_NAME}: ${blind.count((p) => p.row.price !== null && p.status === "not_product")}` : ""}.`,
    "",
  );
  const rangeOpen = openScores.dropwave.rangeLabelled;
  const rangeBlind = blindScores.dropwave.rangeLabelled;
  if (rangeOpen + rangeBlind > 0) {
    const byOtherEnd = (part: Record<ContenderKey, Scores>) =>
      CONTENDERS.map(
        (key) => `${CONTENDER_NAMES[key].split(" ")[0]} ${part[key].rightByOtherEnd}`,
      ).join(", ");
    lines.push(
      `Range labels (rows with \`doubt\`: the element the person picked held two amounts): ${rangeOpen} in-sample${isBlind ? `, ${rangeBlind} in the ${BLIND_NAME}` : ""}. Either end of the range is scored right (the label names the element, not which of its amounts); answers right only by the end the label does not name, which strict scoring would count wrong: in-sample ${byOtherEnd(openScores)}${isBlind ? `; ${BLIND_NAME} ${byOtherEnd(blindScores)}` : ""}.`,
      "",
    );
  }

  // Speed: over every page (blind ones included, as totals and medians only).
  const total = (key: keyof PageResult["ms"]) => pages.reduce((a, p) => a + p.ms[key], 0);
  const med = (key: keyof PageResult["ms"]) => median(pages.map((p) => p.ms[key]));
  const speed = {
    dropwaveMedian: med("dropwave"),
    baselineMedian: med("baseline"),
    metascraperMedian: med("metascraper"),
    tokenizeMedian: med("tokenize"),
    parseMedian: med("parse"),
    dropwaveTotal: total("dropwave"),
    baselineTotal: total("baseline"),
    metascraperTotal: total("metascraper"),
    tokenizeTotal: total("tokenize"),
  };
  const vsBaseline = speed.baselineTotal / speed.dropwaveTotal;
  const vsMetascraper = speed.metascraperTotal / speed.dropwaveTotal;
  const vsTokenize = speed.dropwaveTotal / speed.tokenizeTotal;
  lines.push(
    `Speed, same run, all ${pages.length} pages${isBlind ? " (the blind third's included, as totals only)" : ""}: Dropwave ${round(speed.dropwaveMedian)} ms median per page (${round(speed.dropwaveTotal)} ms in all), baseline ${round(speed.baselineMedian)} ms (${round(speed.baselineTotal)} ms), metascraper-shopping ${round(speed.metascraperMedian)} ms (${round(speed.metascraperTotal)} ms). Dropwave is **${round(vsBaseline)}× faster than the baseline** over the whole set (target ≥ 3×; ${round(speed.baselineMedian / speed.dropwaveMedian)}× by median) and ${round(vsMetascraper)}× faster than metascraper-shopping; **${round(vsTokenize)}× a bare tokenize** of the same pages (target ≤ 1.5×; htmlparser2's Tokenizer ${round(speed.tokenizeMedian)} ms median, its Parser without handlers ${round(speed.parseMedian)} ms).`,
    "",
  );

  lines.push(
    `### Pages (exact price and currency${isBlind ? `; the ${BLIND_NAME} is not listed` : ""})`,
    "",
  );
  lines.push(
    "| Page | Store | Expected | Dropwave | Baseline | metascraper | Stock expected / Dropwave / baseline / metascraper | Dropwave ms | Baseline ms | metascraper ms | KB |",
    "|---|---|---|---|---|---|---|---:|---:|---:|---:|",
  );
  for (const p of open) {
    const mark = (key: ContenderKey) =>
      `${shown(p.answers[key])} ${isExact(p.labelled, p.answers[key]) ? "✓" : "✗"}`;
    const expected = `${shown(p.labelled)}${p.labelled.alternatives?.length ? ` (or ${p.labelled.alternatives.join(", ")})` : ""}`;
    lines.push(
      `| ${p.row.path} | ${p.row.store} | ${expected} | ${mark("dropwave")}${p.byStoreRule ? " (store rule)" : ""} | ${mark("baseline")} | ${mark("metascraper")} | ${p.labelled.availability ?? "–"} / ${p.answers.dropwave.availability ?? "–"} / ${p.answers.baseline.availability ?? "–"} / ${p.answers.metascraper.availability ?? "–"} | ${round(p.ms.dropwave)} | ${round(p.ms.baseline)} | ${round(p.ms.metascraper)} | ${Math.round(p.bytes / 1024)} |`,
    );
  }
  lines.push(...storeTable(open), "");
  lines.push(...missLines(open), "");
  const summary = {
    blindPolicy: policy,
    pages: pages.length,
    inSamplePages: open.length,
    blindPages: blind.pages,
    ...summaryOf("", openScores.dropwave),
    ...summaryOf("baseline", openScores.baseline),
    ...summaryOf("metascraper", openScores.metascraper),
    ambiguous: open.filter((p) => p.status === "ambiguous").length,
    notProductOnPriced: notProduct.length,
    msPerPageMedian: round(speed.dropwaveMedian),
    peerMsPerPageMedian: round(speed.baselineMedian),
    metascraperMsPerPageMedian: round(speed.metascraperMedian),
    tokenizeMsPerPageMedian: round(speed.tokenizeMedian),
    speedup: round(vsBaseline),
    speedupVsMetascraper: round(vsMetascraper),
    tokenizeRatio: round(vsTokenize),
    ...(isBlind
      ? {
          blind: {
            pages: blind.pages,
            stores: blind.distinct((p) => p.row.store),
            ...summaryOf("", blindScores.dropwave),
            ...summaryOf("baseline", blindScores.baseline),
            ...summaryOf("metascraper", blindScores.metascraper),
            ambiguous: blind.count((p) => p.status === "ambiguous"),
          },
        }
      : {}),
  };
  return { lines, summary };
}

/** accuracy, pricePrecision… for Dropwave (prefix ""), baselineAccuracy… for a peer. */
export function summaryOf(prefix: string, s: Scores): Record<string, number | null> {
  const key = (name: string) =>
    prefix ? `${prefix}${name[0]?.toUpperCase()}${name.slice(1)}` : name;
  return {
    [key("accuracy")]: round(s.exactRate, 4),
    [key("pricePrecision")]: round(s.precision, 4),
    [key("priceRecall")]: round(s.recall, 4),
    [key("priceF1")]: round(s.f1, 4),
    [key("stockF1")]: s.stockLabelled === 0 ? null : round(s.stockF1, 4),
  };
}

/** Exact answers per store, each contender (in-sample pages only). */
export function storeTable(open: readonly PageResult[]): string[] {
  const byStore = new Map<string, { pages: number } & Record<ContenderKey, number>>();
  for (const p of open) {
    const s = byStore.get(p.row.store) ?? { pages: 0, dropwave: 0, baseline: 0, metascraper: 0 };
    s.pages++;
    for (const key of CONTENDERS) if (isExact(p.labelled, p.answers[key])) s[key]++;
    byStore.set(p.row.store, s);
  }
  const all = (key: ContenderKey) => {
    const n = open.filter((p) => isExact(p.labelled, p.answers[key])).length;
    return `${n}/${open.length} (${round((100 * n) / Math.max(1, open.length), 1)} %)`;
  };
  return [
    "",
    "| Store | Pages | Dropwave | Baseline | metascraper |",
    "|---|---:|---:|---:|---:|",
    ...[...byStore].map(
      ([store, s]) =>
        `| ${store} | ${s.pages} | ${s.dropwave}/${s.pages} | ${s.baseline}/${s.pages} | ${s.metascraper}/${s.pages} |`,
    ),
    `| **all shown** | ${open.length} | **${all("dropwave")}** | ${all("baseline")} | ${all("metascraper")} |`,
  ];
}

/** Dropwave's price and stock misses among the in-sample pages. */
export function missLines(open: readonly PageResult[]): string[] {
  const lines = ["Price misses (expected → got):", ""];
  const misses = open.filter((p) => !isExact(p.labelled, p.answers.dropwave));
  if (misses.length === 0) lines.push("- none");
  for (const p of misses)
    lines.push(
      `- ${p.row.path}: ${shown(p.labelled)} → ${shown(p.answers.dropwave)} (${p.status}${p.note ? `: ${p.note}` : ""})`,
    );
  const stockMisses = open.filter(
    (p) =>
      p.labelled.availability !== null &&
      p.answers.dropwave.availability !== p.labelled.availability,
  );
  if (open.some((p) => p.labelled.availability !== null)) {
    lines.push("", "Stock misses (expected → got):", "");
    if (stockMisses.length === 0) lines.push("- none");
    for (const p of stockMisses)
      lines.push(
        `- ${p.row.path}: ${p.labelled.availability} → ${p.answers.dropwave.availability ?? "unknown"}`,
      );
  }
  return lines;
}

/** The lines to print on the terminal: all but the per-page table's rows (they go to the file). */
export function forTerminal(lines: readonly string[]): string[] {
  return lines.filter((l) => !/^\| (pages|extra)\//.test(l));
}
