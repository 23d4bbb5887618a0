import { ISO_CODES } from "../money/currencies.ts";
import { type FoundPrice, findPrices, parsePriceString } from "../money/parse-price-string.ts";
import { CURRENCY_WORD, REDUCTION_FROM, REDUCTION_TO } from "./vocabulary/patterns.ts";

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
  // Only signs between them, a currency in letters too ("52.999 TL 49.999 TL").
  if (/^[^\p{L}\d]*$/u.test(between.replace(CURRENCY_BITS, " "))) return { old: 0, current: 1 };
  return isReduction(text, a, between) ? { old: 0, current: 1 } : null;
}

/**
 * "De R$ 199,90 por R$ 149,90", "Van € 59,99 voor € 39,99": a "from" word before the old amount,
 * a "for" word alone between them (currency signs and codes aside), nothing after the new one.
 */
function isReduction(text: string, a: FoundPrice, between: string): boolean {
  const word = between.replace(CURRENCY_BITS, " ").trim();
  if (!REDUCTION_TO.test(word)) return false;
  return REDUCTION_FROM.test(text.slice(0, a.index).replace(CURRENCY_BITS, " "));
}

/**
 * Two amounts with no word beside them but a reduction's ("$39.99 $24.99", "De R$ 199,90 por
 * R$ 149,90"), the old first: oldThenCurrent on a text that says nothing else.
 */
export function isBareOldThenCurrent(text: string, prices: readonly FoundPrice[]): boolean {
  if (!oldThenCurrent(text, prices)) return false;
  const [a, b] = prices as [FoundPrice, FoundPrice];
  const after = text
    .slice(b.index)
    .replace(/^[\d.,' ]*\d/, "")
    .replace(CURRENCY_BITS, " ");
  if (/\p{L}/u.test(after)) return false;
  const before = text.slice(0, a.index).replace(CURRENCY_BITS, " ");
  return !/\p{L}/u.test(before) || REDUCTION_FROM.test(before);
}

/** Currency signs and codes around amounts: "R$", "US$", "€", "EUR", "￥" (full width). */
const CURRENCY_BITS = new RegExp(
  `(?:[A-Z]{1,3})?[$€£¥￥＄￡￦₩₺]|\\b(?:${[...ISO_CODES].join("|")})\\b|(?<![\\p{L}\\p{N}])${CURRENCY_WORD}(?![\\p{L}\\p{N}])`,
  "gu",
);

/**
 * A currency ending the words before an amount: a sign ("Was $", "De R$", "参考価格: ￥"), a code
 * or a currency in letters ("Precio regular S/", "UVP EUR", "Harga Rp").
 */
export const SIGN_AT_END = new RegExp(
  `(?:(?:[A-Z]{1,3})?\\p{Sc}|(?<![\\p{L}\\p{N}])(?:${[...ISO_CODES].join("|")}|${CURRENCY_WORD}))\\s*$`,
  "u",
);

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
