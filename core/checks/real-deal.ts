import type { Money } from "../money/index.ts";
import type { AlertEvent } from "./alert-rule.ts";
import type { PriorLows } from "./decide-low-alert.ts";
import type { ReferenceKey } from "./reference-check.ts";

/**
 * "Only a real deal" (issue #37 item 4, docs/decisions/0063): a watch may ask that its
 * price-down alerts be raised only for a price below the product's 90-day low, or a discount
 * whose "was" price Dropwave really saw charged (decision 0062). Pure.
 */

/** The window of "below the 90-day low". */
export const REAL_DEAL_LOW_DAYS = 90;
/** With less history than this, no price is below "the 90-day low" yet. */
export const REAL_DEAL_MIN_HISTORY_DAYS = 7;
const DAY_MS = 86_400_000;

/** What the decision needs beyond the reading, read by the caller from the history. */
export type DealEvidence = {
  /** The product's lows before this reading; `byDays[90]` is the one read. */
  lows: PriorLows | null;
  /** The page's "was" price checked against the history, or null without one (0062). */
  reference: ReferenceKey | null;
};

export type RealDealReason = "below_90_day_low" | "reference_charged";

/** Why `price` is a real deal, or null when it is not (or nothing shows that it is). */
export function realDealReason(
  price: Money,
  evidence: DealEvidence | null,
  now: Date,
): RealDealReason | null {
  if (!evidence) return null;
  if (evidence.reference === "charged") return "reference_charged";
  const lows = evidence.lows;
  if (!lows || lows.currency !== price.currency || lows.firstSeenAt === null) return null;
  const historyMs = now.getTime() - lows.firstSeenAt.getTime();
  if (historyMs < REAL_DEAL_MIN_HISTORY_DAYS * DAY_MS) return null;
  const low = lows.byDays[REAL_DEAL_LOW_DAYS] ?? null;
  return low !== null && price.amountMinor < low.amountMinor ? "below_90_day_low" : null;
}

/** Events about a lower price: the ones "only a real deal" holds back. */
export function isPriceDownEvent(
  event: Pick<AlertEvent, "kind" | "oldPrice" | "newPrice">,
): boolean {
  switch (event.kind) {
    case "price_drop":
    case "below_target":
    case "percent_drop":
    case "all_time_low":
    case "lowest_in_days":
      return true;
    case "price_change":
      return (
        event.oldPrice !== null &&
        event.oldPrice.currency === event.newPrice.currency &&
        event.newPrice.amountMinor < event.oldPrice.amountMinor
      );
    case "back_in_stock":
    case "price_rise":
      return false;
  }
}
