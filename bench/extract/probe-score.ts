/**
 * Scores extraction on a probe set: pages the team wrote of stores nobody tuned for, each
 * labelled before its first run (bench/probes/README.md).
 *   npx node bench/extract/probe-score.ts bench/probes/round9-a [--misses]
 * Prints `right / wrong / none; stock wrong N`. A page labelled with no price (no product, or
 * a product nobody can price) is right when extraction gives none, and wrong when it gives one.
 * A held-out set (any folder under bench/probes/held-out/) is sealed: `--misses` is refused
 * there, and only the totals are printed.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { readCorpus } from "./corpus.ts";
import { answerOf, isRightAmount, labelOf } from "./metrics.ts";

export type ProbeTally = { right: number; wrong: number; none: number; stockWrong: number };

/** Whether a probe set is held out: scored as totals only, its pages and misses never shown. */
export function isHeldOut(root: string): boolean {
  return /(^|\/)held-out(\/|$)/.test(root);
}

/** The tally of one probe set, and each miss as a line (path, label and answer). */
export function scoreProbes(root: string): { tally: ProbeTally; misses: string[] } {
  const tally: ProbeTally = { right: 0, wrong: 0, none: 0, stockWrong: 0 };
  const misses: string[] = [];
  for (const row of readCorpus(root)) {
    const html = readFileSync(resolve(root, row.path), "utf8");
    const result = extractProduct(html, row.url);
    const answer = answerOf(result);
    const label = labelOf(row);
    const right =
      label.price === null
        ? answer.price === null
        : answer.price !== null &&
          isRightAmount(label, answer) &&
          answer.currency === label.currency;
    const kind = right ? "right" : answer.price === null ? "none" : "wrong";
    tally[kind]++;
    const stockWrong =
      label.availability !== null &&
      answer.availability !== null &&
      answer.availability !== label.availability;
    if (stockWrong) tally.stockWrong++;
    if (kind !== "right" || stockWrong)
      misses.push(
        `${kind}${stockWrong ? " (stock)" : ""} ${row.path}: want ${label.price} ${label.currency} ${label.availability ?? "-"}, got ${answer.price} ${answer.currency} ${answer.availability ?? "-"} [${result.status}${result.notes[0] ? `: ${result.notes[0]}` : ""}]`,
      );
  }
  return { tally, misses };
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { misses: { type: "boolean" } },
  });
  for (const given of positionals) {
    const root = resolve(given);
    const name = relative(process.cwd(), root) || root;
    if (values.misses && isHeldOut(root)) {
      console.error(`${name} is held out: its misses are never shown (drop --misses)`);
      process.exit(2);
    }
    const { tally, misses } = scoreProbes(root);
    console.log(
      `${name}: ${tally.right} right / ${tally.wrong} wrong / ${tally.none} none; stock wrong ${tally.stockWrong}`,
    );
    if (values.misses) for (const line of misses) console.log(`  ${line}`);
  }
}
