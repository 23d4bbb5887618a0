import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Availability, ExtractResult } from "../extract/index.ts";
import type { Money } from "../money/index.ts";
import {
  type AlertDecision,
  type AlertRule,
  EMPTY_WATCH_ALERT_STATE,
  type Observation,
  type WatchAlertState,
} from "./alert-rule.ts";
import { createWatchState, decideAlerts, percentChange } from "./decide-alerts.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const WATCH = "w1";

const money = (major: number, currency = "EUR"): Money => ({
  amountMinor: Math.round(major * 100),
  currency,
});

/** A reading without its id (ids are given by position in a sequence). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Reading = DistributiveOmit<Observation, "id"> & { atMinute?: number };

const read = (
  status: ExtractResult["status"],
  price: Money | null,
  availability: Availability,
): Reading => ({ kind: "read", status, price, availability });

const eur = (major: number, availability: Availability = "in_stock") =>
  read("ok", money(major), availability);
const usd = (major: number) => read("ok", money(major, "USD"), "in_stock");
const unk = (major: number) => eur(major, "unknown");
const pre = (major: number) => eur(major, "preorder");
const oos = (major?: number) =>
  read(
    major === undefined ? "no_price" : "ok",
    major === undefined ? null : money(major),
    "out_of_stock",
  );
const fail: Reading = { kind: "failed" };
const amb = (major: number) => read("ambiguous", money(major), "in_stock");
const noPrice = (availability: Availability = "unknown") => read("no_price", null, availability);
const notProduct = read("not_product", null, "unknown");
const at = (atMinute: number, reading: Reading): Reading => ({ ...reading, atMinute });

const ANY_DROP: AlertRule = { kind: "any_drop" };
const BELOW_45: AlertRule = { kind: "below_target", target: money(45) };
const PERCENT_20: AlertRule = { kind: "percent_drop", percent: 20 };
const BACK: AlertRule = { kind: "back_in_stock" };
const CHANGE: AlertRule = { kind: "any_change" };
const ABOVE_120: AlertRule = { kind: "rises_above", threshold: money(120) };

/** Runs readings in order from an empty state; one outcome per step: "", an event kind, or "hold:<reason>". */
function run(rule: AlertRule, readings: Reading[], state = EMPTY_WATCH_ALERT_STATE) {
  const outcomes: string[] = [];
  const decisions: AlertDecision[] = [];
  let current: WatchAlertState = state;
  readings.forEach((reading, index) => {
    const { atMinute, ...rest } = reading;
    const observation = { ...rest, id: `obs-${index}` } as Observation;
    const now = new Date(T0 + (atMinute ?? index * 10) * 60_000);
    const decision = decideAlerts({ watchId: WATCH, rule, state: current, observation, now });
    decisions.push(decision);
    current = decision.nextState;
    outcomes.push(
      decision.hold ? `hold:${decision.hold.reason}` : decision.events.map((e) => e.kind).join("+"),
    );
  });
  return { outcomes, state: current, decisions };
}

type Row = [name: string, rule: AlertRule, readings: Reading[], expected: string[]];

const D = "price_drop";
const BT = "below_target";
const PD = "percent_drop";
const BIS = "back_in_stock";
const PC = "price_change";
const PR = "price_rise";

