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
 * The feed's rates, or null when the document is not one: no day, or no rate. Each
 * `<Cube currency="USD" rate="1.0812"/>` is one rate; the `<Cube time="…">` around them, the day.
 */
export function parseEcbRates(xml: string): ReferenceRates | null {
  let date: string | null = null;
  const perEur: Record<string, number> = { EUR: 1 };
  let count = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name.toLowerCase() !== "cube") return;
        const time = attributes.time;
        if (time && /^\d{4}-\d{2}-\d{2}$/.test(time) && date === null) date = time;
        const currency = attributes.currency?.toUpperCase();
        const rate = attributes.rate === undefined ? Number.NaN : Number(attributes.rate);
        if (currency && /^[A-Z]{3}$/.test(currency) && Number.isFinite(rate) && rate > 0) {
          perEur[currency] = rate;
          count += 1;
        }
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  return date !== null && count > 0 ? { date, perEur } : null;
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
