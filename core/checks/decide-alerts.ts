import type { Money } from "../money/index.ts";
import { decideLowAlert, type PriorLows } from "./decide-low-alert.ts";
import { type DealEvidence, isPriceDownEvent, realDealReason } from "./real-deal.ts";

export type { PriorLows };

import {
  type AlertDecision,
  type AlertEvent,
  type AlertEventKind,
  type AlertRule,
  EMPTY_WATCH_ALERT_STATE,
  type HoldReason,
  type Observation,
  type WatchAlertState,
} from "./alert-rule.ts";

/** A second back-in-stock alert within this time of the last one is not sent (stock flapping). */
export const STOCK_FLAP_WINDOW_MS = 60 * 60 * 1000;

/** A new price at or below this fraction of the last one (a ≥ 95 % drop) is held for confirmation. */
const STEEP_DROP_NUMERATOR = 1;
const STEEP_DROP_DENOMINATOR = 20;

export type DecideAlertsInput = {
  watchId: string;
  rule: AlertRule;
  state: WatchAlertState;
  observation: Observation;
  now: Date;
  /**
   * The product's lowest prices before this reading (core/checks/prior-lows.ts), for the rules
   * that compare with history (all_time_low, lowest_in_days). Without it they stay silent.
   */
  lows?: PriorLows;
  /**
   * "Only a real deal" (decision 0063): price-down events are raised only when `deal` shows the
   * price is below the 90-day low or a discount from a "was" price really charged. Without
   * `deal`, they stay silent.
   */
  onlyRealDeal?: boolean;
  deal?: DealEvidence;
};

/**
 * The alert decision: pure, deterministic, no clock. See docs/decisions/0007-alert-decisions.md
 * for the rules in plain words. At most one event per call (one rule per watch).
 */
export function decideAlerts(input: DecideAlertsInput): AlertDecision {
  const { watchId, rule, state, observation, now } = input;
  const unchanged: AlertDecision = { events: [], nextState: state, hold: null };

  // A failed, blocked, ambiguous or not-a-product check is never read as a change.
  if (observation.kind === "failed") return unchanged;
  if (observation.status === "ambiguous" || observation.status === "not_product") return unchanged;

  // Out of stock: remember that (even when the page dropped its price), but never read its
  // price: it is neither a drop nor a rise, and it is not kept as the last price.
  if (observation.availability === "out_of_stock") {
    if (state.lastAvailability === "out_of_stock") return unchanged;
    return { ...unchanged, nextState: { ...state, lastAvailability: "out_of_stock" } };
  }

  // No price (and not out of stock): no change at all.
  const price = observation.price;
  if (observation.status !== "ok" || price === null || !isValidAmount(price)) return unchanged;

  const last = state.lastPrice;
  const isSameCurrency = last !== null && last.currency === price.currency;

  // Zero, or a ≥ 95 % drop since the last check: hold until a second reading agrees.
  const holdReason = suspiciousReason(price, isSameCurrency ? last : null);
  if (holdReason !== null && !isSameMoney(state.pendingPrice, price)) {
    return {
      events: [],
      nextState: { ...state, pendingPrice: price },
      hold: { reason: holdReason, price },
    };
  }

  const availability =
    observation.availability === "unknown" ? state.lastAvailability : observation.availability;
  const events: AlertEvent[] = [];
  const event = (kind: AlertEventKind, oldPrice: Money | null): void => {
    events.push(makeEvent(watchId, observation.id, kind, oldPrice, price));
  };

  let next: WatchAlertState = {
    ...state,
    lastAvailability: availability,
    lastPrice: price,
    pendingPrice: null,
  };

  if (!isSameCurrency) {
    // The first trusted price, or a change of currency: a fresh baseline, never an alert.
    next = {
      ...next,
      baselinePrice: price,
      isRuleMet: isThresholdMet(rule, price, price),
      dropFromPrice: null,
      lowestAlertedPrice: null,
    };
  } else {
    next = applyPriceRule(rule, state, next, price, last, event);
    const low = decideLowAlert({ rule, price, lows: input.lows ?? null, now });
    if (low) {
      const lowEvent = makeEvent(watchId, observation.id, low.kind, low.previousLow, price);
      events.push(low.details ? { ...lowEvent, details: low.details } : lowEvent);
    }
  }

  if (rule.kind === "back_in_stock") {
    const wasOut = state.lastAvailability === "out_of_stock";
    const isBuyable = availability === "in_stock" || availability === "preorder";
    if (wasOut && isBuyable) {
      const lastAlertAt = state.lastBackInStockAlertAt;
      const isFlapping =
        lastAlertAt !== null && now.getTime() - lastAlertAt.getTime() < STOCK_FLAP_WINDOW_MS;
      if (!isFlapping) {
        event("back_in_stock", isSameCurrency ? last : null);
        next = { ...next, lastBackInStockAlertAt: new Date(now.getTime()) };
      }
    }
  }

  if (input.onlyRealDeal && events.some(isPriceDownEvent)) {
    const reason = realDealReason(price, input.deal ?? null, now);
    if (reason === null) {
      // Held back, not spent: the rule's hysteresis stays where it was, so a later reading
      // that is a real deal still alerts (a target already "met" would otherwise stay silent).
      return {
        events: events.filter((e) => !isPriceDownEvent(e)),
        nextState: {
          ...next,
          isRuleMet: state.isRuleMet,
          dropFromPrice: state.dropFromPrice,
          lowestAlertedPrice: state.lowestAlertedPrice,
        },
        hold: null,
      };
    }
  }
  return { events, nextState: next, hold: null };
}

