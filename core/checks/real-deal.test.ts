import { describe, expect, it } from "vitest";
import type { Money } from "../money/index.ts";
import {
  type AlertRule,
  EMPTY_WATCH_ALERT_STATE,
  type Observation,
  type WatchAlertState,
} from "./alert-rule.ts";
import { decideAlerts } from "./decide-alerts.ts";
import type { PriorLows } from "./decide-low-alert.ts";
import { type DealEvidence, isPriceDownEvent, realDealReason } from "./real-deal.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const eur = (major: number): Money => ({ amountMinor: Math.round(major * 100), currency: "EUR" });

/** Lows of a history that began `historyDays` ago and whose 90-day low is `low90`. */
const lows = (low90: number | null, historyDays = 120, currency = "EUR"): PriorLows => ({
  currency,
  allTime: low90 === null ? null : eur(low90),
  byDays: { 90: low90 === null ? null : { ...eur(low90), currency } },
  firstSeenAt: new Date(NOW.getTime() - historyDays * DAY),
});

describe("realDealReason (decision 0063)", () => {
  const rows: {
    name: string;
    price: number;
    evidence: DealEvidence | null;
    reason: ReturnType<typeof realDealReason>;
  }[] = [
    {
      name: "below the 90-day low",
      price: 49,
      evidence: { lows: lows(50), reference: null },
      reason: "below_90_day_low",
    },
    {
      name: "at the 90-day low is not below it",
      price: 50,
      evidence: { lows: lows(50), reference: null },
      reason: null,
    },
    {
      name: "above the 90-day low",
      price: 55,
      evidence: { lows: lows(50), reference: null },
      reason: null,
    },
    {
      name: "a discount whose reference was charged",
      price: 55,
      evidence: { lows: lows(50), reference: "charged" },
      reason: "reference_charged",
    },
    {
      name: "an inflated reference is no real deal",
      price: 55,
      evidence: { lows: lows(50), reference: "inflated" },
      reason: null,
    },
    {
      name: "a reference not yet checkable is no real deal",
      price: 55,
      evidence: { lows: lows(50), reference: "not_enough_history" },
      reason: null,
    },
    {
      name: "less than a week of history: nothing is below 'the 90-day low' yet",
      price: 40,
      evidence: { lows: lows(50, 3), reference: null },
      reason: null,
    },
    {
      name: "no price in the window",
      price: 40,
      evidence: { lows: lows(null), reference: null },
      reason: null,
    },
    {
      name: "lows in another currency",
      price: 40,
      evidence: { lows: lows(50, 120, "USD"), reference: null },
      reason: null,
    },
    { name: "no evidence read", price: 40, evidence: null, reason: null },
  ];
  it.each(rows)("$name", (row) => {
    expect(realDealReason(eur(row.price), row.evidence, NOW)).toBe(row.reason);
  });
});

describe("isPriceDownEvent", () => {
  it("holds back price-down kinds only, and a price change only when it is down", () => {
    const e = (kind: Parameters<typeof isPriceDownEvent>[0]["kind"], from: number, to: number) =>
      isPriceDownEvent({ kind, oldPrice: eur(from), newPrice: eur(to) });
    expect(e("price_drop", 60, 50)).toBe(true);
    expect(e("below_target", 60, 50)).toBe(true);
    expect(e("percent_drop", 60, 50)).toBe(true);
    expect(e("all_time_low", 60, 50)).toBe(true);
    expect(e("lowest_in_days", 60, 50)).toBe(true);
    expect(e("price_change", 60, 50)).toBe(true);
    expect(e("price_change", 50, 60)).toBe(false);
    expect(e("price_rise", 50, 60)).toBe(false);
    expect(e("back_in_stock", 60, 50)).toBe(false);
  });
});

describe("decideAlerts with only a real deal (issue #37 item 4)", () => {
  const reading = (major: number, id: string, availability = "in_stock" as const): Observation => ({
    id,
    kind: "read",
    status: "ok",
    price: eur(major),
    availability,
  });
  const start = (rule: AlertRule, price: number): WatchAlertState =>
    decideAlerts({
      watchId: "w",
      rule,
      state: EMPTY_WATCH_ALERT_STATE,
      observation: reading(price, "0"),
      now: NOW,
    }).nextState;

  it("any drop: a drop above the 90-day low is held back; the next one below it alerts", () => {
    const rule: AlertRule = { kind: "any_drop" };
    const s0 = start(rule, 60);
    const held = decideAlerts({
      watchId: "w",
      rule,
      state: s0,
      observation: reading(55, "1"),
      now: NOW,
      onlyRealDeal: true,
      deal: { lows: lows(50), reference: null },
    });
    expect(held.events).toEqual([]);
    expect(held.nextState.lastPrice).toEqual(eur(55));
    const real = decideAlerts({
      watchId: "w",
      rule,
      state: held.nextState,
      observation: reading(49, "2"),
      now: NOW,
      onlyRealDeal: true,
      deal: { lows: lows(50), reference: null },
    });
    expect(real.events.map((e) => e.kind)).toEqual(["price_drop"]);
  });

  it("without the option the same drop alerts", () => {
    const rule: AlertRule = { kind: "any_drop" };
    const d = decideAlerts({
      watchId: "w",
      rule,
      state: start(rule, 60),
      observation: reading(55, "1"),
      now: NOW,
      deal: { lows: lows(50), reference: null },
    });
    expect(d.events.map((e) => e.kind)).toEqual(["price_drop"]);
  });

  it("below a target: held back while not a real deal, then alerts once it is (the target stays armed)", () => {
    const rule: AlertRule = { kind: "below_target", target: eur(58) };
    const held = decideAlerts({
      watchId: "w",
      rule,
      state: start(rule, 60),
      observation: reading(57, "1"),
      now: NOW,
      onlyRealDeal: true,
      deal: { lows: lows(50), reference: "inflated" },
    });
    expect(held.events).toEqual([]);
    expect(held.nextState.isRuleMet).toBe(false);
    const real = decideAlerts({
      watchId: "w",
      rule,
      state: held.nextState,
      observation: reading(57, "2"),
      now: NOW,
      onlyRealDeal: true,
      deal: { lows: lows(50), reference: "charged" },
    });
    expect(real.events.map((e) => e.kind)).toEqual(["below_target"]);
    expect(real.nextState.isRuleMet).toBe(true);
  });

  it("a price-down event without evidence read stays silent", () => {
    const rule: AlertRule = { kind: "any_drop" };
    const d = decideAlerts({
      watchId: "w",
      rule,
      state: start(rule, 60),
      observation: reading(10, "1"),
      now: NOW,
      onlyRealDeal: true,
    });
    expect(d.events).toEqual([]);
  });

  it("back in stock and a rise are never held back", () => {
    const rule: AlertRule = { kind: "rises_above", threshold: eur(70) };
    const d = decideAlerts({
      watchId: "w",
      rule,
      state: start(rule, 60),
      observation: reading(75, "1"),
      now: NOW,
      onlyRealDeal: true,
      deal: { lows: lows(50), reference: null },
    });
    expect(d.events.map((e) => e.kind)).toEqual(["price_rise"]);
  });
});
