/**
 * Extraction's price scores on a corpus in a few seconds, without the peers or timings of
 * run.ts: for work on a rule between full runs. The blind third's figure is printed as totals
 * only (right / wrong / none), never a page.
 *   npx node bench/extract/quick-score.ts --corpus ../shared/corpus/us-stores [--corpus …]
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { isBlindStore } from "./blind.ts";
import { defaultBlindPolicy } from "./blind-part.ts";
import { findCorpus, readCorpus } from "./corpus.ts";
import { answerOf, isRightAmount, labelOf } from "./metrics.ts";

const { values } = parseArgs({ options: { corpus: { type: "string", multiple: true } } });
for (const given of values.corpus ?? ["../shared/corpus/us-stores"]) {
  const corpus = findCorpus(given);
  const tally = { inSample: [0, 0, 0], blind: [0, 0, 0] };
  for (const row of readCorpus(corpus)) {
    if (row.price === null) continue;
    const html = readFileSync(resolve(corpus, row.path), "utf8");
    const answer = answerOf(extractProduct(html, row.url));
    const label = labelOf(row);
    const part =
      defaultBlindPolicy(corpus) === "stores" && isBlindStore(row.store) ? "blind" : "inSample";
    const i =
      answer.price === null
        ? 2
        : isRightAmount(label, answer) && answer.currency === label.currency
          ? 0
          : 1;
    tally[part][i] = (tally[part][i] ?? 0) + 1;
  }
  for (const [part, [right = 0, wrong = 0, none = 0]] of Object.entries(tally))
    if (right + wrong + none > 0)
      console.log(`${given} ${part}: ${right} right / ${wrong} wrong / ${none} none`);
}
