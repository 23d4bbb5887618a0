import type { Fetcher } from "../fetch/index.ts";
import type { Logger } from "../log.ts";
import { parseEcbRateDays, type ReferenceRates } from "../money/reference-rates.ts";
import type { RateStore } from "./rate-days.ts";

/**
 * Where a group's comparison gets its exchange rates (issue #37 item 7, decision 0069): the
 * configured daily feed, fetched through the one SSRF-safe fetcher, kept for a few hours.
 * When the feed cannot be read and no rates younger than MAX_AGE are kept, `current` is null
 * and the comparison says it is unavailable: never a guess. Every day a reading of the feed
 * holds is kept (in the database with a `store`, decision 0077): `days` gives them back for a
 * group's chart, which converts each past price at its own day's rates.
 */
export type RateSource = {
  current(now: Date): Promise<ReferenceRates | null>;
  /**
   * The kept days from `from` to `to` (YYYY-MM-DD), with the nearest kept day before `from`,
   * oldest first. Reads no feed: `current` does.
   */
  days(from: string, to: string): Promise<ReferenceRates[]>;
};

/** Fetched rates are reused this long (the ECB publishes once a working day, about 16:00 CET). */
export const RATES_FRESH_MS = 6 * 60 * 60 * 1000;
/** A failed fetch is not retried for this long (a page opened twice must not wait twice). */
export const RATES_RETRY_MS = 10 * 60 * 1000;
/** Kept rates older than this (by their own date) are not used: four days spans a long weekend. */
export const RATES_MAX_AGE_DAYS = 4;

export function createRateSource(options: {
  fetcher: Fetcher;
  url: string;
  log?: Logger;
  /** Where each day's rates are kept for every process (core/groups/rate-days.ts). */
  store?: RateStore;
}): RateSource {
  let kept: { rates: ReferenceRates; fetchedAt: number } | null = null;
  /** Every day this process read, by day (all there is without a store). */
  const read = new Map<string, ReferenceRates>();
  let failedAt: number | null = null;
  let inFlight: Promise<void> | null = null;

  const isUsable = (rates: ReferenceRates, now: Date) =>
    now.getTime() - Date.parse(`${rates.date}T00:00:00Z`) <= RATES_MAX_AGE_DAYS * 86_400_000;

  async function refresh(now: Date): Promise<void> {
    const outcome = await options.fetcher.request(options.url, {
      headers: { accept: "application/xml, text/xml" },
      maxBytes: 256 * 1024,
    });
    const days = outcome.kind === "ok" ? parseEcbRateDays(outcome.body) : [];
    const rates = days.at(-1);
    if (rates) {
      kept = { rates, fetchedAt: now.getTime() };
      failedAt = null;
      for (const day of days) read.set(day.date, day);
      await options.store?.keep(days, now).catch((error: unknown) => {
        options.log?.warn({ err: error }, "reference rates read but not kept");
      });
    } else {
      failedAt = now.getTime();
      options.log?.warn({ url: options.url, outcome: outcome.kind }, "reference rates unavailable");
    }
  }

  return {
    async current(now) {
      const t = now.getTime();
      const isFresh = kept !== null && t - kept.fetchedAt < RATES_FRESH_MS;
      const isWaiting = failedAt !== null && t - failedAt < RATES_RETRY_MS;
      if (!isFresh && !isWaiting) {
        inFlight ??= refresh(now).finally(() => {
          inFlight = null;
        });
        await inFlight;
      }
      const rates = (kept as { rates: ReferenceRates } | null)?.rates ?? null;
      return rates && isUsable(rates, now) ? rates : null;
    },
    async days(from, to) {
      const byDay = new Map<string, ReferenceRates>();
      for (const day of (await options.store?.between(from, to)) ?? []) byDay.set(day.date, day);
      for (const day of read.values()) byDay.set(day.date, day);
      const sorted = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
      const before = sorted.filter((d) => d.date <= from).at(-1);
      return sorted.filter((d) => d.date <= to && (d.date >= from || d === before));
    },
  };
}
