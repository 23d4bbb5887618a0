import type { Money } from "../money/index.ts";

/**
 * A verdict on today's price: where it stands against what Dropwave has seen of this product
 * (issue #37 item 1, docs/decisions/0061-price-verdict.md). Pure: the caller reads the compact
 * history and passes it in with the instant the verdict is for.
 */

/** One run of the compact history: a price first seen at `at`, last confirmed at `lastSeenAt`. */
export type VerdictPoint = {
  at: string | Date;
  lastSeenAt: string | Date;
  price: Money | null;
};

export const VERDICT_WINDOWS = [30, 90, 365] as const;
export type VerdictWindowDays = (typeof VERDICT_WINDOWS)[number];

export const VERDICT_KEYS = [
  "no_price",
  "not_enough_history",
  "lowest_ever",
  "lowest_in_365",
  "lowest_in_90",
  "lowest_in_30",
  "lower_than_usual",
  "typical",
  "higher_than_usual",
] as const;
export type VerdictKey = (typeof VERDICT_KEYS)[number];

/** The words a shopper reads, one per key. */
export const VERDICT_WORDS: Record<VerdictKey, string> = {
  no_price: "No price to judge",
  not_enough_history: "Not enough history yet",
  lowest_ever: "Lowest price seen",
  lowest_in_365: "Lowest in a year",
  lowest_in_90: "Lowest in 90 days",
  lowest_in_30: "Lowest in 30 days",
  lower_than_usual: "Lower than usual",
  typical: "Typical price",
  higher_than_usual: "Higher than usual",
};

export type VerdictWindow = {
  days: VerdictWindowDays;
  low: Money | null;
  high: Money | null;
  /** Dropwave's history reaches back the whole window (a claim about it can be made). */
  isCovered: boolean;
};

export type PriceVerdict = {
  key: VerdictKey;
  windows: VerdictWindow[];
  allTimeLow: Money | null;
  /**
   * Share of the past year's observed time (0–1) the price was at today's or lower: each price
   * weighted by how long it held, not by how many checks saw it. Null without observed time.
   */
  shareAtOrBelow: number | null;
  /** Share of the same time it was strictly lower than today's. */
  shareBelow: number | null;
  /** Days of observed time behind the verdict (same currency, past year). */
  observedDays: number;
};

const DAY_MS = 86_400_000;
/** Less observed time than this and no claim is made. */
export const MIN_OBSERVED_DAYS = 7;
/**
 * A price is taken to hold after its last confirming check for at most this long (twice the
 * longest check interval, one day): beyond it, with no check, Dropwave did not see the price.
 */
export const HOLD_AFTER_LAST_SEEN_MS = 2 * DAY_MS;
/** At or below today's price at most this share of the time: lower than usual. */
export const LOW_SHARE = 0.25;
/** Strictly below today's price at least this share of the time: higher than usual. */
export const HIGH_SHARE = 0.75;
/** The percentile's window. */
const SHARE_WINDOW_DAYS = 365;

/** A stretch of one price, in ms since the epoch. */
export type PriceRun = { start: number; end: number; amount: number };

function ms(value: string | Date): number {
  return typeof value === "string" ? Date.parse(value) : value.getTime();
}

/**
 * Turns points into runs of one price in `currency`: a run lasts from its point until the
 * next point (any currency, or none), until `now` for the last, and never longer than
 * HOLD_AFTER_LAST_SEEN_MS past its last check. Points after `now` are ignored.
 */
export function runsOf(points: readonly VerdictPoint[], currency: string, now: number): PriceRun[] {
  const sorted = points
    .map((p) => ({ start: ms(p.at), lastSeen: ms(p.lastSeenAt), price: p.price }))
    .filter((p) => Number.isFinite(p.start) && p.start <= now)
    .sort((a, b) => a.start - b.start);
  const runs: PriceRun[] = [];
  sorted.forEach((p, i) => {
    if (!p.price || p.price.currency !== currency) return;
    const next = sorted[i + 1]?.start ?? now;
    const lastSeen = Number.isFinite(p.lastSeen) ? Math.max(p.lastSeen, p.start) : p.start;
    const end = Math.min(next, now, lastSeen + HOLD_AFTER_LAST_SEEN_MS);
    runs.push({ start: p.start, end: Math.max(end, p.start), amount: p.price.amountMinor });
  });
  return runs;
}

