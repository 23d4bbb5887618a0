import type { Money } from "./money.ts";

/** Delivery as a page states it, in the price's currency (core/extract ShippingStated). */
export type Shipping = { costMinor: number | null; freeAboveMinor?: number; currency: string };

/**
 * What the item costs delivered, where the page says (decision 0079): the price when delivery
 * is free (a cost of 0, or a price at or above the free-shipping threshold), the price plus the
 * stated cost below the threshold, and null when the cost is not stated (only a threshold the
 * price does not reach) or is in another currency. A threshold counts the item alone: an order
 * of several items may reach it sooner.
 */
export function landedTotal(price: Money | null, shipping: Shipping | null): Money | null {
  if (!price || !shipping || shipping.currency !== price.currency) return null;
  const isFree =
    shipping.costMinor === 0 ||
    (shipping.freeAboveMinor !== undefined && price.amountMinor >= shipping.freeAboveMinor);
  if (isFree) return price;
  if (shipping.costMinor === null) return null;
  return { amountMinor: price.amountMinor + shipping.costMinor, currency: price.currency };
}

/** What delivery costs this item: 0 when free, null when not stated (see `landedTotal`). */
export function shippingCost(price: Money | null, shipping: Shipping | null): number | null {
  const total = landedTotal(price, shipping);
  return total && price ? total.amountMinor - price.amountMinor : null;
}