/** State for a new watch, from the product's current reading (or none). Never alerts. */
export function createWatchState(input: {
  watchId: string;
  rule: AlertRule;
  current: Observation | null;
  now: Date;
}): WatchAlertState {
  if (input.current === null) return EMPTY_WATCH_ALERT_STATE;
  return decideAlerts({
    watchId: input.watchId,
    rule: input.rule,
    state: EMPTY_WATCH_ALERT_STATE,
    observation: input.current,
    now: input.now,
  }).nextState;
}

/**
 * State for a watch whose rule was just changed (docs/decisions/0007, case 10). What the watch
 * knows about the product stays: last price, baseline, stock, the flap window and a price held
 * for confirmation. Only the old rule's hysteresis goes: an any-drop run starts afresh, and a
 * threshold already met at the last price counts as met, so saving a rule the price already
 * meets does not alert (the person sees the price as they save). With nothing known yet, the
 * product's current reading starts the state, as at creation.
 *
 * (Replacing the state with an empty one, as before, made the next check's price the "first"
 * price: a drop read by that check was taken as the starting point and never alerted.)
 */
export function stateForNewRule(input: {
  watchId: string;
  rule: AlertRule;
  previous: WatchAlertState;
  current: Observation | null;
  now: Date;
}): WatchAlertState {
  const { previous, rule } = input;
  const last = previous.lastPrice;
  if (last === null && previous.lastAvailability === null) {
    return createWatchState({
      watchId: input.watchId,
      rule,
      current: input.current,
      now: input.now,
    });
  }
  return {
    ...previous,
    isRuleMet: last !== null && isThresholdMet(rule, last, previous.baselinePrice ?? last),
    dropFromPrice: null,
    lowestAlertedPrice: null,
  };
}

