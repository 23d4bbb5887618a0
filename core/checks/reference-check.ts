import { formatMoney, type Money } from "../money/index.ts";
import { type PriceRun, runsOf, type VerdictPoint } from "./price-verdict.ts";

/**
 * A discount checked against history (issue #37 item 2, docs/decisions/0062): when a page shows
 * a "was" / list / RRP price beside a lower price, did Dropwave ever see that reference charged,
 * and for how long before the sale? Pure: the caller passes the compact history.
 */

export const REFERENCE_KEYS = ["charged", "inflated", "not_enough_history"] as const;
export type ReferenceKey = (typeof REFERENCE_KEYS)[number];

export type ReferenceCheck = {
  key: ReferenceKey;
  /** The page's "was" price. */
  reference: Money;
  /** The price it is a discount from. */
  price: Money;
  /** When the current stretch of prices below the reference began (the sale), ISO. */
  saleStartedAt: string;
  /** Days the reference (or more) was charged in the REFERENCE_WINDOW_DAYS before the sale. */
  chargedDaysBeforeSale: number;
  /** Days the reference (or more) was charged in all the history. */
  chargedDaysEver: number;
  /** The end of the last stretch at the reference or more, ISO; null when never seen. */
  lastChargedAt: string | null;
  /** Days of priced history (same currency) behind the check. */
  observedDays: number;
};

const DAY_MS = 86_400_000;
/** The time before the sale that is searched for the reference being charged. */
export const REFERENCE_WINDOW_DAYS = 90;
/**
 * Charged for at most this long before the sale, the reference is inflated: a day's hold plus
 * half a day of check spacing (a run lasts until the next check saw another price).
 */
export const INFLATED_MAX_HOLD_MS = 1.5 * DAY_MS;
/** Less priced history than this and a reference never seen charged is no evidence. */
export const MIN_REFERENCE_HISTORY_DAYS = 7;

/** Overlap of a run with [from, to], in ms. */
function overlap(run: PriceRun, from: number, to: number): number {
  return Math.max(0, Math.min(run.end, to) - Math.max(run.start, from));
}

/**
 * The check of `reference` against the history, for `price` at `now`; null when there is no
 * discount to check (no reference, not above the price, another currency).
 */
export function checkReference(
  points: readonly VerdictPoint[],
  price: Money | null,
  reference: Money | null,
  now: Date,
): ReferenceCheck | null {
  if (!price || !reference) return null;
  if (reference.currency !== price.currency || reference.amountMinor <= price.amountMinor) {
    return null;
  }
  const nowMs = now.getTime();
  const runs = runsOf(points, price.currency, nowMs).filter((r) => r.end > r.start);
  const isCharged = (r: PriceRun) => r.amount >= reference.amountMinor;

  // The sale: the trailing stretch of runs below the reference (gaps without checks included).
  let saleStart = nowMs;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (isCharged(run)) break;
    saleStart = Math.min(saleStart, run.start);
  }
  const charged = runs.filter(isCharged);
  const windowFrom = saleStart - REFERENCE_WINDOW_DAYS * DAY_MS;
  const chargedBeforeSale = charged.reduce((sum, r) => sum + overlap(r, windowFrom, saleStart), 0);
  const chargedEver = charged.reduce((sum, r) => sum + (r.end - r.start), 0);
  const observed = runs.reduce((sum, r) => sum + (r.end - r.start), 0);
  const lastCharged = charged.length > 0 ? Math.max(...charged.map((r) => r.end)) : null;

  // A "sale" older than the window is the usual price by now: its reference is stale.
  const isStale = saleStart < nowMs - REFERENCE_WINDOW_DAYS * DAY_MS;
  const key: ReferenceKey =
    chargedBeforeSale > INFLATED_MAX_HOLD_MS && !isStale
      ? "charged"
      : observed < MIN_REFERENCE_HISTORY_DAYS * DAY_MS
        ? "not_enough_history"
        : "inflated";
  return {
    key,
    reference,
    price,
    saleStartedAt: new Date(saleStart).toISOString(),
    chargedDaysBeforeSale: chargedBeforeSale / DAY_MS,
    chargedDaysEver: chargedEver / DAY_MS,
    lastChargedAt: lastCharged === null ? null : new Date(lastCharged).toISOString(),
    observedDays: observed / DAY_MS,
  };
}

function days(n: number): string {
  if (n < 1) return "less than a day";
  const whole = Math.floor(n);
  return whole === 1 ? "1 day" : `${whole} days`;
}

/** The check in one sentence, the same on the product page, the API's readers and the email. */
export function describeReference(check: ReferenceCheck, now: Date): string {
  const was = formatMoney(check.reference);
  const sinceCharged =
    check.lastChargedAt === null ? 0 : (now.getTime() - Date.parse(check.lastChargedAt)) / DAY_MS;
  switch (check.key) {
    case "charged":
      return `Real discount: ${was} was charged for ${days(check.chargedDaysBeforeSale)} in the ${REFERENCE_WINDOW_DAYS} days before this sale`;
    case "inflated":
      if (check.chargedDaysEver === 0) {
        return `Inflated reference: Dropwave never saw ${was} charged in ${days(check.observedDays)} of history`;
      }
      return sinceCharged > REFERENCE_WINDOW_DAYS
        ? `Inflated reference: ${was} was last charged ${days(sinceCharged)} ago`
        : `Inflated reference: ${was} was charged for only ${days(check.chargedDaysBeforeSale)} in the ${REFERENCE_WINDOW_DAYS} days before this sale`;
    case "not_enough_history":
      return `Dropwave has not watched long enough to check the ${was} reference`;
  }
}