const rows: Row[] = [
  // any_drop
  ["any_drop: the first observation never alerts", ANY_DROP, [eur(100)], [""]],
  ["any_drop: a drop alerts", ANY_DROP, [eur(100), eur(90)], ["", D]],
  ["any_drop: a rise does not alert", ANY_DROP, [eur(100), eur(110)], ["", ""]],
  ["any_drop: one cent down alerts", ANY_DROP, [eur(100), eur(99.99)], ["", D]],
  [
    "any_drop: the same price again never re-alerts",
    ANY_DROP,
    [eur(100), eur(90), eur(90), eur(90)],
    ["", D, "", ""],
  ],
  [
    "any_drop: flapping 100 ↔ 90 alerts once",
    ANY_DROP,
    [eur(100), eur(90), eur(100), eur(90), eur(100), eur(90)],
    ["", D, "", "", "", ""],
  ],
  [
    "any_drop: a further drop below the alerted price alerts",
    ANY_DROP,
    [eur(100), eur(90), eur(85)],
    ["", D, D],
  ],
  [
    "any_drop: a partial recovery then a drop above the alerted low does not alert",
    ANY_DROP,
    [eur(100), eur(80), eur(95), eur(90)],
    ["", D, "", ""],
  ],
  [
    "any_drop: re-armed once the price rises above where the drop started",
    ANY_DROP,
    [eur(100), eur(90), eur(100.01), eur(100)],
    ["", D, "", D],
  ],
  ["any_drop: a change of currency is not a drop", ANY_DROP, [eur(100), usd(50)], ["", ""]],
  [
    "any_drop: a change of currency re-baselines",
    ANY_DROP,
    [eur(100), usd(50), usd(45)],
    ["", "", D],
  ],
  [
    "any_drop: switching back to the old currency is a fresh baseline too",
    ANY_DROP,
    [eur(100), usd(50), eur(90)],
    ["", "", ""],
  ],
  ["any_drop: a failed check is not a change", ANY_DROP, [eur(100), fail, eur(90)], ["", "", D]],
  [
    "any_drop: an ambiguous check is not a change",
    ANY_DROP,
    [eur(100), amb(50), eur(100)],
    ["", "", ""],
  ],
  [
    "any_drop: a no-price check is not a change",
    ANY_DROP,
    [eur(100), noPrice(), eur(100)],
    ["", "", ""],
  ],
  [
    "any_drop: a not-a-product check is not a change",
    ANY_DROP,
    [eur(100), notProduct, eur(90)],
    ["", "", D],
  ],
  [
    "any_drop: out of stock without a price is not a drop",
    ANY_DROP,
    [eur(100), oos(), eur(100)],
    ["", "", ""],
  ],
  [
    "any_drop: a price shown while out of stock is not read",
    ANY_DROP,
    [eur(100), oos(50), eur(100)],
    ["", "", ""],
  ],
  [
    "any_drop: back in stock cheaper alerts against the last in-stock price",
    ANY_DROP,
    [eur(100), oos(), eur(80)],
    ["", "", D],
  ],
  [
    "any_drop: a zero price is held for confirmation",
    ANY_DROP,
    [eur(100), eur(0)],
    ["", "hold:zero_price"],
  ],
  [
    "any_drop: a confirmed zero price alerts",
    ANY_DROP,
    [eur(100), eur(0), eur(0)],
    ["", "hold:zero_price", D],
  ],
  [
    "any_drop: a confirmed zero price is not held again",
    ANY_DROP,
    [eur(100), eur(0), eur(0), eur(0)],
    ["", "hold:zero_price", D, ""],
  ],
  [
    "any_drop: an unconfirmed zero price (glitch) is dropped",
    ANY_DROP,
    [eur(100), eur(0), eur(100)],
    ["", "hold:zero_price", ""],
  ],
  ["any_drop: a 95 % drop is held", ANY_DROP, [eur(100), eur(5)], ["", "hold:steep_drop"]],
  ["any_drop: a 94 % drop is not held", ANY_DROP, [eur(100), eur(6)], ["", D]],
  [
    "any_drop: a confirmed 95 % drop alerts",
    ANY_DROP,
    [eur(100), eur(5), eur(5)],
    ["", "hold:steep_drop", D],
  ],
  [
    "any_drop: a disagreeing re-check is held again",
    ANY_DROP,
    [eur(100), eur(5), eur(4), eur(4)],
    ["", "hold:steep_drop", "hold:steep_drop", D],
  ],
  [
    "any_drop: a failed re-check leaves the hold pending for the next check",
    ANY_DROP,
    [eur(100), eur(5), fail, eur(5)],
    ["", "hold:steep_drop", "", D],
  ],
  ["any_drop: a zero first price is held too", ANY_DROP, [eur(0)], ["hold:zero_price"]],
  ["any_drop: unknown availability still reads prices", ANY_DROP, [unk(100), unk(90)], ["", D]],
  ["any_drop: preorder prices are read", ANY_DROP, [pre(100), pre(90)], ["", D]],
  // below_target
  [
    "below_target: first observation already below target does not alert",
    BELOW_45,
    [eur(39.99)],
    [""],
  ],
  [
    "below_target: already met at creation stays silent while below",
    BELOW_45,
    [eur(39.99), eur(35)],
    ["", ""],
  ],
  ["below_target: crossing the target alerts", BELOW_45, [eur(50), eur(44)], ["", BT]],
  ["below_target: exactly the target alerts", BELOW_45, [eur(50), eur(45)], ["", BT]],
  [
    "below_target: one cent above the target does not alert",
    BELOW_45,
    [eur(50), eur(45.01)],
    ["", ""],
  ],
  [
    "below_target: lower prices below the target do not re-alert",
    BELOW_45,
    [eur(50), eur(44), eur(40), eur(44)],
    ["", BT, "", ""],
  ],
  [
    "below_target: re-armed when the price rises above the target",
    BELOW_45,
    [eur(50), eur(44), eur(45.01), eur(44)],
    ["", BT, "", BT],
  ],
  [
    "below_target: a target in another currency never alerts",
    { kind: "below_target", target: money(45, "USD") },
    [eur(50), eur(40)],
    ["", ""],
  ],
  [
    "below_target: a currency change into the target's currency is a fresh baseline",
    BELOW_45,
    [usd(50), eur(40)],
    ["", ""],
  ],
  [
    "below_target: back in stock below target alerts",
    BELOW_45,
    [eur(50), oos(), eur(40)],
    ["", "", BT],
  ],
  [
    "below_target: a failed check between does not matter",
    BELOW_45,
    [eur(50), fail, eur(40)],
    ["", "", BT],
  ],
  // percent_drop
  [
    "percent_drop: 15 % does not alert, 20 % does",
    PERCENT_20,
    [eur(100), eur(85), eur(80)],
    ["", "", PD],
  ],
  [
    "percent_drop: small drops add up from the baseline",
    PERCENT_20,
    [eur(100), eur(95), eur(90), eur(85), eur(79.99)],
    ["", "", "", "", PD],
  ],
  [
    "percent_drop: the baseline stays the first price after a rise",
    PERCENT_20,
    [eur(100), eur(120), eur(96)],
    ["", "", ""],
  ],
  [
    "percent_drop: measured from the baseline, not the last price",
    PERCENT_20,
    [eur(100), eur(120), eur(80)],
    ["", "", PD],
  ],
  [
    "percent_drop: re-armed above the level, alerts again below it",
    PERCENT_20,
    [eur(100), eur(80), eur(75), eur(81), eur(79)],
    ["", PD, "", "", PD],
  ],
  [
    "percent_drop: a currency change re-baselines",
    PERCENT_20,
    [eur(100), usd(90), usd(72)],
    ["", "", PD],
  ],
  [
    "percent_drop: fractional percent 12.5 % hits exactly",
    { kind: "percent_drop", percent: 12.5 },
    [eur(100), eur(87.5)],
    ["", PD],
  ],
  [
    "percent_drop: fractional percent 12.5 % one cent short",
    { kind: "percent_drop", percent: 12.5 },
    [eur(100), eur(87.51)],
    ["", ""],
  ],
  // back_in_stock
  ["back_in_stock: the first observation never alerts", BACK, [eur(100)], [""]],
  [
    "back_in_stock: out of stock at first, then in stock alerts",
    BACK,
    [oos(), eur(100)],
    ["", BIS],
  ],
  ["back_in_stock: in → out → in alerts", BACK, [eur(100), oos(), eur(100)], ["", "", BIS]],
  [
    "back_in_stock: flapping out → in → out → in within the hour alerts once",
    BACK,
    [oos(), eur(100), oos(), eur(100)],
    ["", BIS, "", ""],
  ],
  [
    "back_in_stock: back again an hour after the last alert alerts again",
    BACK,
    [at(0, oos()), at(10, eur(100)), at(20, oos()), at(70, eur(100))],
    ["", BIS, "", BIS],
  ],
  [
    "back_in_stock: unknown availability is not back in stock",
    BACK,
    [oos(), unk(100), eur(100)],
    ["", "", BIS],
  ],
  [
    "back_in_stock: an in-stock page without a price is not trusted",
    BACK,
    [oos(), noPrice("in_stock"), eur(100)],
    ["", "", BIS],
  ],
  ["back_in_stock: preorder counts as available", BACK, [oos(), pre(100)], ["", BIS]],
  [
    "back_in_stock: a failed check is not back in stock",
    BACK,
    [oos(), fail, eur(100)],
    ["", "", BIS],
  ],
  ["back_in_stock: price drops alone do not alert", BACK, [eur(100), eur(50)], ["", ""]],
  [
    "back_in_stock: a suspicious price is held even when back in stock",
    BACK,
    [eur(100), oos(), eur(1), eur(1)],
    ["", "", "hold:steep_drop", BIS],
  ],
  [
    "back_in_stock: back in stock in another currency still alerts",
    BACK,
    [eur(100), oos(), usd(100)],
    ["", "", BIS],
  ],
  // any_change
  ["any_change: a drop is a change", CHANGE, [eur(100), eur(90)], ["", PC]],
  ["any_change: a rise is a change", CHANGE, [eur(100), eur(110)], ["", PC]],
  ["any_change: the same price is not", CHANGE, [eur(100), eur(100)], ["", ""]],
  ["any_change: every change alerts", CHANGE, [eur(100), eur(90), eur(100)], ["", PC, PC]],
  ["any_change: a change of currency is not", CHANGE, [eur(100), usd(100)], ["", ""]],
  [
    "any_change: out of stock is not a price change",
    CHANGE,
    [eur(100), oos(), oos(20), eur(100)],
    ["", "", "", ""],
  ],
  // rises_above
  ["rises_above: crossing the threshold alerts", ABOVE_120, [eur(100), eur(121)], ["", PR]],
  [
    "rises_above: reaching exactly the threshold does not",
    ABOVE_120,
    [eur(100), eur(120)],
    ["", ""],
  ],
  [
    "rises_above: re-armed at or below the threshold",
    ABOVE_120,
    [eur(100), eur(121), eur(130), eur(120), eur(125)],
    ["", PR, "", "", PR],
  ],
  ["rises_above: already above at first does not alert", ABOVE_120, [eur(130), eur(140)], ["", ""]],
  [
    "rises_above: a price shown while out of stock is not read",
    ABOVE_120,
    [eur(100), oos(150), eur(100)],
    ["", "", ""],
  ],
  [
    "rises_above: a threshold in another currency never alerts",
    { kind: "rises_above", threshold: money(120, "USD") },
    [eur(100), eur(200)],
    ["", ""],
  ],
];

