import { z } from "zod";
import { CurrencyCode } from "./money.ts";

/**
 * The units a unit price is stated per, as the page states it (decision 0079): metric and US
 * customary. A unit price is kept in the unit the page names; comparisons convert to one base
 * unit per dimension (kg, l, m, m², piece) with the exact factors below.
 */
export const MeasureUnit = z.enum([
  "kg",
  "g",
  "lb",
  "oz",
  "l",
  "ml",
  "cl",
  "fl_oz",
  "m",
  "cm",
  "ft",
  "m2",
  "sq_ft",
  "piece",
]);
export type MeasureUnit = z.infer<typeof MeasureUnit>;

export type Dimension = "mass" | "volume" | "length" | "area" | "count";

/** Each unit's dimension and its size in the dimension's base unit (kg, l, m, m², piece). */
export const UNITS: Readonly<Record<MeasureUnit, { dimension: Dimension; inBase: number }>> = {
  kg: { dimension: "mass", inBase: 1 },
  g: { dimension: "mass", inBase: 0.001 },
  // The avoirdupois pound and ounce (exact by definition).
  lb: { dimension: "mass", inBase: 0.45359237 },
  oz: { dimension: "mass", inBase: 0.028349523125 },
  l: { dimension: "volume", inBase: 1 },
  ml: { dimension: "volume", inBase: 0.001 },
  cl: { dimension: "volume", inBase: 0.01 },
  // The US fluid ounce (the stores that print "fl oz" on a unit price are American).
  fl_oz: { dimension: "volume", inBase: 0.0295735295625 },
  m: { dimension: "length", inBase: 1 },
  cm: { dimension: "length", inBase: 0.01 },
  ft: { dimension: "length", inBase: 0.3048 },
  m2: { dimension: "area", inBase: 1 },
  sq_ft: { dimension: "area", inBase: 0.09290304 },
  piece: { dimension: "count", inBase: 1 },
};

/** How a unit is written beside a price ("fl oz", "m²", "piece"). */
export const UNIT_LABELS: Readonly<Record<MeasureUnit, string>> = {
  kg: "kg",
  g: "g",
  lb: "lb",
  oz: "oz",
  l: "l",
  ml: "ml",
  cl: "cl",
  fl_oz: "fl oz",
  m: "m",
  cm: "cm",
  ft: "ft",
  m2: "m²",
  sq_ft: "sq ft",
  piece: "piece",
};

/**
 * A price per quantity of a unit: `amountMinor` minor units of `currency` buy `perQuantity`
 * `unit`s ("€0.42 / 100 g" is 42 EUR cents per 100 g). A page's amount with more decimals than
 * its currency has ("$0.019 / count") is kept exact by a larger quantity (19 cents per 10).
 */
export const UnitPrice = z.object({
  amountMinor: z.number().int().min(0).refine(Number.isSafeInteger),
  currency: CurrencyCode,
  perQuantity: z.number().positive().max(1_000_000),
  unit: MeasureUnit,
});
export type UnitPrice = z.infer<typeof UnitPrice>;

/** Minor units per one base unit of the dimension (a fraction: for comparing, not for showing). */
export function perBaseUnit(price: UnitPrice): { minorPerBase: number; dimension: Dimension } {
  const { dimension, inBase } = UNITS[price.unit];
  return { minorPerBase: price.amountMinor / (price.perQuantity * inBase), dimension };
}

/**
 * The same unit price per another quantity of a unit of the same dimension, rounded to whole
 * minor units ("$0.25 / oz" per 100 g is 88 cents), or null across dimensions.
 */
export function unitPriceIn(
  price: UnitPrice,
  perQuantity: number,
  unit: MeasureUnit,
): UnitPrice | null {
  const to = UNITS[unit];
  const { minorPerBase, dimension } = perBaseUnit(price);
  if (to.dimension !== dimension) return null;
  return {
    amountMinor: Math.round(minorPerBase * perQuantity * to.inBase),
    currency: price.currency,
    perQuantity,
    unit,
  };
}

/** "100 g", "kg", "fl oz", "12 pieces": the quantity a unit price is per, for people. */
export function describeQuantity(perQuantity: number, unit: MeasureUnit): string {
  const label = UNIT_LABELS[unit];
  if (perQuantity === 1) return label;
  const quantity = Number.isInteger(perQuantity)
    ? String(perQuantity)
    : String(Math.round(perQuantity * 1000) / 1000);
  return `${quantity} ${unit === "piece" ? "pieces" : label}`;
}
