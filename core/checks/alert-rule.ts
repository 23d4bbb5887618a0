import { z } from "zod";
import type { Availability, ExtractResult } from "../extract/index.ts";
import { type Money, PositiveMoney } from "../money/index.ts";

/**
 * The one module that owns alert rules: the schema people's input is parsed with (hub forms,
 * /api/v1, import), and the mapping to and from the watch row's four rule columns.
 */

export const MIN_DROP_PERCENT = 0.1;
export const MAX_DROP_PERCENT = 99;
const PERCENT_MESSAGE = `Choose a drop between ${MIN_DROP_PERCENT} % and ${MAX_DROP_PERCENT} %.`;

/** A drop percentage: 0.1–99, at most two decimals. */
export const DropPercent = z
  .number({ error: PERCENT_MESSAGE })
  .min(MIN_DROP_PERCENT, PERCENT_MESSAGE)
  .max(MAX_DROP_PERCENT, PERCENT_MESSAGE)
  .refine(
    (p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6,
    "Use at most two decimals for the percentage.",
  );

export const MIN_LOWEST_DAYS = 7;
export const MAX_LOWEST_DAYS = 365;
const DAYS_MESSAGE = `Choose between ${MIN_LOWEST_DAYS} and ${MAX_LOWEST_DAYS} days.`;

/** "Lowest in N days": a whole number of days, 7–365. */
export const LowestDays = z
  .number({ error: DAYS_MESSAGE })
  .int(DAYS_MESSAGE)
  .min(MIN_LOWEST_DAYS, DAYS_MESSAGE)
  .max(MAX_LOWEST_DAYS, DAYS_MESSAGE);

/** One alert rule per watch. Thresholds are Money above zero, compared only in their own currency. */
export const AlertRule = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("any_drop") }),
    z.object({ kind: z.literal("below_target"), target: PositiveMoney }),
    /** Percent below the baseline (the price when the watch was created). */
    z.object({ kind: z.literal("percent_drop"), percent: DropPercent }),
    z.object({ kind: z.literal("back_in_stock") }),
    z.object({ kind: z.literal("any_change") }),
    z.object({ kind: z.literal("rises_above"), threshold: PositiveMoney }),
    /** A price below every price the product was ever seen at. */
    z.object({ kind: z.literal("all_time_low") }),
    /** A price below every price of the last `days` days. */
    z.object({ kind: z.literal("lowest_in_days"), days: LowestDays }),
  ],
  {
    error:
      "Choose an alert: any_drop, below_target, percent_drop, back_in_stock, any_change, rises_above, all_time_low or lowest_in_days.",
  },
);
export type AlertRule = z.infer<typeof AlertRule>;
export type AlertRuleKind = AlertRule["kind"];
export const ALERT_RULE_KINDS = [
  "any_drop",
  "below_target",
  "percent_drop",
  "back_in_stock",
  "any_change",
  "rises_above",
  "all_time_low",
  "lowest_in_days",
] as const satisfies readonly AlertRuleKind[];

/** The rule's target or threshold, when it has one. */
export function ruleMoney(rule: AlertRule): Money | null {
  return rule.kind === "below_target"
    ? rule.target
    : rule.kind === "rises_above"
      ? rule.threshold
      : null;
}

/** The watch row's rule columns. */
export type RuleColumns = {
  ruleKind: string;
  ruleAmountMinor: number | null;
  ruleCurrency: string | null;
  rulePercent: number | null;
  /** lowest_in_days: the window in days. */
  ruleDays: number | null;
};

export function ruleToColumns(rule: AlertRule): RuleColumns {
  const money = ruleMoney(rule);
  return {
    ruleKind: rule.kind,
    ruleAmountMinor: money?.amountMinor ?? null,
    ruleCurrency: money?.currency ?? null,
    rulePercent: rule.kind === "percent_drop" ? rule.percent : null,
    ruleDays: rule.kind === "lowest_in_days" ? rule.days : null,
  };
}

/** A watch row whose rule columns do not make a rule (written by hand, or by a bug). */
export class UnreadableRuleError extends Error {
  readonly columns: RuleColumns;
  constructor(columns: RuleColumns, reason: string) {
    super(`Unreadable alert rule (${reason}): ${JSON.stringify(columns)}`);
    this.name = "UnreadableRuleError";
    this.columns = columns;
  }
}

/**
 * The watch row's columns → its rule. A row that does not make a rule throws
 * `UnreadableRuleError` rather than being read as some other rule (an "any drop", a 0 USD
 * target or a 10 % drop would alert, or stay silent, for a rule nobody chose). Stored rules
 * are read as stored: limits tightened later for input (the percentage range) do not apply.
 */
