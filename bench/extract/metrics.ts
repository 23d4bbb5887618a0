/**
 * Scores for a labelled set of product pages, the same for Dropwave and the baseline:
 * - exact: the page's price and currency (or "no price") both right;
 * - price precision / recall / F1 on the amount: an answer on a page whose label is another
 *   amount (or no price) counts against precision; no answer ("cannot tell") against recall only;
 * - stock state: in stock / out of stock answers against the annotation ("unknown" is no answer).
 */
export type Labelled = {
  /** Expected decimal amount (normalised) or null: no price should be reported. */
  price: string | null;
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
  for (const [label, answer] of pairs) {
    if (
      label.price === answer.price &&
      (label.price === null || label.currency === answer.currency)
    )
      exact++;
    if (label.price !== null) priceLabelled++;
    if (answer.price !== null) {
      priceAnswered++;
      if (answer.price === label.price) priceCorrect++;
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
  };
}

/** "InStock", "https://schema.org/OutOfStock", "in_stock" → the two states scored. */
export function stockState(value: unknown): "in_stock" | "out_of_stock" | null {
  if (typeof value !== "string") return null;
  const v = value
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, "")
    .replace(/[\s_-]+/g, "");
  if (/^(instock|limitedavailability|instoreonly|onlineonly|preorder|presale|backorder)/.test(v))
    return "in_stock";
  if (/^(outofstock|soldout|discontinued)/.test(v)) return "out_of_stock";
  return null;
}
