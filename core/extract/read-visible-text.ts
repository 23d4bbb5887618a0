import {
  isBeforeTaxAfter,
  labelBefore,
  labelsNextAmount,
  ownAfter,
  ownLead,
  wordsAfter,
} from "./amount-words.ts";
import { FEATURES } from "./feature-names.ts";
import { PAIR_SPAN } from "./sale-marks.ts";
import type { PageScan } from "./scan/types.ts";
import type { RawCandidate } from "./types.ts";
import { scoreOf, type VisibleCandidate, visibleCandidates } from "./visible-features.ts";
import { AUCTION, BEFORE_TAX } from "./vocabulary/patterns.ts";

/**
 * Weights of the visible-price score, in FEATURES order: a logistic model fitted on the shared
 * benchmark pages by `npx node bench/extract/fit.ts` and checked by leaving one store out at a time
 * (docs/decisions/0020-extract-candidate-scoring.md). Rounded; refit rather than hand-edit.
 */
export const VISIBLE_WEIGHTS: readonly number[] = [
  -4.22, 1.68, -0.66, 2.34, 0.2, -0.68, -1.44, -3.06, -0.49, -1.67, -0.13, -1.21, -0.35, -0.21,
  -0.33, 2.66, -1.13, 8.11, -1.96, -0.93, 5.17, -1.52, -0.96, -0.73, 0.34, 2.1,
];

function pathOf(c: VisibleCandidate): string {
  const own = c.text.tokens.split(" ").find((t) => t.startsWith("#") || t.startsWith(".")) ?? "";
  return `${c.text.tag}${own.slice(0, 60)}`;
}

/**
 * Every price-looking text on the page as a candidate, scored with general features
 * (visible-features.ts). Confidence is the model's probability that it is the price.
 */
export function readVisibleText(
  scan: PageScan,
  structuredAmounts: ReadonlySet<string> = new Set(),
  weights: readonly number[] = VISIBLE_WEIGHTS,
  pageUrl?: string,
): RawCandidate[] {
  const out: RawCandidate[] = [];
  const seen = new Map<string, number>();
  const references: VisibleCandidate[] = [];
  const list = visibleCandidates(scan, structuredAmounts, references, pageUrl);
  const scores = list.map((c) => scoreOf(c.features, weights));
  const flag = (c: VisibleCandidate, name: (typeof FEATURES)[number]) =>
    (c.features[FEATURES.indexOf(name)] ?? 0) > 0;
  const roles = list.map((c) => roleOf(c, list, scores, flag));
  // The same amount in the same "old price" class elsewhere on the page is a list price too
  // (even where no current price stands beside that copy).
  const classListed = new Set(
    list.filter((c, i) => roles[i] === "list_price" && flag(c, "struckClass")).map((c) => c.amount),
  );
  /** One candidate out, its path numbered where the same path came before. */
  const push = (
    c: VisibleCandidate,
    role: RawCandidate["role"],
    confidence: number,
    range: { isRange: boolean; isFrom: boolean },
  ) => {
    const base = pathOf(c);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push({
      source: "visible_text",
      path: n > 0 ? `${base}:${n}` : base,
      amount: c.price.amount,
      currency: null,
      currencyOptions: c.price.currencies,
      role,
      confidence,
      isRange: range.isRange,
      isFrom: range.isFrom,
      ...(c.text.isInOption || c.text.isUncheckedRadio ? { isOtherOption: true } : {}),
      ...(isBid(c) ? { isBid: true } : {}),
      ...(c.isCardPrice ? { isCardPrice: true } : {}),
      ...(isNamedBeforeTax(c) ? { isBeforeTax: true } : {}),
      ...(c.text.isExcluded ? { isElsewhere: true } : {}),
      ...(c.isMember ? { isMember: true } : {}),
      raw: c.text.text.replace(/\uE000/g, "").slice(0, 80),
    });
  };
  list.forEach((c, i) => {
    const role =
      c.text.isStruckClass && classListed.has(c.amount) ? "list_price" : (roles[i] ?? "price");
    push(c, role, scores[i] ?? 0, c.price);
  });
  for (const c of references) push(c, "reference_30d", 1, { isRange: false, isFrom: false });
  return out;
}

/**
 * Struck-through markup or "was" words make a list price. A class that says "old" or
 * "original" does only when a current price stands next to it (within 60 elements): some
 * shops name their only price "price-old-live".
 */
function roleOf(
  c: VisibleCandidate,
  list: readonly VisibleCandidate[],
  scores: readonly number[],
  flag: (c: VisibleCandidate, name: (typeof FEATURES)[number]) => boolean,
): RawCandidate["role"] {
  // An old price in a row of other products is theirs: no list price of this one.
  if (flag(c, "excluded")) return flag(c, "perUnit") ? "unit_price" : "price";
  if (flag(c, "struckMarkup") || flag(c, "wasWords")) return "list_price";
  if (flag(c, "perUnit")) return "unit_price";
  if (!flag(c, "struckClass")) return "price";
  const hasCurrent = list.some(
    (o, j) =>
      o !== c &&
      o.amount !== c.amount &&
      Math.abs(o.text.order - c.text.order) <= PAIR_SPAN &&
      !flag(o, "struckClass") &&
      !flag(o, "struckMarkup") &&
      !flag(o, "otherAmountWords") &&
      (scores[j] ?? 0) >= 0.2,
  );
  return hasCurrent ? "list_price" : "price";
}

/**
 * An amount shown as an auction's bid: auction words (concept `auction`) in its own text, right
 * after it, on its line before it (since the last price) or in a label ending with a colon
 * before it ("Current bid:" in a block of its own).
 */
function isBid(c: VisibleCandidate): boolean {
  const t = c.text;
  const line = ownLead(t.lineBefore) || labelBefore(t.before);
  // Words after it ending with a colon before the next amount are that one's label ("Buy It Now"
  // block, then "Current bid: US $41.00").
  const after = labelsNextAmount(t.after) ? "" : t.after.slice(0, 25);
  return AUCTION.test(`${line} ${t.text} ${after}`);
}

/**
 * An amount named a price before tax: the words before it in its own text ("(税抜 ¥11,636)",
 * "Ex Tax: $179.00"), right after it in its own text, past a currency written in letters
 * ("999,19 zł netto"), or right after its element ("£69.99" then "ex. VAT").
 */
function isNamedBeforeTax(c: VisibleCandidate): boolean {
  const t = c.text;
  const own = t.text.slice(0, Math.max(0, c.price.index));
  const tail = ownAfter(wordsAfter(t, c.price, t.text));
  return (
    BEFORE_TAX.test(`${labelBefore(t.before)} ${own}`) ||
    isBeforeTaxAfter(ownAfter(t.after)) ||
    isBeforeTaxAfter(tail.replace(/^\s*\p{L}{1,3}(?=\s)/u, ""))
  );
}
