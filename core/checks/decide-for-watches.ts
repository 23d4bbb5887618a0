import type { SqlExecutor } from "../db/client.ts";
import type { Logger } from "../log.ts";
import type { Money } from "../money/index.ts";
import { alertEventColumns } from "./alert-event-columns.ts";
import {
  type AlertRule,
  type Observation,
  ruleFromColumns,
  UnreadableRuleError,
} from "./alert-rule.ts";
import { alertStateFromJson, alertStateToJson } from "./alert-state-json.ts";
import type { CheckedWatch, NewEvent, StateWrite } from "./check-store.ts";
import { readDealEvidence } from "./deal-evidence.ts";
import { decideAlerts } from "./decide-alerts.ts";
import { lowWindowsFor, type PriorLows } from "./decide-low-alert.ts";
import { readPriorLows } from "./prior-lows.ts";
import type { DealEvidence } from "./real-deal.ts";
import { isSnoozed } from "./snooze.ts";

/**
 * The one place a reading's watch alerts are decided, for both ways a reading arrives: a server
 * check (run-price-check.ts: every active watch of the product) and a person's browser reading
 * (tracking/browser-refresh.ts: that person's watch alone, decision 0048). Both then store the
 * reading and judge the groups it belongs to (core/groups/group-alerts.ts).
 *
 * In three steps, so that a caller holding a lock decides on the row it locked:
 * `readRules` (each watch's rule), `readAlertHistory` (what the rules compare with, read once
 * for every watch deciding on the reading) and `decideForWatches` (pure).
 */

/** A watch as its alert decision reads it. */
export type DecidingWatch = Pick<
  CheckedWatch,
  | "id"
  | "ruleKind"
  | "ruleAmountMinor"
  | "ruleCurrency"
  | "rulePercent"
  | "ruleDays"
  | "onlyRealDeal"
  | "alertState"
  | "updatedAt"
> & {
  /** Alerts are not raised before this instant (a Date, or ISO text as read), null: not snoozed. */
  snoozedUntil: Date | string | null;
};

/** What the rules compare a reading with, read from the history before the reading is stored. */
export type AlertHistory = { lows: PriorLows | null; deal: DealEvidence | null };

export type WatchDecisions = { events: NewEvent[]; stateWrites: StateWrite[]; isHeld: boolean };

/**
 * Each watch's rule; a watch whose rule cannot be read is skipped, alone — loudly with `log`
 * (a caller that reads the rule twice, before and under a lock, logs once).
 */
export function readRules(
  watches: readonly Pick<
    DecidingWatch,
    "id" | "ruleKind" | "ruleAmountMinor" | "ruleCurrency" | "rulePercent" | "ruleDays"
  >[],
  log?: Logger,
): Map<string, AlertRule> {
  const rules = new Map<string, AlertRule>();
  for (const w of watches) {
    try {
      rules.set(w.id, ruleFromColumns(w));
    } catch (error) {
      if (!(error instanceof UnreadableRuleError)) throw error;
      // Loud, and only this watch: its owner's other rules and the other watchers still run.
      log?.error({ watchId: w.id, err: error }, "watch skipped: its alert rule cannot be read");
    }
  }
  return rules;
}

/**
 * The history the rules ask for: the lows when a rule compares with them, and a discount's
 * evidence when a watch asks for only a real deal (decision 0063). Nothing is read when nothing
 * asks, or when the reading has no price.
 */
export async function readAlertHistory(
  sql: SqlExecutor,
  input: {
    productId: string;
    rules: readonly AlertRule[];
    /** Some deciding watch asks for only a real deal. */
    isDealAsked: boolean;
    price: Money | null;
    listPrice: Money | null;
    at: Date;
    /** Also this watch's own readings (a browser's, 0048); otherwise the shared history only. */
    watchId?: string | null;
  },
): Promise<AlertHistory> {
  const { productId, price, at } = input;
  if (price === null) return { lows: null, deal: null };
  const windows = lowWindowsFor(input.rules);
  const watchId = input.watchId ?? null;
  const lows = windows.needsLows
    ? await readPriorLows(sql, {
        productId,
        currency: price.currency,
        days: windows.days,
        now: at,
        watchId,
      })
    : null;
  const deal = input.isDealAsked
    ? await readDealEvidence(sql, {
        productId,
        price,
        listPrice: input.listPrice,
        now: at,
        lows,
        watchId,
      })
    : null;
  return { lows, deal };
}

/**
 * Each watch's alert decision (decide-alerts.ts) on one reading: its events and its new alert
 * state. Pure. A snoozed watch keeps its state up to date but raises nothing until the snooze
 * ends; `isHeld` says a suspicious price waits for a second reading (0007).
 */
export function decideForWatches(input: {
  watches: readonly DecidingWatch[];
  rules: ReadonlyMap<string, AlertRule>;
  history: AlertHistory;
  observation: Observation;
  at: Date;
}): WatchDecisions {
  const { observation, at } = input;
  const { lows, deal } = input.history;
  const events: NewEvent[] = [];
  const stateWrites: StateWrite[] = [];
  let isHeld = false;
  for (const w of input.watches) {
    const rule = input.rules.get(w.id);
    if (!rule) continue;
    const decision = decideAlerts({
      watchId: w.id,
      rule,
      state: alertStateFromJson(w.alertState).state,
      observation,
      now: at,
      ...(lows ? { lows } : {}),
      ...(w.onlyRealDeal ? { onlyRealDeal: true, ...(deal ? { deal } : {}) } : {}),
    });
    if (decision.hold) isHeld = true;
    if (!isSnoozed(w.snoozedUntil, at)) {
      for (const e of decision.events) {
        events.push({ ...alertEventColumns(e), watchId: w.id, watchUpdatedAt: w.updatedAt });
      }
    }
    const nextJson = alertStateToJson(decision.nextState);
    if (!isSameJson(nextJson, w.alertState)) {
      stateWrites.push({ watchId: w.id, watchUpdatedAt: w.updatedAt, state: nextJson });
    }
  }
  return { events, stateWrites, isHeld };
}

/** Deep equality of two JSON values (jsonb hands keys back in its own order). */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bKeys = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((k) =>
    isSameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
