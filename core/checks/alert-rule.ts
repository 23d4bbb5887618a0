import { z } from "zod";
import type { Availability, ExtractResult } from "../extract/index.ts";
import { Money } from "../money/index.ts";

/** One alert rule per watch. Thresholds are Money, compared only in their own currency. */
export const AlertRule = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("any_drop") }),
  z.object({ kind: z.literal("below_target"), target: Money }),
  /** Percent below the baseline (the price when the watch was created). 0 < percent < 100, ≤ 2 decimals. */
  z.object({
    kind: z.literal("percent_drop"),
    percent: z
      .number()
      .gt(0)
      .lt(100)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, "at most two decimals"),
  }),
  z.object({ kind: z.literal("back_in_stock") }),
  z.object({ kind: z.literal("any_change") }),
  z.object({ kind: z.literal("rises_above"), threshold: Money }),
]);
export type AlertRule = z.infer<typeof AlertRule>;

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
  | "price_rise";

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
};

export type HoldReason = "zero_price" | "steep_drop";

export type AlertDecision = {
  events: AlertEvent[];
  nextState: WatchAlertState;
  /** Set when the reading is suspicious: re-check now and call again with the new observation. */
  hold: { reason: HoldReason; price: Money } | null;
};
