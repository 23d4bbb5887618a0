import type { ShippingStated } from "../extract/types.ts";
import { landedTotal, type Shipping } from "../money/landed-total.ts";
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

/** The landed price a watch shows beside its price (0079), on the card, the product page and the list. */
export type LandedBeside = {
  /** Shipping the page states beside the price, or null. */
  shipping: Shipping | null;
  /** The price per kg, l, m, m² or piece the page states, as stated, or null. */
  unitPrice: UnitPrice | null;
  /** The price with its delivery where the page says what that costs, or null. */
  landedPrice: Money | null;
};

/**
 * What a watch shows beside its shown `price`: the product's columns as its page stated them,
 * and the price with shipping; nothing beside its owner's own browser reading (0048: the
 * product page's statement is not that reading's).
 */
export function landedBeside(
  product: Partial<LandedColumns> & { currency: string | null },
  shown: { isOwn: boolean },
  price: Money | null,
): LandedBeside {
  const landed = landedOf(shown.isOwn ? {} : product, product.currency);
  return { ...landed, landedPrice: landedTotal(price, landed.shipping) };
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
