import type { SqlExecutor } from "../db/client.ts";
import type { PriorLows } from "./decide-low-alert.ts";

type LowsRow = {
  all_time: string | number | null;
  first_seen_at: Date | string | null;
  by_days: { days: number; low: string | number | null }[] | string | null;
};

/**
 * The product's lowest prices before the reading being decided, in `currency`: ever, and in
 * each window of `days`. One query, run only when a watch of the product asks for a low
 * (decide-low-alert.ts `lowWindowsFor`). The reading itself is not in the history yet (it is
 * written after the decision), or it joins a run of the same price, which never counts as lower.
 * Prices read while out of stock and zero prices (held as suspicious, 0007) are not lows.
 */
export async function readPriorLows(
  sql: SqlExecutor,
  input: {
    productId: string;
    currency: string;
    days: readonly number[];
    now: Date;
    /** Also this watch's own readings (a browser's, 0048); otherwise the shared history only. */
    watchId?: string | null;
    /**
     * Only readings that began before this instant: the lows before a price that is already
     * stored (a group's store judged after its check, decision 0076), not counting its own run.
     */
    before?: Date | null;
  },
): Promise<PriorLows> {
  const { rows } = await sql.query<LowsRow>(
    `with h as (
       select price_minor, observed_at, last_seen_at from price_observation
        where product_id = $1::uuid and currency = $2::text and price_minor > 0
          and availability <> 'out_of_stock'
          and (watch_id is null or watch_id = $5::uuid)
          and ($6::timestamptz is null or observed_at < $6::timestamptz)
     )
     select (select min(price_minor) from h)::float8 as all_time,
            (select min(observed_at) from h) as first_seen_at,
            (select coalesce(jsonb_agg(jsonb_build_object('days', d.days, 'low',
                      (select min(price_minor) from h
                        where h.last_seen_at >= $3::timestamptz - make_interval(days => d.days)))),
                    '[]'::jsonb)
               from unnest($4::int[]) as d(days)) as by_days`,
    [
      input.productId,
      input.currency,
      input.now.toISOString(),
      [...input.days],
      input.watchId ?? null,
      input.before?.toISOString() ?? null,
    ],
    { name: "dropwave_prior_lows" },
  );
  const row = rows[0];
  const money = (amount: string | number | null | undefined) =>
    amount === null || amount === undefined
      ? null
      : { amountMinor: Number(amount), currency: input.currency };
  const windows = typeof row?.by_days === "string" ? JSON.parse(row.by_days) : row?.by_days;
  const byDays: Record<number, ReturnType<typeof money>> = {};
  for (const w of (windows ?? []) as { days: number; low: string | number | null }[]) {
    byDays[w.days] = money(w.low);
  }
  const firstSeen = row?.first_seen_at ?? null;
  return {
    currency: input.currency,
    allTime: money(row?.all_time),
    byDays,
    firstSeenAt: firstSeen === null ? null : new Date(firstSeen),
  };
}