export function ruleFromColumns(columns: RuleColumns): AlertRule {
  const { ruleKind, ruleAmountMinor, ruleCurrency, rulePercent, ruleDays } = columns;
  const money = (): Money => {
    if (
      ruleAmountMinor === null ||
      !Number.isSafeInteger(ruleAmountMinor) ||
      ruleCurrency === null ||
      !/^[A-Z]{3}$/.test(ruleCurrency)
    ) {
      throw new UnreadableRuleError(columns, `${ruleKind} needs an amount and a currency`);
    }
    return { amountMinor: ruleAmountMinor, currency: ruleCurrency };
  };
  switch (ruleKind) {
    case "below_target":
      return { kind: "below_target", target: money() };
    case "rises_above":
      return { kind: "rises_above", threshold: money() };
    case "percent_drop":
      if (rulePercent === null || !(rulePercent > 0 && rulePercent < 100)) {
        throw new UnreadableRuleError(columns, "percent_drop needs a percentage between 0 and 100");
      }
      return { kind: "percent_drop", percent: rulePercent };
    case "lowest_in_days":
      if (ruleDays === null || !Number.isSafeInteger(ruleDays) || ruleDays < 1) {
        throw new UnreadableRuleError(columns, "lowest_in_days needs a number of days");
      }
      return { kind: "lowest_in_days", days: ruleDays };
    case "any_drop":
    case "back_in_stock":
    case "any_change":
    case "all_time_low":
      return { kind: ruleKind };
    default:
      throw new UnreadableRuleError(columns, "unknown rule kind");
  }
}

export const DEFAULT_ALERT_RULE: AlertRule = { kind: "any_drop" };

/**
 * One check's outcome as the decision sees it. `id` is the stable identity of the stored
 * observation (row id or sequence); it goes into event idempotency keys.
 * `failed` covers every fetch failure (blocked, timeout, http error, too large, …).
 */
export type Observation =
  | { id: string; kind: "failed" }
  | ({ id: string; kind: "read" } & Pick<ExtractResult, "status" | "price" | "availability">);

/** Availability we remember: `unknown` never overwrites what we knew. */
export type KnownAvailability = Exclude<Availability, "unknown">;

/**
 * What each watch keeps between checks (one row per watch; see docs/decisions/0007).
 * Dates are instants (timestamptz); Money is amountMinor bigint + currency char(3).
 */
export type WatchAlertState = {
  /** Reference for percent_drop: the first trusted price, reset on a currency change. */
  baselinePrice: Money | null;
  /** Last trusted price of a buyable item (prices read while out of stock are not kept). */
  lastPrice: Money | null;
  /** Last known availability; `unknown` readings leave it as it was. */
  lastAvailability: KnownAvailability | null;
  /** Threshold rules (below_target, percent_drop, rises_above): the condition held at the last trusted price. Re-arms when false. */
  isRuleMet: boolean;
  /** any_drop: the price the current run of drops started from; null when armed. */
  dropFromPrice: Money | null;
  /** any_drop: the lowest price already alerted in the current run. */
  lowestAlertedPrice: Money | null;
  /** back_in_stock: when the last back-in-stock alert was raised (flap suppression). */
  lastBackInStockAlertAt: Date | null;
  /** A zero or ≥ 95 % lower price held until a second reading agrees. */
  pendingPrice: Money | null;
};

export const EMPTY_WATCH_ALERT_STATE: WatchAlertState = {
  baselinePrice: null,
  lastPrice: null,
  lastAvailability: null,
  isRuleMet: false,
  dropFromPrice: null,
  lowestAlertedPrice: null,
  lastBackInStockAlertAt: null,
  pendingPrice: null,
};

export type AlertEventKind =
  | "price_drop"
  | "below_target"
  | "percent_drop"
  | "back_in_stock"
  | "price_change"
  | "price_rise"
  | "all_time_low"
  | "lowest_in_days";

export type AlertEvent = {
  kind: AlertEventKind;
  watchId: string;
  observationId: string;
  /** The compared-against price: the last price, or the baseline for percent_drop. Null only for back_in_stock with no earlier price. */
  oldPrice: Money | null;
  newPrice: Money;
  /** (new − old) / old in percent, one decimal; negative for drops. Null when old is missing or zero. */
  percentChange: number | null;
  /** `${watchId}:${kind}:${observationId}` — unique per event; same inputs, same key. */
  idempotencyKey: string;
  /** What the words of this kind's message need beyond the prices (e.g. lowest_in_days' days). */
  details?: Record<string, number>;
};

export type HoldReason = "zero_price" | "steep_drop";

export type AlertDecision = {
  events: AlertEvent[];
  nextState: WatchAlertState;
  /** Set when the reading is suspicious: re-check now and call again with the new observation. */
  hold: { reason: HoldReason; price: Money } | null;
};
