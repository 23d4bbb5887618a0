import uPlot from "uplot";
import type { Money } from "../../../core/money/index.ts";
import { changeText, money } from "../../lib/format.ts";
import {
  axisLabels,
  labelBaselines,
  PLOT_HEIGHT,
  type PriceSeries,
  rowAt,
} from "./price-series.ts";

/**
 * The price chart's canvas (uPlot and the code that draws with it), in the chunk that loads after
 * the page is interactive: price-chart.tsx renders the frame, the buttons and the table.
 */

export type Stats = { lowest: Money | null; highest: Money | null; average: Money | null };

export type Latest = {
  current: { series: PriceSeries; stats: Stats; target: Money | null; bounds: [number, number] };
};

/** Draws `series` into `element`; the marks, range and tooltip read `latest` at draw time. */
export function createPlot(
  element: HTMLElement,
  series: PriceSeries,
  latest: Latest,
  tooltip: React.RefObject<HTMLDivElement | null>,
): uPlot {
  return new uPlot(
    chartOptions(uPlot, element.clientWidth || 600, latest, tooltip),
    [series.xs, series.ys],
    element,
  );
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

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
    height: PLOT_HEIGHT,
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
  const fontPx = Math.round(11 * ratio);
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.lineWidth = Math.max(1, ratio);
  const shown = marks.flatMap(([label, value, color, dash]) => {
    if (!value) return [];
    const y = u.valToPos(value.amountMinor, "y", true);
    if (y < bbox.top || y > bbox.top + bbox.height) return [];
    return [{ text: `${label} ${price(value.amountMinor)}`, y, color, dash }];
  });
  // Labels at the right edge, clear of the y-axis values and of each other (#39 item 9).
  const baselines = labelBaselines(
    shown.map((m) => m.y),
    fontPx + 3 * ratio,
    bbox.top,
    bbox.top + bbox.height - 2 * ratio,
  );
  shown.forEach((mark, i) => {
    ctx.strokeStyle = mark.color;
    ctx.fillStyle = mark.color;
    ctx.setLineDash(mark.dash.map((d) => d * ratio));
    ctx.beginPath();
    ctx.moveTo(bbox.left, mark.y);
    ctx.lineTo(bbox.left + bbox.width, mark.y);
    ctx.stroke();
    const x = bbox.left + bbox.width - ctx.measureText(mark.text).width - 4 * ratio;
    ctx.fillText(mark.text, x, baselines[i] as number);
  });
  ctx.restore();
}

function showTooltip(u: uPlot, series: PriceSeries, element: HTMLDivElement | null): void {
  if (!element) return;
  const left = u.cursor.left ?? -1;
  if (left < 0) {
    element.hidden = true;
    return;
  }
  // The check in force under the pointer, at its own time: never a time no check happened.
  const row = rowAt(series, u.posToVal(left, "x"));
  if (!row) {
    element.hidden = true;
    return;
  }
  const amount = row.amountMinor;
  // The last different price before it (rows are newest first).
  const older = series.rows.slice(series.rows.indexOf(row) + 1);
  const previous =
    older.find((r) => r.amountMinor !== null && r.amountMinor !== amount)?.amountMinor ?? null;
  const date = new Date(row.at * 1000).toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const currency = series.currency;
  const priceText = amount === null ? "No price" : money({ amountMinor: amount, currency });
  let change = amount === null ? "" : "First price";
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
