import { describe, expect, it } from "vitest";
import type { ReferenceRates } from "../money/reference-rates.ts";
import type { UnitPrice } from "../money/unit-price.ts";
import { compareLanded, type LandedMember } from "./compare-landed.ts";

const money = (amountMinor: number, currency = "USD") => ({ amountMinor, currency });
const unit = (
  amountMinor: number,
  perQuantity: number,
  u: UnitPrice["unit"],
  currency = "USD",
): UnitPrice => ({ amountMinor, currency, perQuantity, unit: u });
const member = (
  watchId: string,
  price: number | null,
  landed: number | null,
  unitPrice: UnitPrice | null = null,
  availability = "in_stock",
  currency = "USD",
): LandedMember => ({
  watchId,
  price: price === null ? null : money(price, currency),
  landedPrice: landed === null ? null : money(landed, currency),
  unitPrice,
  availability,
});
const rates: ReferenceRates = { date: "2026-11-27", perEur: { EUR: 1, USD: 1.05, GBP: 0.84 } };

describe("a group compared delivered and per unit", () => {
  it("ranks stores by the price with shipping: the cheapest shelf price is not the cheapest delivered", () => {
    const result = compareLanded(
      [
        member("a", 2199, 2798),
        member("b", 2499, 2499),
        member("c", 2299, 2299, null, "out_of_stock"),
      ],
      "USD",
      null,
    );
    expect(result.cheapestLanded).toEqual({ watchId: "b", landed: money(2499) });
    expect(result.unknownLanded).toBe(0);
    expect(result.rows.map((r) => r.landed?.amountMinor)).toEqual([2798, 2499, 2299]);
  });

  it("claims no cheapest delivered while a store in stock has unknown shipping", () => {
    const result = compareLanded([member("a", 2199, 2798), member("b", 2499, null)], "USD", null);
    expect(result.cheapestLanded).toBeNull();
    expect(result.unknownLanded).toBe(1);
  });

  it("shows unit prices in the unit most stores state and ranks pack sizes per base unit", () => {
    const result = compareLanded(
      [
        // 500 g at €4.99 vs 1 kg at €8.99 vs 16 oz at $5.49 (converted, then per 100 g).
        member("small", 499, null, unit(100, 100, "g", "EUR"), "in_stock", "EUR"),
        member("big", 899, null, unit(90, 100, "g", "EUR"), "in_stock", "EUR"),
        member("us", 549, null, unit(34, 1, "oz"), "in_stock", "USD"),
        member("per-piece", 299, null, unit(25, 1, "piece", "EUR"), "in_stock", "EUR"),
      ],
      "EUR",
      rates,
    );
    expect(result.per).toEqual({ perQuantity: 100, unit: "g" });
    expect(result.rows.map((r) => r.unit?.amountMinor ?? null)).toEqual([100, 90, 114, null]);
    expect(result.rows[2]?.unit).toEqual(unit(114, 100, "g", "EUR"));
    expect(result.cheapestPerUnit?.watchId).toBe("big");
  });

  it("says nothing is cheapest per unit with fewer than two to compare, or without a rate", () => {
    expect(
      compareLanded([member("a", 499, null, unit(100, 100, "g"))], "USD", null).cheapestPerUnit,
    ).toBeNull();
    const noRate = compareLanded(
      [
        member("a", 499, 499, unit(100, 100, "g", "EUR"), "in_stock", "EUR"),
        member("b", 499, 499, unit(90, 100, "g")),
      ],
      "USD",
      null,
    );
    expect(noRate.rows.map((r) => [r.landed, r.unit?.amountMinor ?? null])).toEqual([
      [null, null],
      [money(499), 90],
    ]);
    expect(noRate.cheapestLanded).toBeNull();
    expect(noRate.cheapestPerUnit).toBeNull();
  });
});
