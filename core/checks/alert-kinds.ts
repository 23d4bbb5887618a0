import { formatMoney } from "../money/format-money.ts";
import type { AlertEventKind, AlertRule, AlertRuleKind } from "./alert-rule.ts";

/**
 * What people see of each alert kind, in one table (README.md beside this file says how to add
 * a kind). Rule kinds are what a person chooses; event kinds are what a check raises.
 */

/** The one field a rule kind needs besides its kind, if any. */
export type RuleField = "amount" | "percent" | "days" | null;

export type RuleKindInfo = {
  /** The choice's words in the hub's and the extension's alert pickers. */
  choice: string;
  /** Shown among the first choices, or under "More". */
  group: "main" | "more";
  field: RuleField;
  /** Its alerts are about a lower price ("only a real deal" applies, decision 0063). */
  isPriceDown: boolean;
};

export const RULE_KINDS: Record<AlertRuleKind, RuleKindInfo> = {
  any_drop: { choice: "Any drop", group: "main", field: null, isPriceDown: true },
  below_target: {
    choice: "Below a target price",
    group: "main",
    field: "amount",
    isPriceDown: true,
  },
  percent_drop: { choice: "Drops by N %", group: "main", field: "percent", isPriceDown: true },
  back_in_stock: { choice: "Back in stock", group: "main", field: null, isPriceDown: false },
  all_time_low: { choice: "New all-time low", group: "more", field: null, isPriceDown: true },
  lowest_in_days: { choice: "Lowest in N days", group: "more", field: "days", isPriceDown: true },
  any_change: { choice: "Any change", group: "more", field: null, isPriceDown: true },
  rises_above: { choice: "Price rises above", group: "more", field: "amount", isPriceDown: false },
};

/** Rule kinds in the order pickers show them. */
export const RULE_KIND_ORDER = Object.keys(RULE_KINDS) as AlertRuleKind[];

/** The default window of "lowest in N days". */
export const DEFAULT_LOWEST_DAYS = 30;

/** A rule in a few words: "Below $45.00", "Lowest in 30 days". */
export function describeRule(rule: AlertRule): string {
  switch (rule.kind) {
    case "any_drop":
      return "Any price drop";
    case "below_target":
      return `Below ${formatMoney(rule.target)}`;
    case "percent_drop":
      return `Drops by ${rule.percent} %`;
    case "back_in_stock":
      return "Back in stock";
    case "any_change":
      return "Any price change";
    case "rises_above":
      return `Rises above ${formatMoney(rule.threshold)}`;
    case "all_time_low":
      return "New all-time low";
    case "lowest_in_days":
      return `Lowest in ${rule.days} days`;
  }
}

export type EventKind = AlertEventKind | "unreachable";

export type EventKindInfo = {
  /** The message's label and the start of its title: "Price drop: Kettle now $39.99". */
  label: string;
  /** Good news (green) or not (a rise, unreachable). */
  tone: "good" | "neutral" | "bad";
  /** ntfy's tag (an emoji short code). */
  ntfyTag: string;
};

export const EVENT_KINDS: Record<EventKind, EventKindInfo> = {
  price_drop: { label: "Price drop", tone: "good", ntfyTag: "chart_with_downwards_trend" },
  below_target: { label: "Below your target", tone: "good", ntfyTag: "dart" },
  percent_drop: { label: "Big price drop", tone: "good", ntfyTag: "chart_with_downwards_trend" },
  back_in_stock: { label: "Back in stock", tone: "good", ntfyTag: "package" },
  price_change: { label: "Price change", tone: "neutral", ntfyTag: "left_right_arrow" },
  price_rise: { label: "Price rise", tone: "bad", ntfyTag: "chart_with_upwards_trend" },
  all_time_low: { label: "New all-time low", tone: "good", ntfyTag: "trophy" },
  lowest_in_days: {
    label: "Lowest in a while",
    tone: "good",
    ntfyTag: "chart_with_downwards_trend",
  },
  unreachable: { label: "Can't check any more", tone: "bad", ntfyTag: "warning" },
};

export function isEventKind(kind: string): kind is EventKind {
  return Object.hasOwn(EVENT_KINDS, kind);
}

/**
 * The label of one event: lowest_in_days says its window ("Lowest in 30 days", or "Lowest in
 * the 12 days tracked" while the history is shorter than the window).
 */
export function eventLabel(kind: EventKind, details?: Record<string, unknown>): string {
  // A group's one alert ("any store at or below X", decision 0068) rides on a store's watch.
  if (kind === "below_target" && typeof details?.groupId === "string") {
    return "Below your group's target";
  }
  if (kind === "lowest_in_days") {
    const days = Number(details?.days);
    const covered = Number(details?.coveredDays);
    if (Number.isInteger(days) && days > 0) {
      return Number.isInteger(covered) && covered > 0 && covered < days
        ? `Lowest in the ${covered} day${covered === 1 ? "" : "s"} tracked`
        : `Lowest in ${days} days`;
    }
  }
  return EVENT_KINDS[kind].label;
}
