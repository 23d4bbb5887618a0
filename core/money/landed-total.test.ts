import { describe, expect, it } from "vitest";
import { landedTotal, type Shipping, shippingCost } from "./landed-total.ts";

const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });
const ship = (costMinor: number | null, freeAboveMinor?: number, currency = "USD"): Shipping => ({
  costMinor,
  ...(freeAboveMinor !== undefined ? { freeAboveMinor } : {}),
  currency,
});

describe("the landed total", () => {
  it.each([
    ["a stated cost is added", usd(1999), ship(499), usd(2498)],
    ["free delivery adds nothing", usd(1999), ship(0), usd(1999)],
    ["at the threshold delivery is free", usd(3500), ship(499, 3500), usd(3500)],
    ["above it too, cost unknown", usd(5200), ship(null, 5000), usd(5200)],
    ["below it, the stated cost", usd(2499), ship(599, 3500), usd(3098)],
    ["below it, no cost stated: unknown", usd(999), ship(null, 2900), null],
    ["another currency: unknown", usd(1999), ship(499, undefined, "EUR"), null],
    ["no shipping stated: unknown", usd(1999), null, null],
    ["no price: unknown", null, ship(499), null],
  ])("%s", (_name, price, shipping, total) => {
    expect(landedTotal(price, shipping)).toEqual(total);
    expect(shippingCost(price, shipping)).toBe(
      total && price ? total.amountMinor - price.amountMinor : null,
    );
  });
});
