import type { SqlExecutor } from "../db/client.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";

/**
 * Each day's reference rates, kept in the database (`reference_rate_day`, decision 0077) so that a
 * group's chart converts a past price at the rates of its own day, in every process and after a
 * restart. Written whenever a process reads the feed; a day read again is replaced.
 */
export type RateStore = {
  keep(days: readonly ReferenceRates[], at: Date): Promise<void>;
  /**
   * The kept days from `from` to `to` (YYYY-MM-DD, both included), with the nearest kept day
   * before `from` (a price of `from` may need it), oldest first.
   */
  between(from: string, to: string): Promise<ReferenceRates[]>;
};

type DayRow = { day: string; per_eur: Record<string, number> | string };

export function createRateStore(sql: SqlExecutor): RateStore {
  return {
    async keep(days, at) {
      if (days.length === 0) return;
      await sql.query(
        `insert into reference_rate_day (day, per_eur, fetched_at)
         select d.day::date, d.per_eur, $2::timestamptz
           from jsonb_to_recordset($1::jsonb) as d(day text, per_eur jsonb)
         on conflict (day) do update
           set per_eur = excluded.per_eur, fetched_at = excluded.fetched_at`,
        [JSON.stringify(days.map((d) => ({ day: d.date, per_eur: d.perEur }))), at.toISOString()],
        { name: "dropwave_rate_days_keep" },
      );
    },
    async between(from, to) {
      const { rows } = await sql.query<DayRow>(
        `select to_char(day, 'YYYY-MM-DD') as day, per_eur from reference_rate_day
          where day <= $2::date
            and day >= coalesce((select max(day) from reference_rate_day where day <= $1::date),
                                $1::date)
          order by day`,
        [from, to],
        { name: "dropwave_rate_days_between" },
      );
      return rows.map((r) => ({
        date: r.day,
        perEur: typeof r.per_eur === "string" ? JSON.parse(r.per_eur) : r.per_eur,
      }));
    },
  };
}
