import { describe, expect, it } from "vitest";
import type { DealEvidence } from "../checks/real-deal.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import {
  type AlertingMember,
  type ComparedMember,
  compareGroup,
  decideGroupAlert,
} from "./compare-group.ts";

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
const NOW = new Date("2026-11-27T12:00:00Z");
/** A month of history whose 90-day low (before this price) is `lowMinor`. */
const lowOf = (lowMinor: number): DealEvidence => ({
  lows: {
    currency: "EUR",
    allTime: eur(lowMinor),
    byDays: { 90: eur(lowMinor) },
    firstSeenAt: new Date(NOW.getTime() - 30 * 86_400_000),
  },
  reference: null,
});
/** The store's watch asks for only a real deal (decision 0063), with this evidence. */
const real = (member: ComparedMember, deal?: DealEvidence): AlertingMember => ({
  ...member,
  onlyRealDeal: true,
  ...(deal ? { deal } : {}),
});
const snoozed = (member: ComparedMember): AlertingMember => ({ ...member, isSnoozed: true });

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
    members: AlertingMember[];
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
    // The store's own watch's snooze and "only a real deal", as a watch alert applies them (#37 gap b).
    {
      name: "the store's watch is snoozed: nothing raised, the target counts as met (state moves on)",
      members: [m("a", 12000), snoozed(m("b", 9000))],
      wasMet: false,
      alert: null,
      isMet: true,
    },
    {
      name: "after the snooze, a target met during it raises nothing until re-armed",
      members: [m("a", 12000), m("b", 9000)],
      wasMet: true,
      alert: null,
      isMet: true,
    },
    {
      name: "a snoozed store above the target does not silence the one below",
      members: [snoozed(m("a", 12000)), m("b", 9000)],
      wasMet: false,
      alert: "b",
      isMet: true,
    },
    {
      name: "only a real deal: not below the 90-day low, held back and not spent",
      members: [m("a", 12000), real(m("b", 9000), lowOf(8500))],
      wasMet: false,
      alert: null,
      isMet: false,
    },
    {
      name: "only a real deal: below the 90-day low alerts",
      members: [m("a", 12000), real(m("b", 9000), lowOf(9900))],
      wasMet: false,
      alert: "b",
      isMet: true,
    },
    {
      name: "only a real deal: a discount from a 'was' price really charged alerts",
      members: [real(m("b", 9000), { lows: null, reference: "charged" })],
      wasMet: false,
      alert: "b",
      isMet: true,
    },
    {
      name: "only a real deal without evidence stays silent",
      members: [real(m("b", 9000))],
      wasMet: false,
      alert: null,
      isMet: false,
    },
    {
      name: "a cheaper store that is no real deal leaves the alert to a store that asks nothing",
      members: [real(m("a", 8000), lowOf(7000)), m("b", 9000)],
      wasMet: false,
      alert: "b",
      isMet: true,
    },
    {
      name: "held back while met: not re-armed by a price that is no deal",
      members: [real(m("b", 9000), lowOf(8500))],
      wasMet: true,
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
      now: NOW,
    });
    expect(d.alert?.watchId ?? null).toBe(row.alert);
    expect(d.isMet).toBe(row.isMet);
  });
});
