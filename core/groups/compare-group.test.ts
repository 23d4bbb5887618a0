import { describe, expect, it } from "vitest";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { type ComparedMember, compareGroup, decideGroupAlert } from "./compare-group.ts";

const RATES: ReferenceRates = { date: "2026-11-27", perEur: { EUR: 1, USD: 1.08, GBP: 0.85 } };
const m = (
  watchId: string,
  amountMinor: number | null,
  currency = "EUR",
  availability = "in_stock",
): ComparedMember => ({
  watchId,
  price: amountMinor === null ? null : { amountMinor, currency },
  availability,
});
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });

describe("compareGroup", () => {
  it("the cheapest in stock, in the person's currency", () => {
    const c = compareGroup(
      [m("a", 10000), m("b", 10260, "USD"), m("c", 7650, "GBP", "out_of_stock")],
      "EUR",
      RATES,
    );
    expect(c.status).toBe("compared");
    expect(c.cheapestInStock?.watchId).toBe("b");
    expect(c.rows.map((r) => r.isInStock)).toEqual([true, true, false]);
  });
  it("one currency needs no rates", () => {
    const c = compareGroup([m("a", 10000), m("b", 9000)], "EUR", null);
    expect(c).toMatchObject({
      status: "compared",
      ratesDate: null,
      cheapestInStock: { watchId: "b" },
    });
  });
  it("another currency without rates: unavailable, no cheapest", () => {
    const c = compareGroup([m("a", 10000), m("b", 100, "USD")], "EUR", null);
    expect(c).toMatchObject({ status: "rates_unavailable", cheapestInStock: null });
  });
  it("no store in stock: no cheapest; no prices: nothing to compare", () => {
    expect(compareGroup([m("a", 100, "EUR", "unknown")], "EUR", null).cheapestInStock).toBeNull();
    expect(compareGroup([m("a", null)], "EUR", null).status).toBe("no_prices");
  });
});

describe("decideGroupAlert", () => {
  const rows: {
    name: string;
    members: ComparedMember[];
    wasMet: boolean;
    rates?: ReferenceRates | null;
    alert: string | null;
    isMet: boolean;
  }[] = [
    {
      name: "a store comes below the target",
      members: [m("a", 12000), m("b", 9000)],
      wasMet: false,
      alert: "b",
      isMet: true,
    },
    {
      name: "at the target counts",
      members: [m("a", 9500)],
      wasMet: false,
      alert: "a",
      isMet: true,
    },
    {
      name: "still met: no second alert",
      members: [m("a", 9000)],
      wasMet: true,
      alert: null,
      isMet: true,
    },
    {
      name: "every store above: re-armed",
      members: [m("a", 12000), m("b", 9600)],
      wasMet: true,
      alert: null,
      isMet: false,
    },
    {
      name: "a sold-out store below the target is no alert",
      members: [m("a", 9000, "EUR", "out_of_stock")],
      wasMet: false,
      alert: null,
      isMet: false,
    },
    {
      name: "converted: 102.60 $ is 95.00 €",
      members: [m("a", 12000), m("b", 10260, "USD")],
      wasMet: false,
      rates: RATES,
      alert: "b",
      isMet: true,
    },
    {
      name: "no rates: the dollar store is not judged",
      members: [m("a", 12000), m("b", 10260, "USD")],
      wasMet: false,
      rates: null,
      alert: null,
      isMet: false,
    },
    {
      name: "no rates: a met flag is kept, not re-armed on a guess",
      members: [m("a", 12000), m("b", 10260, "USD")],
      wasMet: true,
      rates: null,
      alert: null,
      isMet: true,
    },
  ];
  it.each(rows)("$name", (row) => {
    const d = decideGroupAlert({
      target: eur(9500),
      members: row.members,
      wasMet: row.wasMet,
      rates: row.rates ?? null,
    });
    expect(d.alert?.watchId ?? null).toBe(row.alert);
    expect(d.isMet).toBe(row.isMet);
  });
});
