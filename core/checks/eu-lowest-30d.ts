import { formatMoney, type Money } from "../money/index.ts";
import { type PriceRun, runsOf, type VerdictPoint } from "./price-verdict.ts";

/**
 * The EU's 30-day reference checked against history (issue #37 item 3, docs/decisions/0071).
 * Stores in the EU must print, beside a reduction, the lowest price of the 30 days before it;
 * extraction reads it as its own kind of amount (`referenceLowest30d`). This compares it with
 * the lowest price Dropwave saw in those 30 days. Pure.
 */

export const EU_LOWEST_KEYS = ["matches", "higher_than_seen", "not_enough_history"] as const;
export type EuLowestKey = (typeof EU_LOWEST_KEYS)[number];

export type EuLowest30dCheck = {
  key: EuLowestKey;
  /** What the page states. */
  stated: Money;
  /** The lowest price Dropwave saw in the 30 days before the reduction, or null. */
  seenLow: Money | null;
  /** When the current price began (the reduction), ISO. */
  reductionStartedAt: string;
  /** Days of those 30 that Dropwave's history covers. */
  seenDays: number;
};

const DAY_MS = 86_400_000;
export const EU_WINDOW_DAYS = 30;

function overlap(run: PriceRun, from: number, to: number): number {
  return Math.max(0, Math.min(run.end, to) - Math.max(run.start, from));
}

/** The check of `stated` for `price` at `now`; null without a stated amount in the price's currency. */
export function checkEuLowest30d(
  points: readonly VerdictPoint[],
  price: Money | null,
  stated: Money | null,
  now: Date,
): EuLowest30dCheck | null {
  if (!price || !stated || stated.currency !== price.currency) return null;
  const nowMs = now.getTime();
  const runs = runsOf(points, price.currency, nowMs).filter((r) => r.end > r.start);
  // The reduction: the trailing stretch of runs at today's price.
  let start = nowMs;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.amount !== price.amountMinor) break;
    start = Math.min(start, run.start);
  }
  const from = start - EU_WINDOW_DAYS * DAY_MS;
  const inWindow = runs.filter((r) => overlap(r, from, start) > 0);
  const seen = inWindow.reduce((sum, r) => sum + overlap(r, from, start), 0);
  const low = inWindow.length > 0 ? Math.min(...inWindow.map((r) => r.amount)) : null;
  const key: EuLowestKey =
    low === null ? "not_enough_history" : stated.amountMinor > low ? "higher_than_seen" : "matches";
  return {
    key,
    stated,
    seenLow: low === null ? null : { amountMinor: low, currency: price.currency },
    reductionStartedAt: new Date(start).toISOString(),
    seenDays: seen / DAY_MS,
  };
}

/** The check in one sentence, for the product page. */
export function describeEuLowest30d(check: EuLowest30dCheck): string {
  const stated = formatMoney(check.stated);
  switch (check.key) {
    case "matches":
      return `The store's lowest price of the last 30 days, ${stated}, agrees with what Dropwave saw (lowest ${formatMoney(check.seenLow!)})`;
    case "higher_than_seen":
      return `The store says its lowest price of the last 30 days was ${stated}, but Dropwave saw ${formatMoney(check.seenLow!)} in those days`;
    case "not_enough_history":
      return `The store says its lowest price of the last 30 days was ${stated}; Dropwave did not watch those days`;
  }
}
