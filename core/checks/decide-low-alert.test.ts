import { describe, expect, it } from "vitest";
import type { Money } from "../money/index.ts";
import {
  type AlertRule,
  EMPTY_WATCH_ALERT_STATE,
  type Observation,
  type WatchAlertState,
} from "./alert-rule.ts";
import { decideAlerts } from "./decide-alerts.ts";
import { coveredDays, decideLowAlert, lowWindowsFor, type PriorLows } from "./decide-low-alert.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-11-01T12:00:00Z");
const eur = (major: number): Money => ({ amountMinor: Math.round(major * 100), currency: "EUR" });

const ATL: AlertRule = { kind: "all_time_low" };
const LOW30: AlertRule = { kind: "lowest_in_days", days: 30 };
const LOW7: AlertRule = { kind: "lowest_in_days", days: 7 };

/** A reading on a day: a price in EUR, "oos" (out of stock at that price) or "fail". */
type Step = { day: number; price: number | "fail"; oos?: boolean };

/**
 * Runs the steps through decideAlerts as the check path does: the lows given to each step are
 * those of the readings before it (the history prior-lows.ts reads), never its own.
 */
function run(rule: AlertRule, steps: Step[]): string[] {
  const seen: { at: number; amount: number }[] = [];
  let state: WatchAlertState = EMPTY_WATCH_ALERT_STATE;
  return steps.map((step, i) => {
    const now = new Date(T0 + step.day * DAY);
    const observation: Observation =
      step.price === "fail"
        ? { id: String(i), kind: "failed" }
        : {
            id: String(i),
            kind: "read",
            status: "ok",
            price: eur(step.price),
            availability: step.oos ? "out_of_stock" : "in_stock",
          };
    const lows = lowsOf(seen, now, rule);
    const decision = decideAlerts({ watchId: "w", rule, state, observation, now, lows });
    state = decision.nextState;
    if (step.price !== "fail" && !step.oos)
      seen.push({ at: now.getTime(), amount: eur(step.price).amountMinor });
    return decision.events.map((e) => `${e.kind}<${(e.oldPrice?.amountMinor ?? 0) / 100}`).join();
  });
}

function lowsOf(seen: { at: number; amount: number }[], now: Date, rule: AlertRule): PriorLows {
  const min = (xs: number[]) => (xs.length === 0 ? null : eur(Math.min(...xs) / 100));
  const byDays: Record<number, Money | null> = {};
  if (rule.kind === "lowest_in_days") {
    byDays[rule.days] = min(
      seen.filter((s) => s.at >= now.getTime() - rule.days * DAY).map((s) => s.amount),
    );
  }
  return {
    currency: "EUR",
    allTime: min(seen.map((s) => s.amount)),
    byDays,
    firstSeenAt: seen[0] ? new Date(seen[0].at) : null,
  };
}

describe("all_time_low and lowest_in_days (decideAlerts with the history's lows)", () => {
  it.each<[string, AlertRule, Step[], string[]]>([
    ["the first price is never a low", ATL, [{ day: 0, price: 100 }], [""]],
    [
      "a price under every earlier one alerts, with the old low",
      ATL,
      [
        { day: 0, price: 100 },
        { day: 1, price: 90 },
      ],
      ["", "all_time_low<100"],
    ],
    [
      "a run at the new low alerts once; equal to the low is not lower",
      ATL,
      [
        { day: 0, price: 100 },
        { day: 1, price: 90 },
        { day: 2, price: 90 },
        { day: 3, price: 95 },
        { day: 4, price: 90 },
      ],
      ["", "all_time_low<100", "", "", ""],
    ],
    [
      "each lower low alerts again",
      ATL,
      [
        { day: 0, price: 100 },
        { day: 1, price: 90 },
        { day: 2, price: 80 },
      ],
      ["", "all_time_low<100", "all_time_low<90"],
    ],
    [
      "a drop that stays above the low is silent",
      ATL,
      [
        { day: 0, price: 80 },
        { day: 1, price: 120 },
        { day: 2, price: 85 },
      ],
      ["", "", ""],
    ],
    [
      "failed checks and out-of-stock prices are never lows",
      ATL,
      [
        { day: 0, price: 100 },
        { day: 1, price: "fail" },
        { day: 2, price: 50, oos: true },
        { day: 3, price: 99 },
      ],
      ["", "", "", "all_time_low<100"],
    ],
    [
      "lowest in 7 days: the low of 10 days ago no longer counts",
      LOW7,
      [
        { day: 0, price: 80 },
        { day: 10, price: 100 },
        { day: 11, price: 95 },
      ],
      ["", "", "lowest_in_days<100"],
    ],
    [
      "lowest in 30 days: the same prices are silent while the 80 is in the window",
      LOW30,
      [
        { day: 0, price: 80 },
        { day: 10, price: 100 },
        { day: 11, price: 95 },
      ],
      ["", "", ""],
    ],
  ])("%s", (_name, rule, steps, expected) => {
    expect(run(rule, steps)).toEqual(expected);
  });

  it("lowest_in_days says how many days of history it covers", () => {
    const decision = decideAlerts({
      watchId: "w",
      rule: LOW30,
      state: { ...EMPTY_WATCH_ALERT_STATE, lastPrice: eur(100), baselinePrice: eur(100) },
      observation: {
        id: "9",
        kind: "read",
        status: "ok",
        price: eur(90),
        availability: "in_stock",
      },
      now: new Date(T0 + 12 * DAY),
      lows: {
        currency: "EUR",
        allTime: eur(95),
        byDays: { 30: eur(95) },
        firstSeenAt: new Date(T0),
      },
    });
    expect(decision.events).toMatchObject([
      { kind: "lowest_in_days", details: { days: 30, coveredDays: 12 } },
    ]);
  });

  it("stays silent without lows, or with lows in another currency", () => {
    const price = eur(10);
    const lows: PriorLows = { currency: "USD", allTime: null, byDays: {}, firstSeenAt: null };
    expect(decideLowAlert({ rule: ATL, price, lows: null, now: new Date(T0) })).toBeNull();
    expect(
      decideLowAlert({
        rule: ATL,
        price,
        lows: { ...lows, allTime: { amountMinor: 5000, currency: "USD" } },
        now: new Date(T0),
      }),
    ).toBeNull();
  });

  it("other rules never raise a low", () => {
    const lows: PriorLows = { currency: "EUR", allTime: eur(100), byDays: {}, firstSeenAt: null };
    expect(
      decideLowAlert({ rule: { kind: "any_drop" }, price: eur(1), lows, now: new Date(T0) }),
    ).toBeNull();
  });

  it("asks the history only for the windows its rules need", () => {
    expect(lowWindowsFor([{ kind: "any_drop" }])).toEqual({ needsLows: false, days: [] });
    expect(lowWindowsFor([ATL, LOW30, LOW7, LOW30])).toEqual({ needsLows: true, days: [7, 30] });
  });

  it.each([
    [null, 0, 30, 1],
    [0, 0.5, 30, 1],
    [0, 12.5, 30, 12],
    [0, 400, 30, 30],
  ])("covered days: first seen day %s, now day %s, window %s → %s", (first, now, days, out) => {
    expect(
      coveredDays(
        first === null ? null : new Date(T0 + first * DAY),
        new Date(T0 + now * DAY),
        days,
      ),
    ).toBe(out);
  });
});
