import type { PriceCandidate } from "./types.ts";

/** Value-added and goods-and-services tax rates (percent) a price before tax is raised by. */
const TAX_RATES = [
  5, 5.5, 6, 7, 7.7, 8, 8.1, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 25.5,
  27,
];

/**
 * Structured data whose amount the page shows only as another kind of amount: an auction's bid
 * (no price to buy at), or a member's price ("$40.46 Members price", "with Rewards") while the
 * buy box surely shows another amount (what a member pays, not everyone).
 */
export function isOtherKind(
  c: PriceCandidate,
  candidates: readonly PriceCandidate[],
  visible: { chosen: PriceCandidate | null },
): boolean {
  const amount = c.price.amountMinor;
  const copies = candidates.filter(
    (o) => o.source === "visible_text" && o.price.amountMinor === amount && !o.isElsewhere,
  );
  if (copies.length === 0) return false;
  if (copies.every((o) => o.isBid)) return true;
  const shown = visible.chosen;
  if (!shown || shown.confidence < 0.9 || shown.price.amountMinor === amount) return false;
  return copies.every((o) => o.isMember);
}

export const DISCONTINUED =
  "structured data gives the last price of a discontinued product, and the page shows no price";

/**
 * Structured data saying its offers are discontinued, whose amounts the page shows nowhere for
 * this product, with no price in the buy box ("This item is no longer available"): the price of
 * something no one can buy, none to take.
 */
export function isDiscontinuedUnshown(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
  shown: PriceCandidate | null,
): boolean {
  if (shown || pool.length === 0 || !pool.every((c) => c.isDiscontinued)) return false;
  return !candidates.some(
    (c) =>
      c.source === "visible_text" &&
      !c.isElsewhere &&
      pool.some((s) => s.price.amountMinor === c.price.amountMinor),
  );
}

/**
 * Why structured data's amount, shown nowhere for this product while its buy box surely shows
 * another, is visibly not what a shopper is charged (decision 0089): it is in another currency,
 * one the page shows no price in (a feed's or a default store's), or it is the buy box's amount
 * before tax (the buy box's is it raised by a tax rate, to the cent: "price": 100 beside
 * "119,00 € inkl. MwSt.", 9000 beside "¥9,900（税込）"). Null: nothing on the page explains it
 * (a stale price, another variant's), and which one is paid cannot be told.
 */
export function explainedContradiction(
  pool: readonly PriceCandidate[],
  shown: PriceCandidate,
  candidates: readonly PriceCandidate[],
): string | null {
  const structured = pool[0];
  if (!structured) return null;
  const currency = structured.price.currency;
  if (currency !== shown.price.currency) {
    const isShownIn = candidates.some(
      (c) => c.source === "visible_text" && !c.isElsewhere && c.price.currency === currency,
    );
    return isShownIn ? null : `in ${currency}, a currency the page shows no price in`;
  }
  const base = structured.price.amountMinor;
  const total = shown.price.amountMinor;
  // Stated with tax, up to 30 % above the buy box's: the buy box shows it before a sales tax
  // added at checkout ("Sales tax calculated at checkout").
  if (pool.some((c) => c.isWithTax) && base > total && base <= total * 1.3)
    return "stated with tax; the buy box shows the price before it";
  const isRaisedByTax = TAX_RATES.some(
    (rate) => Math.abs(Math.round((base * (100 + rate)) / 100) - total) <= 1,
  );
  return isRaisedByTax ? "the price its buy box shows before tax" : null;
}