describe("decideAlerts table", () => {
  it.each(rows)("%s", (_name, rule, readings, expected) => {
    expect(run(rule, readings).outcomes).toEqual(expected);
  });
});

describe("decideAlerts events", () => {
  it("carries old and new price, percent change and a stable key", () => {
    const { decisions } = run(ANY_DROP, [eur(100), eur(80)]);
    expect(decisions[1]?.events).toEqual([
      {
        kind: "price_drop",
        watchId: WATCH,
        observationId: "obs-1",
        oldPrice: money(100),
        newPrice: money(80),
        percentChange: -20,
        idempotencyKey: "w1:price_drop:obs-1",
      },
    ]);
  });

  it("percent_drop reports the change from the baseline", () => {
    const { decisions } = run(PERCENT_20, [eur(100), eur(120), eur(75)]);
    const event = decisions[2]?.events[0];
    expect(event?.oldPrice).toEqual(money(100));
    expect(event?.percentChange).toBe(-25);
  });

  it("back in stock cheaper is one event carrying both prices", () => {
    const { decisions } = run(BACK, [eur(100), oos(), eur(79.99)]);
    expect(decisions[2]?.events).toHaveLength(1);
    expect(decisions[2]?.events[0]).toMatchObject({
      kind: "back_in_stock",
      oldPrice: money(100),
      newPrice: money(79.99),
      percentChange: -20,
    });
  });

  it("back in stock with no earlier price has no old price", () => {
    const { decisions } = run(BACK, [oos(), eur(50)]);
    expect(decisions[1]?.events[0]).toMatchObject({ oldPrice: null, percentChange: null });
  });

  it("a hold leaves everything but the pending price unchanged", () => {
    const first = run(ANY_DROP, [eur(100)]).state;
    const decision = decideAlerts({
      watchId: WATCH,
      rule: ANY_DROP,
      state: first,
      observation: { ...eur(1), id: "x" } as Observation,
      now: new Date(T0),
    });
    expect(decision.hold).toEqual({ reason: "steep_drop", price: money(1) });
    expect(decision.nextState).toEqual({ ...first, pendingPrice: money(1) });
  });

  it("percentChange rounds to one decimal and handles zero", () => {
    expect(percentChange(money(3), money(2))).toBe(-33.3);
    expect(percentChange(money(0), money(2))).toBeNull();
    expect(percentChange(null, money(2))).toBeNull();
    expect(percentChange(money(2), money(2))).toBe(0);
    expect(Object.is(percentChange(money(2), money(2)), -0)).toBe(false);
  });
});

