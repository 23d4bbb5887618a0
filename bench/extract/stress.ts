/**
 * `npx node bench/extract/stress.ts [--corpus DIR …] [--misses]`
 *
 * How much of extraction rests on what an unseen store will not share with the seen ones. Every
 * page of the sets that is not blind (blind-part.ts's policy for the set: those are never read, so not here either) is
 * extracted as saved and in three altered copies:
 * - **names scrambled**: every class and id token replaced by a hash of itself (consistent within
 *   the page), so that no class-name list and no store rule can fire: what the title, the buy
 *   control, the words and the layout of the markup give alone;
 * - **no structured data**: JSON-LD, microdata attributes and price meta tags removed: what the
 *   visible page gives alone;
 * - **both**.
 * The altered copies are a proxy for a store nobody wrote vocabulary or rules for; a rule that
 * helps them helps unseen stores, a rule that only helps the pages as saved may be tuning. The
 * copies are made in memory; nothing is written.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { inPieces, scrambleNames, withoutH1, withoutStructuredData } from "./alter.ts";
import { isBlindStore } from "./blind.ts";
import { defaultBlindPolicy } from "./blind-part.ts";
import { findCorpus, readCorpus } from "./corpus.ts";
import { type Answer, answerOf, isRightAmount, type Labelled, labelOf, score } from "./metrics.ts";

const { values } = parseArgs({
  options: { corpus: { type: "string", multiple: true }, misses: { type: "boolean" } },
});
const corpora = values.corpus ?? ["../shared/corpus/benchmark", "../shared/corpus/us-stores"];

const VARIANTS: [string, (html: string) => string][] = [
  ["as saved", (html) => html],
  ["names scrambled", scrambleNames],
  ["no structured data", withoutStructuredData],
  ["both", (html) => scrambleNames(withoutStructuredData(html))],
  ["both, no <h1>", (html) => withoutH1(scrambleNames(withoutStructuredData(html)))],
  ["both, amounts in pieces", (html) => inPieces(scrambleNames(withoutStructuredData(html)))],
];

const results = new Map<string, [Labelled, Answer][]>();
const misses = new Map<string, string[]>();
for (const given of corpora) {
  const corpus = findCorpus(given);
  const isBlindPolicy = defaultBlindPolicy(corpus) === "stores";
  for (const row of readCorpus(corpus)) {
    if (isBlindPolicy && isBlindStore(row.store)) continue;
    const html = readFileSync(resolve(corpus, row.path), "utf8");
    const label = labelOf(row);
    for (const [name, alter] of VARIANTS) {
      const answer = answerOf(extractProduct(alter(html), row.url));
      const list = results.get(name) ?? [];
      list.push([label, answer]);
      results.set(name, list);
      const right = label.price === null ? answer.price === null : isRightAmount(label, answer);
      if (!right) {
        const m = misses.get(name) ?? [];
        m.push(`${row.path}: ${label.price ?? "none"} → ${answer.price ?? "none"}`);
        misses.set(name, m);
      }
    }
  }
}
console.log("| Pages as | Pages | Exact | Precision | Recall | F1 | Right / wrong / none |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [name] of VARIANTS) {
  const pairs = results.get(name) ?? [];
  const s = score(pairs);
  // Wrong: every price given that is not the page's (also on a page labelled with none); none:
  // the priced pages given no price.
  const wrong = s.priceAnswered - s.priceCorrect;
  const none = pairs.filter(
    ([label, answer]) => label.price !== null && answer.price === null,
  ).length;
  console.log(
    `| ${name} | ${s.pages} | ${s.exact} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | **${s.f1.toFixed(3)}** | ${s.priceCorrect} / ${wrong} / ${none} |`,
  );
}
if (values.misses)
  for (const [name, list] of misses)
    console.log(`\n${name}:\n${list.map((l) => `- ${l}`).join("\n")}`);
