import { useEffect, useId, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Money } from "../../../core/money/index.ts";
import type { HistoryPoint } from "../../../core/tracking/watch-history.ts";
import { money } from "../../lib/format.ts";
import { onDemand } from "../../lib/on-demand.ts";
import type { Stats } from "./price-chart-plot.ts";
import {
  buildPriceSeries,
  PLOT_HEIGHT,
  type PriceSeries,
  RANGES,
  type RangeId,
  rangeBounds,
  usefulRanges,
} from "./price-series.ts";

// The table behind the toggle is a chunk of its own (price-table.tsx).
const priceTable = onDemand(() => import("./price-table.tsx"));

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
  const PriceTable = priceTable.useComponent(isTableOpen);
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
        onPointerEnter={priceTable.preload}
        onFocus={priceTable.preload}
        className="text-sm font-semibold text-accent-2 hover:underline"
      >
        {isTableOpen ? "Hide the price table" : "Show the prices as a table"}
      </button>
      <div id={tableId} hidden={!isTableOpen} className="max-h-96 overflow-auto">
        {PriceTable ? (
          <PriceTable
            rows={visibleRows}
            currency={series.currency}
            caption={`Price changes from ${dateText(bounds[0])} to ${dateText(bounds[1])}, newest first`}
          />
        ) : null}
      </div>
    </div>
  );
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
    // Each price counts for as long as it held, not once per check (#39 item 9).
    ["border-accent-2", "Avg (time-weighted)", money(stats.average)],
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
    import("./price-chart-plot.ts").then(
      ({ createPlot }) => {
        if (isCancelled) return;
        const chart = createPlot(element, series, latest, tooltip);
        plot.current = chart;
        chart.setScale("x", { min: latest.current.bounds[0], max: latest.current.bounds[1] });
        element.dataset.ready = "true";
        observer = new ResizeObserver(() => {
          chart.setSize({ width: element.clientWidth, height: PLOT_HEIGHT });
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
