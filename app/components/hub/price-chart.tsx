import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { HistoryPoint } from "../../../core/tracking/watch-history.ts";
import { money } from "../../lib/format.ts";

type Stats = {
  lowest: { amountMinor: number; currency: string } | null;
  highest: { amountMinor: number; currency: string } | null;
  average: { amountMinor: number; currency: string } | null;
};

/** The price as a step line (a price holds until the next change), with low/high/average marked. */
export function PriceChart({
  points,
  stats,
  nowIso,
}: {
  points: HistoryPoint[];
  stats: Stats;
  nowIso: string;
}) {
  const currency = stats.lowest?.currency ?? points.find((p) => p.price)?.price?.currency ?? null;
  const series = points
    .filter((p) => p.price && p.price.currency === currency)
    .map((p) => ({ t: Date.parse(p.at), amountMinor: p.price!.amountMinor }));
  const last = series.at(-1);
  if (last) series.push({ t: Math.max(Date.parse(nowIso), last.t), amountMinor: last.amountMinor });
  if (!currency || series.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">
        No prices recorded yet.
      </p>
    );
  }
  const format = (amountMinor: number) => money({ amountMinor, currency });
  const marks = [
    {
      label: "Low",
      value: stats.lowest,
      color: "var(--dw-good)",
      dash: "4 4",
      position: "insideBottomLeft",
    },
    {
      label: "High",
      value: stats.highest,
      color: "var(--dw-bad)",
      dash: "4 4",
      position: "insideTopLeft",
    },
    {
      label: "Avg",
      value: stats.average,
      color: "var(--dw-accent-2)",
      dash: "2 6",
      position: "insideRight",
    },
  ] as const;
  const day = (t: number) =>
    new Date(t).toLocaleDateString(undefined, { month: "short", day: "numeric" });
  return (
    <div className="h-72 w-full" data-testid="price-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series} margin={{ top: 12, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid stroke="var(--dw-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={day}
            stroke="var(--dw-muted)"
          />
          <YAxis
            tickFormatter={format}
            width={90}
            stroke="var(--dw-muted)"
            domain={["auto", "auto"]}
          />
          <Tooltip
            labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
            formatter={(value) => [format(Number(value)), "Price"]}
            contentStyle={{
              background: "var(--dw-surface)",
              border: "1px solid var(--dw-border)",
              color: "var(--dw-fg)",
            }}
          />
          {marks.map((mark) =>
            mark.value ? (
              <ReferenceLine
                key={mark.label}
                y={mark.value.amountMinor}
                stroke={mark.color}
                strokeDasharray={mark.dash}
                label={{
                  value: `${mark.label} ${format(mark.value.amountMinor)}`,
                  fill: mark.color,
                  position: mark.position,
                }}
              />
            ) : null,
          )}
          <Line
            type="stepAfter"
            dataKey="amountMinor"
            stroke="var(--dw-accent)"
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
