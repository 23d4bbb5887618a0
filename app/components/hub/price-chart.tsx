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
          {stats.lowest ? (
            <ReferenceLine
              y={stats.lowest.amountMinor}
              stroke="var(--dw-good)"
              strokeDasharray="4 4"
              label={{
                value: `Low ${format(stats.lowest.amountMinor)}`,
                fill: "var(--dw-good)",
                position: "insideBottomLeft",
              }}
            />
          ) : null}
          {stats.highest ? (
            <ReferenceLine
              y={stats.highest.amountMinor}
              stroke="var(--dw-bad)"
              strokeDasharray="4 4"
              label={{
                value: `High ${format(stats.highest.amountMinor)}`,
                fill: "var(--dw-bad)",
                position: "insideTopLeft",
              }}
            />
          ) : null}
          {stats.average ? (
            <ReferenceLine
              y={stats.average.amountMinor}
              stroke="var(--dw-accent-2)"
              strokeDasharray="2 6"
              label={{
                value: `Avg ${format(stats.average.amountMinor)}`,
                fill: "var(--dw-accent-2)",
                position: "insideRight",
              }}
            />
          ) : null}
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
