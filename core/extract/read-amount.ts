import { type FoundPrice, findPrices, parsePriceString } from "../money/parse-price-string.ts";

export type ReadAmount = {
  amount: string;
  currencyOptions: readonly string[];
  isRange: boolean;
  isFrom: boolean;
  isPerUnit: boolean;
};

/** A price value from structured data: a JSON number, "12.99", "1.234,56", "$12.99". */
export function readAmount(value: unknown, currency: string | null = null): ReadAmount | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0 || value > 1e13) return null;
    const text = String(value);
    if (!/^\d+(\.\d+)?$/.test(text)) return null;
    return { amount: text, currencyOptions: [], isRange: false, isFrom: false, isPerUnit: false };
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text === "" || text.length > 200) return null;
  if (/^\d+\.\d+$/.test(text) || /^\d+$/.test(text)) {
    return { amount: text, currencyOptions: [], isRange: false, isFrom: false, isPerUnit: false };
  }
  const parsed = parsePriceString(text, { currency });
  if (!parsed) return null;
  return {
    amount: parsed.amount,
    currencyOptions: parsed.currencies,
    isRange: parsed.isRange,
    isFrom: parsed.isFrom,
    isPerUnit: parsed.isPerUnit,
  };
}

/**
 * "$79.99 $39.99": two amounts in one text with nothing but signs and spaces between them, the
 * first the higher — an old price and the current one, as stores draw a sale (the first struck
 * by a class or an image a reader cannot see). Returns their indexes in `prices`, or null.
 */
export function oldThenCurrent(
  text: string,
  prices: readonly FoundPrice[],
): { old: number; current: number } | null {
  if (prices.length !== 2) return null;
  const [a, b] = prices as [FoundPrice, FoundPrice];
  if (a.currencyText !== b.currencyText || Number(a.amount) <= Number(b.amount)) return null;
  if (a.isRange || b.isRange || a.isPerUnit || b.isPerUnit) return null;
  const between = text.slice(a.index, b.index).replace(/^[\d.,' ]*\d/, "");
  return /^[^\p{L}\d]*$/u.test(between) ? { old: 0, current: 1 } : null;
}

/** A structured value's text: its current price where it shows an old one first (oldThenCurrent). */
export function currentOf(text: string): string {
  if (text.length > 120) return text;
  const prices = findPrices(text);
  const pair = oldThenCurrent(text, prices);
  if (!pair) return text;
  const old = prices[pair.old] as FoundPrice;
  const digits = /^[\d.,' ]*\d/.exec(text.slice(old.index))?.[0] ?? "";
  return text.slice(old.index + digits.length);
}
