import type { ExtractResult } from "../../core/extract/index.ts";
import { minorToDecimal, normalizeDecimal } from "../../core/money/decimal-to-minor.ts";
import type { CorpusRow } from "./corpus.ts";

/**
 * Scores for a labelled set of product pages, the same for Dropwave and every peer:
 * - exact: the page's price and currency (or "no price") both right;
 * - price precision / recall / F1 on the amount: an answer on a page whose label is another
 *   amount (or no price) counts against precision; no answer ("cannot tell") against recall only;
 * - stock state: in stock / out of stock answers against the annotation ("unknown" is no answer).
 *
 * A range label (a us-stores row whose `doubt` says the element the person picked held two
 * amounts, "multiple_amounts_in_labelled_element:A|B"): either end is right. The person pointed
 * at the element, not at one of its numbers, so the label cannot say which end they meant; a
 * tracker that reports the low end of a range ("from $A") and one that reports the amount the
 * label happens to name are equally right by it. Such pages are counted apart
 * (`rangeLabelled`, `rightByOtherEnd`) so that the difference from strict scoring shows.
 */
export type Labelled = {
  /** Expected decimal amount (normalised) or null: no price should be reported. */
  price: string | null;
  /** Other amounts that are right as well (the other end of a range label), normalised. */
  alternatives?: readonly string[];
  currency: string | null;
  availability: "in_stock" | "out_of_stock" | null;
};

export type Answer = {
  price: string | null;
  currency: string | null;
  availability: "in_stock" | "out_of_stock" | null;
};

export type Scores = {
  pages: number;
  exact: number;
  exactRate: number;
  priceAnswered: number;
  priceCorrect: number;
  priceLabelled: number;
  precision: number;
  recall: number;
  f1: number;
  stockAnswered: number;
  stockCorrect: number;
  stockLabelled: number;
  stockPrecision: number;
  stockRecall: number;
  stockF1: number;
  /** F1 of the out-of-stock class alone (the one that sends false "back in stock" alerts). */
  outOfStockF1: number;
  /** Pages whose label is a range (either end is right). */
  rangeLabelled: number;
  /** Of those, answers right only because the other end counts: strict scoring would miss them. */
  rightByOtherEnd: number;
};

const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function score(pairs: readonly (readonly [Labelled, Answer])[]): Scores {
  let exact = 0;
  let priceAnswered = 0;
  let priceCorrect = 0;
  let priceLabelled = 0;
  let stockAnswered = 0;
  let stockCorrect = 0;
  let stockLabelled = 0;
  let oosTrue = 0;
  let oosPredicted = 0;
  let oosHit = 0;
  let rangeLabelled = 0;
  let rightByOtherEnd = 0;
  for (const [label, answer] of pairs) {
    const isOtherEnd =
      answer.price !== null &&
      answer.price !== label.price &&
      (label.alternatives?.includes(answer.price) ?? false);
    const isRightAmount = answer.price === label.price || isOtherEnd;
    if (label.alternatives?.length) rangeLabelled++;
    if (isOtherEnd) rightByOtherEnd++;
    if (isRightAmount && (label.price === null || label.currency === answer.currency)) exact++;
    if (label.price !== null) priceLabelled++;
    if (answer.price !== null) {
      priceAnswered++;
      if (isRightAmount) priceCorrect++;
    }
    if (label.availability !== null) {
      stockLabelled++;
      if (answer.availability !== null) {
        stockAnswered++;
        if (answer.availability === label.availability) stockCorrect++;
      }
      if (label.availability === "out_of_stock") oosTrue++;
      if (answer.availability === "out_of_stock") {
        oosPredicted++;
        if (label.availability === "out_of_stock") oosHit++;
      }
    }
  }
  const precision = ratio(priceCorrect, priceAnswered);
  const recall = ratio(priceCorrect, priceLabelled);
  const stockPrecision = ratio(stockCorrect, stockAnswered);
  const stockRecall = ratio(stockCorrect, stockLabelled);
  return {
    pages: pairs.length,
    exact,
    exactRate: ratio(exact, pairs.length),
    priceAnswered,
    priceCorrect,
    priceLabelled,
    precision,
    recall,
    f1: f1(precision, recall),
    stockAnswered,
    stockCorrect,
    stockLabelled,
    stockPrecision,
    stockRecall,
    stockF1: f1(stockPrecision, stockRecall),
    outOfStockF1: f1(ratio(oosHit, oosPredicted), ratio(oosHit, oosTrue)),
    rangeLabelled,
    rightByOtherEnd,
  };
}

/** Whether `answer`'s amount is one the label accepts (its price, or the other end of a range). */
export function isRightAmount(label: Labelled, answer: Answer): boolean {
  return (
    answer.price === label.price ||
    (answer.price !== null && (label.alternatives?.includes(answer.price) ?? false))
  );
}

/** "multiple_amounts_in_labelled_element:12.00|18.00" → the two amounts, normalised. */
export function rangeOf(doubt: string | undefined): string[] {
  const match = /^multiple_amounts_in_labelled_element:(.*)$/.exec(doubt ?? "");
  if (!match) return [];
  return (match[1] ?? "")
    .split("|")
    .map((amount) => amount.trim())
    .filter((amount) => /^\d+(?:\.\d+)?$/.test(amount))
    .map(normalizeDecimal);
}

/** A manifest row as a label: the amount normalised, a range's ends as alternatives. */
export function labelOf(row: CorpusRow): Labelled {
  const price = row.price === null ? null : normalizeDecimal(row.price);
  const alternatives = rangeOf(row.doubt).filter((amount) => amount !== price);
  return {
    price,
    ...(alternatives.length ? { alternatives } : {}),
    currency: row.currency,
    availability: stockState(row.availability),
  };
}

/** Dropwave's result as an answer. */
export function answerOf(result: ExtractResult): Answer {
  return {
    price: result.price
      ? normalizeDecimal(minorToDecimal(result.price.amountMinor, result.price.currency))
      : null,
    currency: result.price?.currency ?? null,
    availability: stockState(result.availability),
  };
}

/**
 * "InStock", "https://schema.org/OutOfStock", "in_stock" → the two states scored. InStoreOnly is
 * out of stock: none to buy online, what a tracker watches (decision 0088, as extraction reads it).
 */
export function stockState(value: unknown): "in_stock" | "out_of_stock" | null {
  if (typeof value !== "string") return null;
  const v = value
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, "")
    .replace(/[\s_-]+/g, "");
  if (/^(instock|limitedavailability|onlineonly|preorder|presale|backorder)/.test(v))
    return "in_stock";
  if (/^(outofstock|soldout|discontinued|instoreonly)/.test(v)) return "out_of_stock";
  return null;
}
