import { z } from "zod";
import { type Dimension, MEASURE_UNITS, UNIT_LABELS, UNITS } from "./measure-units.ts";
import { CurrencyCode } from "./money.ts";

export { type Dimension, MEASURE_UNITS, UNIT_LABELS, UNITS } from "./measure-units.ts";

/** A unit a unit price is stated per (core/money/measure-units.ts), as a schema. */
export const MeasureUnit = z.enum(MEASURE_UNITS);
export type MeasureUnit = z.infer<typeof MeasureUnit>;

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
