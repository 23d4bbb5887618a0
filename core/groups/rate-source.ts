import type { Fetcher } from "../fetch/index.ts";
import type { Logger } from "../log.ts";
import { parseEcbRates, type ReferenceRates } from "../money/reference-rates.ts";

/**
 * Where a group's comparison gets its exchange rates (issue #37 item 7, decision 0069): the
 * configured daily feed, fetched through the one SSRF-safe fetcher, kept for a few hours.
 * When the feed cannot be read and no rates younger than MAX_AGE are kept, `current` is null
 * and the comparison says it is unavailable: never a guess.
 */
export type RateSource = {
  current(now: Date): Promise<ReferenceRates | null>;
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
}): RateSource {
  let kept: { rates: ReferenceRates; fetchedAt: number } | null = null;
  let failedAt: number | null = null;
  let inFlight: Promise<void> | null = null;

  const isUsable = (rates: ReferenceRates, now: Date) =>
    now.getTime() - Date.parse(`${rates.date}T00:00:00Z`) <= RATES_MAX_AGE_DAYS * 86_400_000;

  async function refresh(now: Date): Promise<void> {
    const outcome = await options.fetcher.request(options.url, {
      headers: { accept: "application/xml, text/xml" },
      maxBytes: 256 * 1024,
    });
    const rates = outcome.kind === "ok" ? parseEcbRates(outcome.body) : null;
    if (rates) {
      kept = { rates, fetchedAt: now.getTime() };
      failedAt = null;
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
  };
}
