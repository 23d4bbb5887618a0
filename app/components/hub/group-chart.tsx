import type { GroupChart as GroupChartData } from "../../../core/groups/group-chart.ts";
import { money } from "../../lib/format.ts";

/** One colour per store, in order; told apart by the legend's names as well as by colour. */
const COLOURS = ["#2563eb", "#db2777", "#059669", "#d97706", "#7c3aed", "#0891b2", "#dc2626"];
const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 72, right: 16, top: 16, bottom: 28 };

/**
 * Every store's price history on one chart (issue #37 item 5): step lines (a price holds until
 * the next check saw another), drawn as SVG on the server so the page needs no chart library;
 * the figures are in the table beside it.
 */
export function GroupChart({ chart }: { chart: GroupChartData }) {
  const { minMinor, maxMinor, currency } = chart;
  if (minMinor === null || maxMinor === null || !currency || chart.series.length === 0) {
    return <p className="text-sm text-muted">No prices to draw yet.</p>;
  }
  const span = Math.max(1, chart.toMs - chart.fromMs);
  const lowY = Math.floor(minMinor * 0.95);
  const highY = Math.ceil(maxMinor * 1.05) || 1;
  const x = (ms: number) =>
    PAD.left + ((ms - chart.fromMs) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (minor: number) =>
    PAD.top + (1 - (minor - lowY) / Math.max(1, highY - lowY)) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [lowY, Math.round((lowY + highY) / 2), highY];
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return (
    <figure data-testid="group-chart" className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Price history of ${chart.series.length} stores in ${currency}`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="currentColor"
              strokeOpacity={0.12}
            />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {money({ amountMinor: t, currency })}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} fontSize={11} fill="currentColor">
          {day(chart.fromMs)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 8}
          fontSize={11}
          textAnchor="end"
          fill="currentColor"
        >
          {day(chart.toMs)}
        </text>
        {chart.series.map((s, i) => {
          let path = "";
          s.steps.forEach((step, j) => {
            if (step.amountMinor === null) return;
            const end = s.steps[j + 1]?.atMs ?? chart.toMs;
            const yy = y(step.amountMinor);
            path += `M${x(step.atMs).toFixed(1)},${yy.toFixed(1)}H${x(end).toFixed(1)}`;
            const next = s.steps[j + 1]?.amountMinor;
            if (next !== undefined && next !== null) path += `V${y(next).toFixed(1)}`;
          });
          return (
            <path
              key={s.watchId}
              d={path}
              fill="none"
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={2.5}
              data-store={s.store}
            />
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {chart.series.map((s, i) => (
          <span key={s.watchId} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-1 w-5 rounded"
              style={{ background: COLOURS[i % COLOURS.length] }}
            />
            {s.store}
          </span>
        ))}
        {chart.leftOut.length > 0 ? (
          <span className="text-muted">
            Not drawn (no exchange rate): {chart.leftOut.join(", ")}
          </span>
        ) : null}
      </figcaption>
      <RateNotes chart={chart} />
    </figure>
  );
}

/** How many earlier-day substitutions are named before "and N more". */
const NAMED_EARLIER_DAYS = 3;

/**
 * What the chart's conversions rest on (decision 0077): each price in another currency at its
 * own day's reference rates; the days that took an earlier day's, and the prices not drawn for
 * want of any kept rate, said in words.
 */
export function RateNotes({ chart }: { chart: GroupChartData }) {
  const isConverted = chart.series.some((s) => s.steps.some((step) => step.ratesDate !== null));
  if (!isConverted && chart.notDrawn.length === 0) return null;
  const named = chart.earlierRates.slice(0, NAMED_EARLIER_DAYS);
  const more = chart.earlierRates.length - named.length;
  return (
    <div data-testid="group-chart-rates" className="space-y-1 text-xs text-muted">
      {isConverted ? (
        <p>
          Prices in other currencies are converted at the European Central Bank's reference rates of
          their own day.
          {named.length > 0
            ? ` Days without published rates (a weekend, a holiday, or a day the rates were not read) take the nearest earlier day's: ${named
                .map((d) => `${d.day} at ${d.ratesDate}'s`)
                .join(", ")}${more > 0 ? `, and ${more} more` : ""}.`
            : null}
        </p>
      ) : null}
      {chart.notDrawn.map((n) => (
        <p key={n.store}>
          {n.store}: prices of {n.from === n.to ? n.from : `${n.from} to ${n.to}`} are not drawn, no
          exchange rate is kept for {n.from === n.to ? "that day" : "those days"}.
        </p>
      ))}
    </div>
  );
}
