import { useEffect, useId, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Money } from "../../../core/money/index.ts";
import type { HistoryPoint } from "../../../core/tracking/watch-history.ts";
import { availabilityLabel, money } from "../../lib/format.ts";
import {
  axisLabels,
  buildPriceSeries,
  indexAt,
  type PriceSeries,
  RANGES,
  type RangeId,
  rangeBounds,
  usefulRanges,
} from "./price-series.ts";

type Stats = { lowest: Money | null; highest: Money | null; average: Money | null };

const HEIGHT = 288;
const TABLE_LIMIT = 500;

/**
 * The price history (docs/decisions/0024-price-chart.md): a step line drawn with
 * uPlot (a price holds until it changes), range buttons, a crosshair tooltip with date, price
 * and the change, lowest / highest / average and the target as lines, out-of-stock stretches
 * shaded, and the same history as a table behind a toggle. uPlot is loaded after the page is
 * interactive; the server renders a same-size frame, the buttons and the table.
 */
export function PriceChart({
  points,
  stats,
  nowIso,
  target = null,
}: {
  points: HistoryPoint[];
  stats: Stats;
  nowIso: string;
  target?: Money | null;
}) {
  const currency = stats.lowest?.currency ?? null;
  const series = useMemo(
    () => buildPriceSeries(points, currency, nowIso),
    [points, currency, nowIso],
  );
  const [range, setRange] = useState<RangeId>("all");
  const [isTableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  if (!series) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">
        No prices recorded yet.
      </p>
    );
  }
  const bounds = rangeBounds(series, range);
  const offered = usefulRanges(series);
  const format = (amountMinor: number | null) =>
    amountMinor === null ? "—" : money({ amountMinor, currency: series.currency });
  const visibleRows = series.rows.filter((r) => r.at <= bounds[1] && r.at >= bounds[0] - 1);
  const dateText = (t: number) =>
    new Date(t * 1000).toLocaleDateString(undefined, {
      day: "numeric",
      month: "short",
      year: "numeric",
    });
  return (
    <div data-testid="price-chart" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex gap-1" aria-label="Time range">
          {RANGES.filter((r) => offered.includes(r.id)).map((r) => (
            <button
              key={r.id}
              type="button"
              aria-pressed={range === r.id}
              aria-label={`Show ${r.name}`}
              onClick={() => setRange(r.id)}
              className="rounded-md border border-border px-2.5 py-1 text-sm font-semibold hover:bg-surface-2 aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg"
            >
              {r.label}
            </button>
          ))}
        </fieldset>
        <p className="text-sm text-muted" aria-live="polite" data-testid="chart-range">
          {dateText(bounds[0])} – {dateText(bounds[1])}
        </p>
      </div>
      <UPlotChart series={series} bounds={bounds} stats={stats} target={target} />
      <Legend stats={stats} target={target} hasStockGaps={series.outOfStock.length > 0} />
      <button
        type="button"
        aria-expanded={isTableOpen}
        aria-controls={tableId}
        onClick={() => setTableOpen((open) => !open)}
        className="text-sm font-semibold text-accent-2 hover:underline"
      >
        {isTableOpen ? "Hide the price table" : "Show the prices as a table"}
      </button>
      <div id={tableId} hidden={!isTableOpen} className="max-h-96 overflow-auto">
        {isTableOpen ? (
          <table className="w-full text-left text-sm" data-testid="price-table">
            <caption className="sr-only">
              Price changes from {dateText(bounds[0])} to {dateText(bounds[1])}, newest first
            </caption>
            <thead className="sticky top-0 bg-surface">
              <tr>
                {(["Since", "Price", "Change", "Availability"] as const).map((label) => (
                  <th
                    key={label}
                    scope="col"
                    className={`py-1${label === "Availability" ? "" : " pr-4"}${label === "Price" || label === "Change" ? " text-right" : ""}`}
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visibleRows.slice(0, TABLE_LIMIT).map((row) => (
                <tr key={row.at} className="border-t border-border">
                  <td className="py-1 pr-4">{new Date(row.at * 1000).toLocaleString()}</td>
                  <td className="py-1 pr-4 text-right tabular-nums">{format(row.amountMinor)}</td>
                  <td className="py-1 pr-4 text-right tabular-nums">
                    {changeText(row.changeMinor, series.currency)}
                  </td>
                  <td className="py-1">
                    {availabilityLabel[row.availability] ?? row.availability}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {isTableOpen && visibleRows.length > TABLE_LIMIT ? (
          <p className="mt-2 text-sm text-muted">
            The {TABLE_LIMIT} most recent of {visibleRows.length} changes; pick a shorter range for
            older ones.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function changeText(changeMinor: number | null, currency: string): string {
  if (changeMinor === null) return "—";
  if (changeMinor === 0) return "no change";
  const sign = changeMinor > 0 ? "+" : "−";
  return `${sign}${money({ amountMinor: Math.abs(changeMinor), currency })}`;
}

function Legend({
  stats,
  target,
  hasStockGaps,
}: {
  stats: Stats;
  target: Money | null;
  hasStockGaps: boolean;
}) {
  const items: [string, string, string][] = [
    // Short names, as on the chart's lines (the full ones head the figures above the chart).
    ["border-good", "Low", money(stats.lowest)],
    ["border-bad", "High", money(stats.highest)],
    ["border-accent-2", "Avg", money(stats.average)],
  ];
  if (target) items.push(["border-warn", "Target", money(target)]);
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted">
      {items.map(([color, label, value]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-block w-4 border-t-2 border-dashed ${color}`}
          />
          {label} {value}
        </li>
      ))}
      {hasStockGaps ? (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-4 bg-warn/30" />
          Out of stock
        </li>
      ) : null}
    </ul>
  );
}

/** The canvas part, in the browser only. */
function UPlotChart({
  series,
  bounds,
  stats,
  target,
}: {
  series: PriceSeries;
  bounds: [number, number];
  stats: Stats;
  target: Money | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ series, stats, target, bounds });
  latest.current = { series, stats, target, bounds };

  // Create the chart once per series; ranges and marks update it in place.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let isCancelled = false;
    let observer: ResizeObserver | undefined;
    const redraw = () => plot.current?.redraw(false, false);
    import("uplot").then(
      ({ default: UPlot }) => {
        if (isCancelled) return;
        const chart = new UPlot(
          chartOptions(UPlot, element.clientWidth || 600, latest, tooltip),
          [series.xs, series.ys],
          element,
        );
        plot.current = chart;
        chart.setScale("x", { min: latest.current.bounds[0], max: latest.current.bounds[1] });
        element.dataset.ready = "true";
        observer = new ResizeObserver(() => {
          chart.setSize({ width: element.clientWidth, height: HEIGHT });
        });
        observer.observe(element);
        window.addEventListener("dropwave:theme", redraw);
      },
      () => {
        if (!isCancelled) setFailed(true);
      },
    );
    return () => {
      isCancelled = true;
      observer?.disconnect();
      window.removeEventListener("dropwave:theme", redraw);
      plot.current?.destroy();
      plot.current = null;
    };
  }, [series]);

  useEffect(() => {
    const chart = plot.current;
    if (chart) chart.setScale("x", { min: bounds[0], max: bounds[1] });
    if (frame.current) {
      frame.current.dataset.rangeFrom = new Date(bounds[0] * 1000).toISOString();
      frame.current.dataset.rangeTo = new Date(bounds[1] * 1000).toISOString();
    }
  }, [bounds[0], bounds[1]]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks are read from `latest` at draw time; a change of them must redraw
  useEffect(() => {
    plot.current?.redraw(false, false);
  }, [stats, target]);

  return (
    <div className="relative" data-testid="price-chart-plot">
      <div
        ref={frame}
        className="h-72 w-full"
        role="img"
        aria-label={`Price chart, ${money(stats.lowest)} to ${money(stats.highest)}. The table below lists every change.`}
      />
      {failed ? (
        <p className="absolute inset-0 grid place-items-center text-sm text-muted">
          The chart could not load; the table below has the same prices.
        </p>
      ) : null}
      <div
        ref={tooltip}
        data-testid="chart-tooltip"
        hidden
        className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-2.5 py-1.5 text-xs shadow-lg"
      />
    </div>
  );
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

type Latest = {
  current: { series: PriceSeries; stats: Stats; target: Money | null; bounds: [number, number] };
};

function chartOptions(
  UPlot: typeof uPlot,
  width: number,
  latest: Latest,
  tooltip: React.RefObject<HTMLDivElement | null>,
): uPlot.Options {
  const currency = latest.current.series.currency;
  const price = (v: number) => money({ amountMinor: Math.round(v), currency });
  const axisStyle = () => ({
    stroke: cssVar("--dw-muted", "#888"),
    grid: { stroke: cssVar("--dw-border", "#3333"), width: 1 },
    ticks: { stroke: cssVar("--dw-border", "#3333"), width: 1 },
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
    scales: {
      x: { time: true, auto: false },
      y: {
        range: (u, min, max) => {
          const { stats, target } = latest.current;
          let lo = min;
          let hi = max;
          for (const m of [stats.lowest, stats.highest, target]) {
            if (m) {
              lo = Math.min(lo, m.amountMinor);
              hi = Math.max(hi, m.amountMinor);
            }
          }
          const pad = Math.max((hi - lo) * 0.08, hi * 0.02, 1);
          void u;
          return [Math.max(0, lo - pad), hi + pad];
        },
      },
    },
    axes: [
      {
        ...axisStyle(),
        space: 80,
        values: (_u, splits, _axis, _space, incr) => axisLabels(splits, incr),
      },
      {
        ...axisStyle(),
        size: 84,
        values: (_u, splits) => splits.map(price),
      },
    ],
    series: [
      {},
      {
        label: "Price",
        stroke: () => cssVar("--dw-accent", "#ff4fd8"),
        width: 2.5,
        spanGaps: false,
        paths: UPlot.paths.stepped?.({ align: 1 }),
        points: { show: false },
      },
    ],
    hooks: {
      drawClear: [(u) => drawStockGaps(u, latest.current.series)],
      draw: [(u) => drawMarks(u, latest.current, price)],
      setCursor: [(u) => showTooltip(u, latest.current.series, tooltip.current)],
    },
  };
}

function drawStockGaps(u: uPlot, series: PriceSeries): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.fillStyle = cssVar("--dw-warn", "#8a5a00");
  ctx.globalAlpha = 0.18;
  for (const [from, to] of series.outOfStock) {
    const x0 = Math.max(bbox.left, u.valToPos(from, "x", true));
    const x1 = Math.min(bbox.left + bbox.width, u.valToPos(to, "x", true));
    if (x1 > x0) ctx.fillRect(x0, bbox.top, x1 - x0, bbox.height);
  }
  ctx.restore();
}

function drawMarks(u: uPlot, latest: Latest["current"], price: (v: number) => string): void {
  const { ctx, bbox } = u;
  const ratio = bbox.width / Math.max(1, u.width);
  const marks: [string, Money | null, string, number[]][] = [
    ["Low", latest.stats.lowest, cssVar("--dw-good", "#4ade80"), [6, 4]],
    ["High", latest.stats.highest, cssVar("--dw-bad", "#ff7a7a"), [6, 4]],
    ["Avg", latest.stats.average, cssVar("--dw-accent-2", "#2de2e6"), [2, 5]],
    ["Target", latest.target, cssVar("--dw-warn", "#ffb020"), [10, 4]],
  ];
  ctx.save();
  ctx.font = `${Math.round(11 * ratio)}px system-ui, sans-serif`;
  ctx.lineWidth = Math.max(1, ratio);
  for (const [label, value, color, dash] of marks) {
    if (!value) continue;
    const y = u.valToPos(value.amountMinor, "y", true);
    if (y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.setLineDash(dash.map((d) => d * ratio));
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    const text = `${label} ${price(value.amountMinor)}`;
    const x =
      label === "Avg" || label === "Target"
        ? bbox.left + bbox.width - ctx.measureText(text).width - 4 * ratio
        : bbox.left + 4 * ratio;
    ctx.fillText(text, x, label === "High" ? y + 13 * ratio : y - 4 * ratio);
  }
  ctx.restore();
}

function showTooltip(u: uPlot, series: PriceSeries, element: HTMLDivElement | null): void {
  if (!element) return;
  const left = u.cursor.left ?? -1;
  if (left < 0) {
    element.hidden = true;
    return;
  }
  const t = u.posToVal(left, "x");
  const i = indexAt(series.xs, t);
  const amount = series.ys[i] ?? null;
  let previous: number | null = null;
  for (let j = i - 1; j >= 0; j--) {
    const y = series.ys[j];
    if (y !== null && y !== undefined && y !== amount) {
      previous = y;
      break;
    }
  }
  const date = new Date(t * 1000).toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const currency = series.currency;
  const priceText = amount === null ? "No price" : money({ amountMinor: amount, currency });
  let change = "First price";
  if (amount !== null && previous !== null) {
    const diff = amount - previous;
    const percent = ((diff / previous) * 100).toFixed(1);
    change = `${changeText(diff, currency)} (${diff > 0 ? "+" : "−"}${Math.abs(Number(percent))} %) since the price before`;
  }
  element.replaceChildren(
    line("font-semibold", date),
    line("text-base font-bold", priceText),
    line("text-muted", change),
  );
  element.hidden = false;
  const over = u.over;
  const x = over.offsetLeft + left;
  const width = element.offsetWidth;
  const maxLeft = over.offsetLeft + over.clientWidth - width;
  element.style.left = `${Math.max(over.offsetLeft, Math.min(maxLeft, x + 12))}px`;
  element.style.top = `${over.offsetTop + 8}px`;
}

function line(className: string, text: string): HTMLElement {
  const div = document.createElement("div");
  div.className = className;
  div.textContent = text;
  return div;
}
