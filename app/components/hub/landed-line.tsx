import type { Money } from "../../../core/money/index.ts";
import type { Shipping } from "../../../core/money/landed-total.ts";
import { describeQuantity, type UnitPrice } from "../../../core/money/unit-price.ts";
import { money } from "../../lib/format.ts";

/**
 * What delivery adds to this price, as the page states it (decision 0079): "+ $4.99 shipping",
 * "+ $4.99 shipping, free over $35", "Free shipping", "Free shipping over $35"; null without.
 */
export function describeShipping(price: Money | null, shipping: Shipping | null): string | null {
  if (!shipping || (price && shipping.currency !== price.currency)) return null;
  const over =
    shipping.freeAboveMinor !== undefined
      ? money({ amountMinor: shipping.freeAboveMinor, currency: shipping.currency })
      : null;
  const isOver = over !== null && price !== null && price.amountMinor >= shipping.freeAboveMinor!;
  if (shipping.costMinor === 0) return "Free shipping";
  if (shipping.costMinor === null || isOver) return over ? `Free shipping over ${over}` : null;
  const cost = `+ ${money({ amountMinor: shipping.costMinor, currency: shipping.currency })} shipping`;
  return over ? `${cost}, free over ${over}` : cost;
}

/** "$0.42 / 100 g", "€23.96 / kg", "$0.19 / 10 pieces". */
export function describeUnitPrice(unitPrice: UnitPrice): string {
  return `${money({ amountMinor: unitPrice.amountMinor, currency: unitPrice.currency })} / ${describeQuantity(unitPrice.perQuantity, unitPrice.unit)}`;
}

/**
 * Beside the price: its shipping, the price with shipping where that is known and differs
 * ("$29.98 with shipping"), and the unit price; nothing when the page states neither.
 */
export function LandedLine({
  price,
  shipping,
  unitPrice,
  landedPrice,
  className = "text-sm text-muted",
}: {
  price: Money | null;
  shipping: Shipping | null;
  unitPrice: UnitPrice | null;
  landedPrice: Money | null;
  className?: string;
}) {
  const delivery = describeShipping(price, shipping);
  const isMore =
    landedPrice !== null && price !== null && landedPrice.amountMinor > price.amountMinor;
  if (!delivery && !unitPrice) return null;
  return (
    <span className={`flex flex-wrap gap-x-3 ${className}`} data-testid="landed">
      {delivery ? <span data-testid="landed-shipping">{delivery}</span> : null}
      {isMore ? (
        <span data-testid="landed-total" className="font-semibold text-fg">
          {money(landedPrice)} with shipping
        </span>
      ) : null}
      {unitPrice ? <span data-testid="landed-unit">{describeUnitPrice(unitPrice)}</span> : null}
    </span>
  );
}
