import { Parser } from "htmlparser2";
import { currencyExponent } from "./currencies.ts";
import type { Money } from "./money.ts";

/**
 * Daily reference exchange rates (issue #37 item 7, decision 0069): the European Central Bank's
 * eurofxref-daily.xml, read as units of each currency per euro. Pure: the fetching is
 * core/groups/rate-source.ts. Rates are used to compare prices in one currency on screen;
 * stored prices are never converted.
 */
export type ReferenceRates = {
  /** The day the rates are for (YYYY-MM-DD), as the feed states it. */
  date: string;
  /** Units of each currency per one euro; EUR itself is 1. */
  perEur: Readonly<Record<string, number>>;
};

/**
 * Every day of a feed, oldest first (decision 0077): the daily feed holds one day, the ECB's
 * 90-day and full histories (`eurofxref-hist-90d.xml`, `eurofxref-hist.xml`) one per working
 * day. Each `<Cube time="…">` is a day; each `<Cube currency="USD" rate="1.0812"/>` inside it, one
 * of its rates. A day without a rate is no day.
 */
export function parseEcbRateDays(xml: string): ReferenceRates[] {
  const days = new Map<string, Record<string, number>>();
  let current: Record<string, number> | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name.toLowerCase() !== "cube") return;
        const time = attributes.time;
        if (time !== undefined) {
          current = /^\d{4}-\d{2}-\d{2}$/.test(time) ? (days.get(time) ?? { EUR: 1 }) : null;
          if (current) days.set(time, current);
          return;
        }
        const currency = attributes.currency?.toUpperCase();
        const rate = attributes.rate === undefined ? Number.NaN : Number(attributes.rate);
        if (
          current &&
          currency &&
          /^[A-Z]{3}$/.test(currency) &&
          Number.isFinite(rate) &&
          rate > 0
        ) {
          current[currency] = rate;
        }
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  return [...days.entries()]
    .filter(([, perEur]) => Object.keys(perEur).length > 1)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, perEur]) => ({ date, perEur }));
}

/** The feed's latest day's rates, or null when the document is not one: no day, or no rate. */
export function parseEcbRates(xml: string): ReferenceRates | null {
  return parseEcbRateDays(xml).at(-1) ?? null;
}

/**
 * The rates for `day` (YYYY-MM-DD) among kept days (oldest first): that day's, or the nearest
 * earlier day's when none was published or kept for it (a weekend, a holiday, a day nobody
 * asked); null when no day on or before it is kept — never a later day's, never a guess.
 */
export function ratesOnDay(days: readonly ReferenceRates[], day: string): ReferenceRates | null {
  let low = 0;
  let high = days.length - 1;
  let found: ReferenceRates | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const candidate = days[mid]!;
    if (candidate.date <= day) {
      found = candidate;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * `money` in `currency` at the reference rates, rounded to the currency's minor unit; null when
 * a rate is missing. The same currency is returned unchanged.
 */
export function convertMoney(
  money: Money,
  currency: string,
  rates: ReferenceRates | null,
): Money | null {
  if (money.currency === currency) return money;
  const from = rates?.perEur[money.currency];
  const to = rates?.perEur[currency];
  if (!from || !to) return null;
  const major = money.amountMinor / 10 ** currencyExponent(money.currency);
  const converted = (major / from) * to;
  return {
    amountMinor: Math.round(converted * 10 ** currencyExponent(currency)),
    currency,
  };
}
