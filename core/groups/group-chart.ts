import type { Money } from "../money/index.ts";
import { convertMoney, type ReferenceRates, ratesOnDay } from "../money/reference-rates.ts";

/**
 * The group page's one chart (issue #37 item 5): every store's price history as a step line in
 * the comparison's currency. A price in another currency is converted at the reference rates
 * of its own day (decision 0077): the day's kept rates, or the nearest earlier day's when none
 * was published or kept for it (said in `earlierRates`); a price older than every kept day is
 * not drawn (said in `notDrawn`), and a store none of whose prices converts is left out (said in
 * `leftOut`) — never a guess. Pure.
 */

export type ChartInputMember = {
  watchId: string;
  store: string;
  points: readonly { at: string; lastSeenAt: string; price: Money | null; availability: string }[];
};

export type ChartStep = {
  atMs: number;
  /** Null: no price, or one that could not be converted (a gap). */
  amountMinor: number | null;
  isInStock: boolean;
  /** The day whose reference rates converted this price; null when it needed none. */
  ratesDate: string | null;
};

export type GroupChartSeries = {
  watchId: string;
  store: string;
  /** Steps oldest first; a step holds until the next. */
  steps: ChartStep[];
};

export type GroupChart = {
  currency: string | null;
  series: GroupChartSeries[];
  /** Stores left out: none of their prices converts (no rate kept for any of their days). */
  leftOut: string[];
  /** Stores drawn in part: their prices of these days (first to last) have no rate kept. */
  notDrawn: { store: string; from: string; to: string }[];
  /** Days converted at an earlier day's rates (none published or kept for the day itself). */
  earlierRates: { day: string; ratesDate: string }[];
  fromMs: number;
  toMs: number;
  minMinor: number | null;
  maxMinor: number | null;
};

/**
 * `rates` are the kept days, oldest first (core/groups/rate-days.ts); null when none could be
 * read: then only the stores in the comparison's currency are drawn.
 */
export function groupChart(
  members: readonly ChartInputMember[],
  currency: string | null,
  rates: readonly ReferenceRates[] | null,
  now: Date,
): GroupChart {
  const series: GroupChartSeries[] = [];
  const leftOut: string[] = [];
  const notDrawn: GroupChart["notDrawn"] = [];
  const earlier = new Map<string, string>();
  let fromMs = now.getTime();
  let min: number | null = null;
  let max: number | null = null;
  for (const m of members) {
    const missingDays: string[] = [];
    let converted = 0;
    const steps = m.points.map((p): ChartStep => {
      const step = { atMs: Date.parse(p.at), isInStock: p.availability === "in_stock" };
      if (!p.price || !currency) return { ...step, amountMinor: null, ratesDate: null };
      if (p.price.currency === currency) {
        converted += 1;
        return { ...step, amountMinor: p.price.amountMinor, ratesDate: null };
      }
      const day = p.at.slice(0, 10);
      const dayRates = rates ? ratesOnDay(rates, day) : null;
      const money = dayRates ? convertMoney(p.price, currency, dayRates) : null;
      if (!money || !dayRates) {
        missingDays.push(day);
        return { ...step, amountMinor: null, ratesDate: null };
      }
      converted += 1;
      if (dayRates.date !== day) earlier.set(day, dayRates.date);
      return { ...step, amountMinor: money.amountMinor, ratesDate: dayRates.date };
    });
    if (converted === 0 && missingDays.length > 0) {
      leftOut.push(m.store);
      continue;
    }
    if (missingDays.length > 0) {
      notDrawn.push({ store: m.store, from: missingDays[0]!, to: missingDays.at(-1)! });
    }
    for (const s of steps) {
      fromMs = Math.min(fromMs, s.atMs);
      if (s.amountMinor === null) continue;
      min = min === null ? s.amountMinor : Math.min(min, s.amountMinor);
      max = max === null ? s.amountMinor : Math.max(max, s.amountMinor);
    }
    series.push({ watchId: m.watchId, store: m.store, steps });
  }
  return {
    currency,
    series,
    leftOut,
    notDrawn,
    earlierRates: [...earlier.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, ratesDate]) => ({ day, ratesDate })),
    fromMs,
    toMs: now.getTime(),
    minMinor: min,
    maxMinor: max,
  };
}
