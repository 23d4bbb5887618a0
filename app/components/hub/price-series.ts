import type { HistoryPoint } from "../../../core/tracking/watch-history.ts";

/**
 * The price chart's data, pure (docs/decisions/0024-price-chart.md): a history of
 * runs of identical observations becomes columns for uPlot (seconds, minor units), the
 * out-of-stock stretches, the ranges behind the range buttons and the axis labels.
 */

/** The chart's height in CSS pixels (its frame is h-72). */
export const PLOT_HEIGHT = 288;

export type PriceSeries = {
  currency: string;
  /** Seconds since the epoch, ascending; the last one is "now" (the price holds until now). */
  xs: number[];
  /** Minor units; null where the check saw no price (a gap in the line). */
  ys: (number | null)[];
  /** [from, to] in seconds: stretches where the product was out of stock. */
  outOfStock: [number, number][];
  /** One row per change, newest first, for the table and the tooltip's "change". */
  rows: PriceRow[];
};

export type PriceRow = {
  at: number;
  amountMinor: number | null;
  /** Against the previous known price, in minor units; null for the first price. */
  changeMinor: number | null;
  availability: string;
};

export function buildPriceSeries(
  points: readonly HistoryPoint[],
  currency: string | null,
  nowIso: string,
): PriceSeries | null {
  const chosen = currency ?? points.findLast((p) => p.price)?.price?.currency ?? null;
  if (!chosen) return null;
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  const outOfStock: [number, number][] = [];
  const rows: PriceRow[] = [];
  const now = Math.floor(Date.parse(nowIso) / 1000);
  let previous: number | null = null;
  let stockOutSince: number | null = null;
  for (const point of points) {
    const at = Math.floor(Date.parse(point.at) / 1000);
    const amount = point.price && point.price.currency === chosen ? point.price.amountMinor : null;
    if (xs.length > 0 && at <= (xs.at(-1) as number)) {
      // Same second as the previous run: the later one wins.
      ys[ys.length - 1] = amount;
    } else {
      xs.push(at);
      ys.push(amount);
    }
    rows.push({
      at,
      amountMinor: amount,
      changeMinor: amount !== null && previous !== null ? amount - previous : null,
      availability: point.availability,
    });
    if (amount !== null) previous = amount;
    const isOut = point.availability === "out_of_stock";
    if (isOut && stockOutSince === null) stockOutSince = at;
    if (!isOut && stockOutSince !== null) {
      outOfStock.push([stockOutSince, at]);
      stockOutSince = null;
    }
  }
  if (xs.length === 0 || ys.every((y) => y === null)) return null;
  const end = Math.max(now, xs.at(-1) as number);
  if (stockOutSince !== null) outOfStock.push([stockOutSince, end]);
  if (end > (xs.at(-1) as number)) {
    xs.push(end);
    ys.push(ys.at(-1) ?? null);
  }
  rows.reverse();
  return { currency: chosen, xs, ys, outOfStock, rows };
}

export const RANGES = [
  { id: "1w", label: "1W", name: "1 week", seconds: 7 * 86_400 },
  { id: "1m", label: "1M", name: "1 month", seconds: 30 * 86_400 },
  { id: "3m", label: "3M", name: "3 months", seconds: 91 * 86_400 },
  { id: "1y", label: "1Y", name: "1 year", seconds: 365 * 86_400 },
  { id: "all", label: "All", name: "all time", seconds: Number.POSITIVE_INFINITY },
] as const;

export type RangeId = (typeof RANGES)[number]["id"];

/** The visible [from, to] for a range button: ends now, starts no earlier than the first point. */
export function rangeBounds(series: Pick<PriceSeries, "xs">, id: RangeId): [number, number] {
  const first = series.xs[0] as number;
  const last = series.xs.at(-1) as number;
  const range = RANGES.find((r) => r.id === id) ?? RANGES[4];
  const from = Math.max(first, last - range.seconds);
  // Less than a day of history (a single check, or two a minute apart) still gets a day of room,
  // so the line is visible and the axis has a day's hours to label, not one minute (#39 item 9).
  return last - from >= 86_400 ? [from, last] : [last - 86_400, last];
}

/**
 * The check behind the price in force at time `t`: the latest history row at or before it (the
 * first row when `t` is earlier). The tooltip shows its time, one at which a check happened,
 * never the time under the pointer nor the chart's "now" (#39 item 9).
 */
export function rowAt(series: Pick<PriceSeries, "rows">, t: number): PriceRow | null {
  // rows are newest first
  return series.rows.find((row) => row.at <= t) ?? series.rows.at(-1) ?? null;
}

/**
 * Where the line labels (Low, High, Avg, Target) go: all at the plot's right edge, away from the
 * y-axis values on the left ("Low" beside them read as one overlapping line, #39 item 9), each
 * just above its line, moved up or down so that no two overlap. `ys` are the lines' canvas
 * positions; returns the baseline of each label, in the same order, inside [top, bottom].
 */
export function labelBaselines(
  ys: readonly number[],
  lineHeight: number,
  top: number,
  bottom: number,
): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const placed: number[] = new Array(ys.length);
  let previous = Number.NEGATIVE_INFINITY;
  for (const { y, i } of order) {
    // Above the line, at least a line below the previous label, and inside the plot.
    const baseline = Math.min(bottom, Math.max(y - 4, previous + lineHeight, top + lineHeight));
    placed[i] = baseline;
    previous = baseline;
  }
  return placed;
}

/** The ranges worth offering: those shorter than the history, plus "all". */
export function usefulRanges(series: Pick<PriceSeries, "xs">): RangeId[] {
  const span = (series.xs.at(-1) as number) - (series.xs[0] as number);
  const shorter = RANGES.filter((r) => r.seconds < span).map((r) => r.id);
  return [...shorter.filter((id) => id !== "all"), "all"];
}

/** The price in force at time `t` (the last point at or before it). */
export function indexAt(xs: readonly number[], t: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  if (t < (xs[0] as number)) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((xs[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const DAY = 86_400;

/**
 * Axis labels that differ from each other: the format follows the spacing of the ticks
 * (hours → "23 Nov 06:00", days → "23 Nov", months → "Nov 2026", years → "2026"), the year is
 * added to day labels when the ticks span more than one year, and if two ticks would still read
 * the same (ticks 30 days apart can fall in one month) the next finer format is used.
 */
export function axisLabels(
  ticks: readonly number[],
  spacingSeconds: number,
  locale?: string,
  timeZone?: string,
): string[] {
  const zone = timeZone ? { timeZone } : {};
  const years = new Set(ticks.map((t) => new Date(t * 1000).getUTCFullYear()));
  const formats: Intl.DateTimeFormatOptions[] = [
    { year: "numeric" },
    { month: "short", year: "numeric" },
    { day: "numeric", month: "short", ...(years.size > 1 ? { year: "2-digit" } : {}) },
    { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hour12: false },
  ];
  let level =
    spacingSeconds < DAY ? 3 : spacingSeconds < 28 * DAY ? 2 : spacingSeconds < 365 * DAY ? 1 : 0;
  for (;;) {
    const format = new Intl.DateTimeFormat(locale, { ...formats[level], ...zone });
    const labels = ticks.map((t) => format.format(new Date(t * 1000)));
    if (new Set(labels).size === labels.length) return labels;
    // Ticks closer than the finest format (minutes): a repeated label is left blank.
    if (level === formats.length - 1) return labels.map((l, i) => (labels[i - 1] === l ? "" : l));
    level += 1;
  }
}
