import { trimEnd } from "../trim-end.ts";
import { currencyExponent } from "./currencies.ts";

/**
 * Decimal string ("1234.56", "48", "-0.5") → integer minor units of `currency`.
 * Returns null when the string is not a plain decimal or carries more precision than the
 * currency allows (a per-unit price such as "29.1583" is not a money amount).
 */
export function decimalToMinor(amount: string, currency: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const whole = match[1] ?? "0";
  const fraction = trimEnd(match[2] ?? "", "0");
  if (fraction.length > exponent) return null;
  const minor = Number(whole + fraction.padEnd(exponent, "0"));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Integer minor units → canonical decimal string with the currency's digits ("1234.56", "1234"). */
export function minorToDecimal(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const negative = amountMinor < 0;
  const digits = String(Math.abs(Math.trunc(amountMinor))).padStart(exponent + 1, "0");
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? "" : `.${digits.slice(-exponent)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * Compare decimal strings by value ("48.0" equals "48", "3439.00" equals "3439"): leading zeros
 * of the whole part (one digit stays) and trailing zeros of the fraction go; anything else is
 * returned trimmed. In linear time (decimal-to-minor.test.ts holds it to the regex it replaced).
 */
export function normalizeDecimal(amount: string): string {
  const text = amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const whole = match[2] as string;
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 0x30) start++;
  const fraction = trimEnd(match[3] ?? "", "0");
  return `${match[1]}${whole.slice(start)}${fraction ? `.${fraction}` : ""}`;
}

/**
 * `{ amount: 5311, divisor: 100 }` (Etsy and others) → minor units of `currency`, using the
 * currency's ISO exponent, never a guess from the magnitude. Null when the divisor is not a
 * power of ten or the result needs more digits than the currency has.
 */
export function divisorToMinor(amount: number, divisor: number, currency: string): number | null {
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(divisor) || divisor < 1)
    return null;
  const digits = Math.log10(divisor);
  if (!Number.isInteger(digits)) return null;
  const text = String(amount).padStart(digits + 1, "0");
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return decimalToMinor(decimal, currency);
}
