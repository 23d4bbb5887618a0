import { currencyExponent } from "../money/currencies.ts";
import type { MeasureUnit } from "../money/unit-price.ts";
import { UNIT_AFTER, UNIT_BEFORE, UNIT_OF } from "./vocabulary/patterns.ts";

/** A unit price as written: its amount (a decimal string) per a quantity of a unit. */
export type WrittenUnit = { perQuantity: number; unit: MeasureUnit };

function unitOf(written: string): MeasureUnit | null {
  const text = written.trim().toLowerCase();
  for (const [unit, pattern] of UNIT_OF) if (pattern.test(text)) return unit;
  return null;
}

function measureOf(quantity: string | undefined, written: string | undefined): WrittenUnit | null {
  if (!written) return null;
  const unit = unitOf(written);
  if (!unit) return null;
  const perQuantity = quantity ? Number(quantity.replace(",", ".")) : 1;
  if (!Number.isFinite(perQuantity) || perQuantity <= 0 || perQuantity > 10_000) return null;
  return { perQuantity, unit };
}

/**
 * The quantity an amount is the price of, from the words around it: right after it
 * ("€12.50 / kg", "$0.25/oz", "3,98 € pro 1 kg", "12,50 € le kg") or right before it
 * ("1 kg = 3,98 €", "Prix au kg : 12,50 €"). `lead` ends where the amount's number starts;
 * `rest` starts after its number and currency. Null when they name no unit.
 */
export function unitOfAmount(lead: string, rest: string): WrittenUnit | null {
  const after = UNIT_AFTER.exec(rest);
  if (after) return measureOf(after[1], after[2]);
  const before = UNIT_BEFORE.exec(lead.slice(-40));
  if (before) return measureOf(before[1] ?? before[3], before[2] ?? before[4]);
  return null;
}

/**
 * A decimal amount per a quantity as integer minor units: an amount with more decimals than the
 * currency has ("0.019" USD per count) keeps them by a larger quantity (19 cents per 10 counts).
 */
export function unitAmountToMinor(
  amount: string,
  currency: string,
  perQuantity: number,
): { amountMinor: number; perQuantity: number } | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  const extra = Math.max(0, fraction.length - exponent);
  const amountMinor = Number(`${match[1]}${fraction.padEnd(exponent + extra, "0")}`);
  if (!Number.isSafeInteger(amountMinor)) return null;
  return { amountMinor, perQuantity: perQuantity * 10 ** extra };
}

/** UN/CEFACT common codes (schema.org `unitCode`) of the units kept. */
const UNIT_CODES: Readonly<Record<string, MeasureUnit>> = {
  KGM: "kg",
  GRM: "g",
  LBR: "lb",
  ONZ: "oz",
  LTR: "l",
  MLT: "ml",
  CLT: "cl",
  OZA: "fl_oz",
  MTR: "m",
  CMT: "cm",
  FOT: "ft",
  MTK: "m2",
  FTK: "sq_ft",
  C62: "piece",
  H87: "piece",
  EA: "piece",
};

/** A schema.org QuantitativeValue (`{ value, unitCode | unitText }`) as a quantity of a unit. */
export function quantityOf(value: unknown): WrittenUnit | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const q = value as Record<string, unknown>;
  const code = typeof q.unitCode === "string" ? UNIT_CODES[q.unitCode.trim().toUpperCase()] : null;
  const written = typeof q.unitText === "string" ? q.unitText : null;
  const raw = q.value ?? 1;
  const amount = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
  if (!Number.isFinite(amount) || amount <= 0 || amount > 100_000) return null;
  if (code) return { perQuantity: amount, unit: code };
  if (!written) return null;
  // "100 g" as the unit's text, or "g" with the value beside it.
  const inText = /^\s*(\d+(?:[.,]\d+)?)?\s*(.+?)\s*$/.exec(written);
  const measure = inText ? measureOf(inText[1], inText[2]) : null;
  return measure ? { perQuantity: measure.perQuantity * amount, unit: measure.unit } : null;
}