describe("createWatchState", () => {
  it("a rule already met at creation does not alert on the next check", () => {
    const state = createWatchState({
      watchId: WATCH,
      rule: BELOW_45,
      current: { ...eur(39.99), id: "c" } as Observation,
      now: new Date(T0),
    });
    expect(state).toMatchObject({
      isRuleMet: true,
      lastPrice: money(39.99),
      baselinePrice: money(39.99),
    });
    expect(run(BELOW_45, [eur(39.99)], state).outcomes).toEqual([""]);
    expect(run(BELOW_45, [eur(50), eur(40)], state).outcomes).toEqual(["", BT]);
  });

  it("without a current reading starts empty", () => {
    expect(
      createWatchState({ watchId: WATCH, rule: ANY_DROP, current: null, now: new Date(T0) }),
    ).toEqual(EMPTY_WATCH_ALERT_STATE);
  });

  it("created out of stock, a back_in_stock watch alerts when it returns", () => {
    const state = createWatchState({
      watchId: WATCH,
      rule: BACK,
      current: { ...oos(), id: "c" } as Observation,
      now: new Date(T0),
    });
    expect(run(BACK, [eur(10)], state).outcomes).toEqual([BIS]);
  });
});

// ---- properties ----

const currencyArb = fc.constantFrom("EUR", "USD");
const availabilityArb = fc.constantFrom<Availability>(
  "in_stock",
  "out_of_stock",
  "preorder",
  "unknown",
);
const moneyArb = fc.record({
  amountMinor: fc.integer({ min: 0, max: 20_000 }),
  currency: currencyArb,
});
const readingArb: fc.Arbitrary<Reading> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("read" as const),
      status: fc.constant("ok" as const),
      price: moneyArb,
      availability: availabilityArb,
    }),
  },
  { weight: 1, arbitrary: fc.constant(fail) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("read" as const),
      status: fc.constantFrom("ambiguous" as const, "not_product" as const, "no_price" as const),
      price: fc.option(moneyArb),
      availability: availabilityArb,
    }),
  },
);
const ruleArb: fc.Arbitrary<AlertRule> = fc.oneof(
  fc.constant(ANY_DROP),
  fc.constant(BACK),
  fc.constant(CHANGE),
  moneyArb.map((target) => ({ kind: "below_target" as const, target })),
  moneyArb.map((threshold) => ({ kind: "rises_above" as const, threshold })),
  fc
    .integer({ min: 1, max: 9_999 })
    .map((bp) => ({ kind: "percent_drop" as const, percent: bp / 100 })),
);
const stepsArb = fc.array(
  fc.record({ reading: readingArb, gapMinutes: fc.integer({ min: 0, max: 180 }) }),
  { maxLength: 25 },
);

