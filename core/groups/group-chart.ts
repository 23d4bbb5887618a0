import type { Money } from "../money/index.ts";
import { convertMoney, type ReferenceRates } from "../money/reference-rates.ts";

/**
 * The group page's one chart (issue #37 item 5): every store's price history as a step line in
 * the comparison's currency. A history in another currency is drawn at the same reference
 * rates as the comparison (today's, not each day's: the chart compares stores, it is no ledger);
 * without a rate that store is left out and said to be. Pure.
 */

export type ChartInputMember = {
  watchId: string;
  store: string;
  points: readonly { at: string; lastSeenAt: string; price: Money | null; availability: string }[];
};

export type ChartStep = { atMs: number; amountMinor: number | null; isInStock: boolean };

export type GroupChartSeries = {
  watchId: string;
  store: string;
  /** Steps oldest first; a step holds until the next; null amount: no price (a gap). */
  steps: ChartStep[];
};

export type GroupChart = {
  currency: string | null;
  series: GroupChartSeries[];
  /** Stores left out: their prices are in a currency no rate converts. */
  leftOut: string[];
  fromMs: number;
  toMs: number;
  minMinor: number | null;
  maxMinor: number | null;
};

export function groupChart(
  members: readonly ChartInputMember[],
  currency: string | null,
  rates: ReferenceRates | null,
  now: Date,
): GroupChart {
  const series: GroupChartSeries[] = [];
  const leftOut: string[] = [];
  let fromMs = now.getTime();
  let min: number | null = null;
  let max: number | null = null;
  for (const m of members) {
    let isConvertible = true;
    const steps = m.points.map((p): ChartStep => {
      const converted = p.price && currency ? convertMoney(p.price, currency, rates) : null;
      if (p.price && !converted) isConvertible = false;
      return {
        atMs: Date.parse(p.at),
        amountMinor: converted?.amountMinor ?? null,
        isInStock: p.availability === "in_stock",
      };
    });
    if (!isConvertible) {
      leftOut.push(m.store);
      continue;
    }
    for (const s of steps) {
      fromMs = Math.min(fromMs, s.atMs);
      if (s.amountMinor === null) continue;
      min = min === null ? s.amountMinor : Math.min(min, s.amountMinor);
      max = max === null ? s.amountMinor : Math.max(max, s.amountMinor);
    }
    series.push({ watchId: m.watchId, store: m.store, steps });
  }
  return { currency, series, leftOut, fromMs, toMs: now.getTime(), minMinor: min, maxMinor: max };
}
