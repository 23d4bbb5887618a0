import type { ShippingStated } from "../extract/types.ts";
import type { Shipping } from "../money/landed-total.ts";
import type { Money } from "../money/money.ts";
import { MeasureUnit, type UnitPrice } from "../money/unit-price.ts";

/**
 * The landed price as the product's and the history's columns (decision 0079): shipping cost
 * and free-shipping threshold, the unit price with its quantity and unit, in the price's
 * currency; all null when the page states none.
 */
export type LandedColumns = {
  shippingCostMinor: number | null;
  shippingFreeAboveMinor: number | null;
  unitPriceMinor: number | null;
  unitPriceQuantity: number | null;
  unitPriceUnit: MeasureUnit | null;
};

export const NO_LANDED: LandedColumns = {
  shippingCostMinor: null,
  shippingFreeAboveMinor: null,
  unitPriceMinor: null,
  unitPriceQuantity: null,
  unitPriceUnit: null,
};

/** The columns' names, in one order for the SQL that writes them. */
export const LANDED_KEYS = Object.keys(NO_LANDED) as (keyof LandedColumns)[];

/** An extraction's shipping and unit price as columns, when in the price's currency. */
export function landedColumnsOf(result: {
  price: Money | null;
  shipping?: ShippingStated;
  unitPrice?: UnitPrice;
}): LandedColumns {
  const currency = result.price?.currency;
  if (!currency) return NO_LANDED;
  const s = result.shipping?.currency === currency ? result.shipping : null;
  const u = result.unitPrice?.currency === currency ? result.unitPrice : null;
  return {
    shippingCostMinor: s?.costMinor ?? null,
    shippingFreeAboveMinor: s?.freeAboveMinor ?? null,
    unitPriceMinor: u?.amountMinor ?? null,
    unitPriceQuantity: u?.perQuantity ?? null,
    unitPriceUnit: u?.unit ?? null,
  };
}

/** Columns read back (in `currency`, the row's price currency) as what the API and the hub show. */
export function landedOf(
  columns: Partial<LandedColumns>,
  currency: string | null,
): { shipping: Shipping | null; unitPrice: UnitPrice | null } {
  if (!currency) return { shipping: null, unitPrice: null };
  const cost = columns.shippingCostMinor ?? null;
  const above = columns.shippingFreeAboveMinor ?? null;
  const unit = MeasureUnit.safeParse(columns.unitPriceUnit);
  const amount = columns.unitPriceMinor ?? null;
  const quantity = columns.unitPriceQuantity ?? null;
  return {
    shipping:
      cost === null && above === null
        ? null
        : {
            costMinor: cost === null ? null : Number(cost),
            ...(above !== null ? { freeAboveMinor: Number(above) } : {}),
            currency,
          },
    unitPrice:
      amount !== null && quantity !== null && quantity > 0 && unit.success
        ? { amountMinor: Number(amount), currency, perQuantity: quantity, unit: unit.data }
        : null,
  };
}

/** Whether two readings state the same landed price (a change starts a new history row). */
export function isSameLanded(a: Partial<LandedColumns>, b: Partial<LandedColumns>): boolean {
  return LANDED_KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/** The landed columns of facts whose fields may be left out (null when absent). */
export function pickLanded(facts: Partial<LandedColumns>): LandedColumns {
  return {
    shippingCostMinor: facts.shippingCostMinor ?? null,
    shippingFreeAboveMinor: facts.shippingFreeAboveMinor ?? null,
    unitPriceMinor: facts.unitPriceMinor ?? null,
    unitPriceQuantity: facts.unitPriceQuantity ?? null,
    unitPriceUnit: facts.unitPriceUnit ?? null,
  };
}