function applyPriceRule(
  rule: AlertRule,
  state: WatchAlertState,
  next: WatchAlertState,
  price: Money,
  last: Money,
  event: (kind: AlertEventKind, oldPrice: Money | null) => void,
): WatchAlertState {
  switch (rule.kind) {
    case "any_drop": {
      let from = state.dropFromPrice;
      let lowest = state.lowestAlertedPrice;
      // Re-arm once the price is back above where the alerted run of drops started.
      if (from !== null && price.amountMinor > from.amountMinor) {
        from = null;
        lowest = null;
      }
      if (price.amountMinor < last.amountMinor) {
        if (from === null || lowest === null) {
          event("price_drop", last);
          from = last;
          lowest = price;
        } else if (price.amountMinor < lowest.amountMinor) {
          event("price_drop", last);
          lowest = price;
        }
      }
      return { ...next, dropFromPrice: from, lowestAlertedPrice: lowest };
    }
    case "any_change": {
      if (price.amountMinor !== last.amountMinor) {
        event("price_change", last);
      }
      return next;
    }
    case "below_target":
    case "percent_drop":
    case "rises_above": {
      const baseline = state.baselinePrice ?? last;
      const isMet = isThresholdMet(rule, price, baseline);
      if (isMet && !state.isRuleMet) {
        if (rule.kind === "below_target") event("below_target", last);
        else if (rule.kind === "percent_drop") event("percent_drop", baseline);
        else event("price_rise", last);
      }
      return { ...next, isRuleMet: isMet };
    }
    case "back_in_stock":
    case "all_time_low":
    case "lowest_in_days":
      // back_in_stock is read from availability; the lows from history (decideLowAlert).
      return next;
  }
}

/** Whether a threshold rule's condition holds for `price` (false for the other rules). */
export function isThresholdMet(rule: AlertRule, price: Money, baseline: Money | null): boolean {
  switch (rule.kind) {
    case "below_target":
      return (
        rule.target.currency === price.currency && price.amountMinor <= rule.target.amountMinor
      );
    case "rises_above":
      return (
        rule.threshold.currency === price.currency && price.amountMinor > rule.threshold.amountMinor
      );
    case "percent_drop": {
      if (baseline === null || baseline.currency !== price.currency) return false;
      const level = percentDropLevel(baseline, rule.percent);
      return price.amountMinor <= level.amountMinor;
    }
    default:
      return false;
  }
}

/** The highest price that counts as `percent` below `baseline`, in whole minor units. */
export function percentDropLevel(baseline: Money, percent: number): Money {
  const basisPoints = Math.round(percent * 100);
  // price ≤ baseline × (10000 − bp) / 10000, exactly in integers.
  const amountMinor = Math.floor((baseline.amountMinor * (10_000 - basisPoints)) / 10_000);
  return { amountMinor, currency: baseline.currency };
}

/** Zero or a ≥ 95 % drop, unless it is the (already trusted) last price again. */
function suspiciousReason(price: Money, last: Money | null): HoldReason | null {
  if (last !== null && last.amountMinor === price.amountMinor) return null;
  if (price.amountMinor === 0) return "zero_price";
  if (
    last !== null &&
    price.amountMinor * STEEP_DROP_DENOMINATOR <= last.amountMinor * STEEP_DROP_NUMERATOR
  )
    return "steep_drop";
  return null;
}

function makeEvent(
  watchId: string,
  observationId: string,
  kind: AlertEventKind,
  oldPrice: Money | null,
  newPrice: Money,
): AlertEvent {
  return {
    kind,
    watchId,
    observationId,
    oldPrice,
    newPrice,
    percentChange: percentChange(oldPrice, newPrice),
    idempotencyKey: `${watchId}:${kind}:${observationId}`,
  };
}

/** (new − old) / old in percent, rounded to one decimal; null when not comparable. */
export function percentChange(oldPrice: Money | null, newPrice: Money): number | null {
  if (oldPrice === null || oldPrice.amountMinor === 0) return null;
  if (oldPrice.currency !== newPrice.currency) return null;
  const tenths = Math.round(
    ((newPrice.amountMinor - oldPrice.amountMinor) * 1000) / oldPrice.amountMinor,
  );
  return tenths / 10 + 0; // + 0 turns −0 into 0
}

function isValidAmount(price: Money): boolean {
  return Number.isSafeInteger(price.amountMinor) && price.amountMinor >= 0;
}

function isSameMoney(a: Money | null, b: Money): boolean {
  return a !== null && a.amountMinor === b.amountMinor && a.currency === b.currency;
}