/** The verdict on `current` at `now`, from the price history. */
export function priceVerdict(
  points: readonly VerdictPoint[],
  current: Money | null,
  now: Date,
): PriceVerdict {
  const nowMs = now.getTime();
  const currency = current?.currency ?? null;
  const runs = currency ? runsOf(points, currency, nowMs) : [];
  const asMoney = (amount: number | null): Money | null =>
    amount === null || !currency ? null : { amountMinor: amount, currency };
  const firstSeen = runs.length > 0 ? Math.min(...runs.map((r) => r.start)) : null;

  const windows = VERDICT_WINDOWS.map((days) => {
    const from = nowMs - days * DAY_MS;
    const inside = runs.filter((r) => r.end >= from);
    const amounts = inside.map((r) => r.amount);
    return {
      days,
      low: asMoney(amounts.length > 0 ? Math.min(...amounts) : null),
      high: asMoney(amounts.length > 0 ? Math.max(...amounts) : null),
      isCovered: firstSeen !== null && firstSeen <= from,
    };
  });
  const allAmounts = runs.map((r) => r.amount);
  const allTimeLow = allAmounts.length > 0 ? Math.min(...allAmounts) : null;
  const allTimeHigh = allAmounts.length > 0 ? Math.max(...allAmounts) : null;

  const shareFrom = nowMs - SHARE_WINDOW_DAYS * DAY_MS;
  let total = 0;
  let atOrBelow = 0;
  let below = 0;
  for (const run of runs) {
    const span = Math.max(0, run.end - Math.max(run.start, shareFrom));
    if (span === 0 || !current) continue;
    total += span;
    if (run.amount <= current.amountMinor) atOrBelow += span;
    if (run.amount < current.amountMinor) below += span;
  }
  const observedDays = total / DAY_MS;
  const shareAtOrBelow = total > 0 ? atOrBelow / total : null;
  const shareBelow = total > 0 ? below / total : null;
  const base = { windows, allTimeLow: asMoney(allTimeLow), shareAtOrBelow, shareBelow };
  const verdict = (key: VerdictKey): PriceVerdict => ({ key, ...base, observedDays });

  if (!current) return verdict("no_price");
  if (observedDays < MIN_OBSERVED_DAYS || shareAtOrBelow === null || shareBelow === null) {
    return verdict("not_enough_history");
  }
  const amount = current.amountMinor;
  // "Lowest" says something only where the price has been higher.
  if (allTimeLow !== null && allTimeHigh !== null && amount <= allTimeLow && allTimeHigh > amount) {
    return verdict("lowest_ever");
  }
  for (const window of [...windows].reverse()) {
    if (!window.isCovered || !window.low || !window.high) continue;
    if (amount <= window.low.amountMinor && window.high.amountMinor > amount) {
      return verdict(`lowest_in_${window.days}`);
    }
  }
  if (shareAtOrBelow <= LOW_SHARE) return verdict("lower_than_usual");
  if (shareBelow >= HIGH_SHARE) return verdict("higher_than_usual");
  return verdict("typical");
}

/** "At this price or lower 3% of the time in the past year", or null without a share. */
export function describeShare(verdict: PriceVerdict): string | null {
  if (verdict.shareAtOrBelow === null || verdict.key === "not_enough_history") return null;
  const percent = Math.round(verdict.shareAtOrBelow * 100);
  const shown = percent === 0 && verdict.shareAtOrBelow > 0 ? "under 1" : String(percent);
  return `At this price or lower ${shown}% of the time in the past ${
    verdict.observedDays >= SHARE_WINDOW_DAYS - 1
      ? "year"
      : `${Math.floor(verdict.observedDays)} days`
  }`;
}