type Step = { reading: Reading; gapMinutes: number };

function* walk(rule: AlertRule, steps: Step[]) {
  let state = EMPTY_WATCH_ALERT_STATE;
  let minute = 0;
  for (const [index, step] of steps.entries()) {
    minute += step.gapMinutes;
    const observation = { ...step.reading, id: `o${index}` } as Observation;
    const now = new Date(T0 + minute * 60_000);
    const input = { watchId: WATCH, rule, state, observation, now };
    const decision = decideAlerts(input);
    yield { input, decision, before: state };
    state = decision.nextState;
  }
}

const PRICE_EVENTS = new Set([
  "price_drop",
  "below_target",
  "percent_drop",
  "price_change",
  "price_rise",
]);

describe("decideAlerts properties", () => {
  it("the same inputs always give the same decision and keys", () => {
    fc.assert(
      fc.property(ruleArb, stepsArb, (rule, steps) => {
        for (const { input, decision } of walk(rule, steps)) {
          expect(decideAlerts(structuredClone(input))).toEqual(decision);
        }
      }),
    );
  });

  it("a change of currency never produces a price event, and events compare like with like", () => {
    fc.assert(
      fc.property(ruleArb, stepsArb, (rule, steps) => {
        for (const { input, decision, before } of walk(rule, steps)) {
          const obs = input.observation;
          const isCurrencyChange =
            obs.kind === "read" &&
            obs.price !== null &&
            before.lastPrice !== null &&
            obs.price.currency !== before.lastPrice.currency;
          if (isCurrencyChange)
            expect(decision.events.filter((e) => PRICE_EVENTS.has(e.kind))).toEqual([]);
          for (const event of decision.events) {
            if (event.oldPrice !== null)
              expect(event.oldPrice.currency).toBe(event.newPrice.currency);
          }
        }
      }),
    );
  });

  it("a failed, ambiguous or not-a-product check never produces an event or changes state", () => {
    fc.assert(
      fc.property(ruleArb, stepsArb, (rule, steps) => {
        for (const { input, decision, before } of walk(rule, steps)) {
          const obs = input.observation;
          if (obs.kind === "failed" || obs.status === "ambiguous" || obs.status === "not_product") {
            expect(decision.events).toEqual([]);
            expect(decision.hold).toBeNull();
            expect(decision.nextState).toBe(before);
          }
        }
      }),
    );
  });

  it("after an alert, repeating the same reading never alerts again", () => {
    fc.assert(
      fc.property(ruleArb, stepsArb, (rule, steps) => {
        for (const { input, decision } of walk(rule, steps)) {
          if (decision.events.length === 0) continue;
          const again = decideAlerts({
            ...input,
            state: decision.nextState,
            observation: { ...input.observation, id: `${input.observation.id}-again` },
            now: new Date(input.now.getTime() + 5 * 60_000),
          });
          expect(again.events).toEqual([]);
          expect(again.hold).toBeNull();
        }
      }),
    );
  });

  it("the first trusted observation never alerts", () => {
    fc.assert(
      fc.property(ruleArb, readingArb, (rule, reading) => {
        const [first] = [...walk(rule, [{ reading, gapMinutes: 0 }])];
        expect(first?.decision.events).toEqual([]);
      }),
    );
  });

  it("at most one event per decision, each with a unique key", () => {
    fc.assert(
      fc.property(ruleArb, stepsArb, (rule, steps) => {
        const keys = new Set<string>();
        for (const { decision } of walk(rule, steps)) {
          expect(decision.events.length).toBeLessThanOrEqual(1);
          for (const event of decision.events) {
            expect(keys.has(event.idempotencyKey)).toBe(false);
            keys.add(event.idempotencyKey);
          }
        }
      }),
    );
  });
});
