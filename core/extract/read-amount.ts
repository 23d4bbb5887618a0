import { parsePriceString } from "../money/parse-price-string.ts";

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
