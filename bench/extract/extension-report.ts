/**
 * What bench:extract:extension prints and writes, from its results (tested in
 * extension-report.test.ts). As in report.ts, the blind part is split off first and reaches the
 * lines only as aggregates.
 */
import type { ExtractStatus } from "../../core/extract/index.ts";
import { BLIND_NAME, type BlindPolicy, splitBlind } from "./blind-part.ts";
import type { CorpusRow } from "./corpus.ts";
import { type Answer, type Labelled, type Scores, score } from "./metrics.ts";
import { isExact, median, round, type ScoreRow, scoresTable, shown, summaryOf } from "./report.ts";

/** One page read both ways. */
export type ExtensionPage = {
  row: CorpusRow;
  labelled: Labelled;
  /** The popup's reading of the page in Chromium (null: the page or the popup did not load). */
  extension: { answer: Answer; status: ExtractStatus; isUnreadable: boolean } | null;
  /** What went wrong when `extension` is null, or the popup's error. */
  failure: string | null;
  /** core/extract on the saved file, as the server reads a fetched page. */
  server: { answer: Answer; status: ExtractStatus };
  /** Popup opened → its reading shown, ms (null when it did not show one). */
  popupMs: number | null;
  /** Chromium showed the page at another address than the label's (an HSTS upgrade). */
  isMoved: boolean;
};

const NO_ANSWER: Answer = { price: null, currency: null, availability: null };
const extensionAnswer = (p: ExtensionPage): Answer => p.extension?.answer ?? NO_ANSWER;
const same = (a: Answer, b: Answer) =>
  a.price === b.price && a.currency === b.currency && a.availability === b.availability;

export function extensionReport(input: {
  pages: readonly ExtensionPage[];
  policy: BlindPolicy;
  heading: string;
  header: string;
  /** Requests the loopback server refused (the pages' own scripts, styles, images…). */
  refused: number;
}): { lines: string[]; summary: Record<string, unknown> } {
  const { pages, policy, heading, header, refused } = input;
  const { open, blind } = splitBlind(pages, (p) => p.row.store, policy);
  const isBlind = policy === "stores" && blind.pages > 0;
  const inSampleName = isBlind ? "in-sample (stores not blind)" : "all";
  const ext = (p: ExtensionPage) => [p.labelled, extensionAnswer(p)] as const;
  const srv = (p: ExtensionPage) => [p.labelled, p.server.answer] as const;
  const scores: Record<"extension" | "server" | "blindExtension" | "blindServer", Scores> = {
    extension: score(open.map(ext)),
    server: score(open.map(srv)),
    blindExtension: blind.scores(ext),
    blindServer: blind.scores(srv),
  };
  const EXT = "Extension (popup in Chromium, the rendered page)";
  const SRV = "Server path (core/extract on the saved file)";
  const rows: ScoreRow[] = [
    { name: EXT, part: inSampleName, scores: scores.extension },
    { name: SRV, part: inSampleName, scores: scores.server },
    ...(isBlind
      ? [
          { name: EXT, part: `**${BLIND_NAME}**`, scores: scores.blindExtension },
          { name: SRV, part: `**${BLIND_NAME}**`, scores: scores.blindServer },
        ]
      : []),
  ];
  const lines: string[] = [heading, "", header, "", ...scoresTable(rows), ""];

  const agreeOpen = open.filter((p) => same(extensionAnswer(p), p.server.answer)).length;
  const failedOpen = open.filter((p) => p.extension === null).length;
  const unreadableOpen = open.filter((p) => p.extension?.isUnreadable).length;
  const blindPart = (text: string) => (isBlind ? `; ${BLIND_NAME}: ${text}` : "");
  lines.push(
    `The two paths give the same answer (price, currency and stock) on ${agreeOpen}/${open.length} pages${blindPart(`${blind.count((p) => same(extensionAnswer(p), p.server.answer))}/${blind.pages}`)}. The popup showed no reading (the page or the popup did not load) on ${failedOpen}${blindPart(String(blind.count((p) => p.extension === null)))}; its price text could not be read back on ${unreadableOpen}${blindPart(String(blind.count((p) => p.extension?.isUnreadable === true)))}.`,
    "",
  );
  const statuses: ExtractStatus[] = ["ok", "ambiguous", "no_price", "not_product"];
  const counts = (of: (p: ExtensionPage) => ExtractStatus | undefined) =>
    statuses
      .map(
        (s) =>
          `${s} ${open.filter((p) => of(p) === s).length}${isBlind ? ` (blind ${blind.count((p) => of(p) === s)})` : ""}`,
      )
      .join(", ");
  lines.push(
    `Status, extension: ${counts((p) => p.extension?.status)}. Server path: ${counts((p) => p.server.status)}.`,
    "",
  );
  const times = pages.flatMap((p) => (p.popupMs === null ? [] : [p.popupMs]));
  const sorted = [...times].sort((a, b) => a - b);
  const p90 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? Number.NaN;
  lines.push(
    `Popup opened → reading shown (read the tab, extract in the popup, ask the stand-in Dropwave whether the page is tracked), all ${pages.length} pages${isBlind ? " (the blind third's as part of the figures only)" : ""}: median ${round(median(times), 0)} ms, p90 ${round(p90, 0)} ms. Requests refused by the loopback server (the pages' own scripts, styles and images on other hosts; nothing left the machine): ${refused}. Pages Chromium showed at another address than the label's (an HSTS upgrade to https): ${pages.filter((p) => p.isMoved).length}.`,
    "",
  );

  lines.push(
    `### Pages (exact price and currency${isBlind ? `; the ${BLIND_NAME} is not listed` : ""})`,
    "",
    "| Page | Store | Expected | Extension | Server path | Popup ms |",
    "|---|---|---|---|---|---:|",
  );
  const mark = (p: ExtensionPage, a: Answer) => `${shown(a)} ${isExact(p.labelled, a) ? "✓" : "✗"}`;
  for (const p of open)
    lines.push(
      `| ${p.row.path} | ${p.row.store} | ${shown(p.labelled)} | ${p.extension ? `${mark(p, p.extension.answer)} (${p.extension.status})` : `failed: ${p.failure ?? "?"}`} | ${mark(p, p.server.answer)} (${p.server.status}) | ${p.popupMs === null ? "–" : round(p.popupMs, 0)} |`,
    );
  const differ = open.filter((p) => !same(extensionAnswer(p), p.server.answer));
  lines.push("", "Pages where the two paths differ (in-sample):", "");
  if (differ.length === 0) lines.push("- none");
  for (const p of differ)
    lines.push(
      `- ${p.row.path}: expected ${shown(p.labelled)}; extension ${p.extension ? `${shown(p.extension.answer)} (${p.extension.status})` : `failed: ${p.failure ?? "?"}`}; server ${shown(p.server.answer)} (${p.server.status})`,
    );
  lines.push("");

  const summary = {
    blindPolicy: policy,
    pages: pages.length,
    inSamplePages: open.length,
    blindPages: blind.pages,
    ...summaryOf("extension", scores.extension),
    ...summaryOf("server", scores.server),
    agree: agreeOpen,
    failed: failedOpen,
    popupMsMedian: round(median(times), 0),
    refusedRequests: refused,
    ...(isBlind
      ? {
          blind: {
            pages: blind.pages,
            ...summaryOf("extension", scores.blindExtension),
            ...summaryOf("server", scores.blindServer),
            agree: blind.count((p) => same(extensionAnswer(p), p.server.answer)),
            failed: blind.count((p) => p.extension === null),
          },
        }
      : {}),
  };
  return { lines, summary };
}
