import type { Money } from "../money/index.ts";
import type { AlertRule } from "./alert-rule.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The product's lowest trusted prices before the reading being decided, in one currency
 * (read by core/checks/prior-lows.ts from the price history).
 */
export type PriorLows = {
  /** The currency the lows are in (the reading's). */
  currency: string;
  /** The lowest price ever seen; null with no history. */
  allTime: Money | null;
  /** The lowest price seen in the last N days, by N; null when none was seen in the window. */
  byDays: Readonly<Record<number, Money | null>>;
  /** When the product's first trusted price was seen (how much history the lows cover). */
  firstSeenAt: Date | null;
};

export type LowAlert = {
  kind: "all_time_low" | "lowest_in_days";
  /** The low this price went under. */
  previousLow: Money;
  /** lowest_in_days: the window asked for and the days of history it covers (fewer at first). */
  details: { days: number; coveredDays: number } | null;
};

/**
 * "New all-time low" and "lowest in N days": pure. The reading's price alerts when it is
 * strictly below every earlier price of the window (the whole history, or the last N days),
 * in the same currency. A price equal to the low does not alert, so a run of readings at the
 * new low alerts once; a price that rises and comes back to the same low does not alert again.
 * With no earlier price there is nothing to compare with: the first price is never a low.
 */
export function decideLowAlert(input: {
  rule: AlertRule;
  price: Money;
  lows: PriorLows | null;
  now: Date;
}): LowAlert | null {
  const { rule, price, lows, now } = input;
  if (lows === null || lows.currency !== price.currency) return null;
  if (rule.kind === "all_time_low") {
    const low = lows.allTime;
    if (low === null || price.amountMinor >= low.amountMinor) return null;
    return { kind: "all_time_low", previousLow: low, details: null };
  }
  if (rule.kind === "lowest_in_days") {
    const low = lows.byDays[rule.days] ?? null;
    if (low === null || price.amountMinor >= low.amountMinor) return null;
    return {
      kind: "lowest_in_days",
      previousLow: low,
      details: { days: rule.days, coveredDays: coveredDays(lows.firstSeenAt, now, rule.days) },
    };
  }
  return null;
}

/** Whole days of history behind a window of `days` (at most `days`, at least 1). */
export function coveredDays(firstSeenAt: Date | null, now: Date, days: number): number {
  if (firstSeenAt === null) return 1;
  const whole = Math.floor((now.getTime() - firstSeenAt.getTime()) / DAY_MS);
  return Math.min(days, Math.max(1, whole));
}

/** The windows (in days) the rules of a product's watches ask the history for. */
export function lowWindowsFor(rules: readonly AlertRule[]): { needsLows: boolean; days: number[] } {
  const days = new Set<number>();
  let needsLows = false;
  for (const rule of rules) {
    if (rule.kind === "all_time_low") needsLows = true;
    if (rule.kind === "lowest_in_days") {
      needsLows = true;
      days.add(rule.days);
    }
  }
  return { needsLows, days: [...days].sort((a, b) => a - b) };
}
