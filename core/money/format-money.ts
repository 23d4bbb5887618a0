import { minorToDecimal } from "./decimal-to-minor.ts";
import type { Money } from "./money.ts";

/**
 * One formatter per locale and currency (null: the runtime does not know the currency).
 * Building an Intl.NumberFormat costs far more than formatting with one, and a hub of a few
 * hundred products formats a price several times per product on every render. The keys are
 * ISO currency codes and the few locales the app passes, so the map stays small; it is cleared
 * if it ever grows past MAX_FORMATTERS anyway.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();
const MAX_FORMATTERS = 1000;

function formatterFor(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}\u0000${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      formatter = null;
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Format money for display in a locale ("1.234,56 €" in de-DE). Exact: no float conversion. */
export function formatMoney(money: Money, locale = "en-US"): string {
  const decimal = minorToDecimal(money.amountMinor, money.currency) as `${number}`;
  const formatter = formatterFor(locale, money.currency);
  return formatter ? formatter.format(decimal) : `${decimal} ${money.currency}`;
}
