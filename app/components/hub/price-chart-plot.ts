import uPlot from "uplot";
import type { Money } from "../../../core/money/index.ts";
import { changeText, money } from "../../lib/format.ts";
import { axisLabels, indexAt, PLOT_HEIGHT, type PriceSeries } from "./price-series.ts";

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
