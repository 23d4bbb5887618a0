/**
 * What extraction made of one saved page, for work on a rule: its answer, notes and currency
 * basis, then every candidate with its source, role, confidence and the text around it, best
 * first. Refuses a page of the blind third (blind.ts): those are scored, never read.
 *   npx node bench/extract/explain.ts --corpus ../shared/corpus/us-stores pages/NAME.html [--all]
 *     [--as saved|scrambled|nosd|both] (alter.ts: class and id names scrambled, no structured data)
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { ALTERATIONS } from "./alter.ts";
import { isBlindStore } from "./blind.ts";
import { defaultBlindPolicy } from "./blind-part.ts";
import { findCorpus, readCorpus } from "./corpus.ts";

const { values, positionals } = parseArgs({
  options: { corpus: { type: "string" }, all: { type: "boolean" }, as: { type: "string" } },
  allowPositionals: true,
});
const corpus = findCorpus(values.corpus ?? "../shared/corpus/us-stores");
const rows = readCorpus(corpus);
for (const page of positionals) {
  const row = rows.find((r) => r.path === page);
  if (!row) {
    console.error(`${page}: not in ${corpus}'s manifest`);
    continue;
  }
  if (defaultBlindPolicy(corpus) === "stores" && isBlindStore(row.store)) {
    console.error(`${page}: a page of the blind third; it is scored, never read`);
    continue;
  }
  const alter =
    ALTERATIONS[(values.as ?? "saved") as keyof typeof ALTERATIONS] ?? ALTERATIONS.saved;
  const result = extractProduct(alter(readFileSync(resolve(corpus, row.path), "utf8")), row.url);
  console.log(`${row.path} (${row.url})`);
  console.log(`  expected ${row.price} ${row.currency}`);
  console.log(
    `  got ${result.status} ${result.price ? `${result.price.amountMinor} ${result.price.currency}` : "-"} basis=${result.candidates.find((c) => c.key === result.priceKey)?.currencyBasis ?? "-"}`,
  );
  for (const note of result.notes) console.log(`  note: ${note}`);
  const list = [...result.candidates].sort((a, b) => b.confidence - a.confidence);
  for (const c of values.all ? list : list.slice(0, 12))
    console.log(
      `  ${c.confidence.toFixed(3)} ${c.role.padEnd(10)} ${c.source.padEnd(12)} ${c.price.amountMinor} ${c.price.currency} ${c.path.slice(0, 60)} | ${(c.raw ?? "").slice(0, 60)}`,
    );
}
