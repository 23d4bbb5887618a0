import { minorToDecimal } from "./decimal-to-minor.ts";
import type { Money } from "./money.ts";

/** Format money for display in a locale ("1.234,56 €" in de-DE). Exact: no float conversion. */
export function formatMoney(money: Money, locale = "en-US"): string {
  const decimal = minorToDecimal(money.amountMinor, money.currency) as `${number}`;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: money.currency }).format(
      decimal,
    );
  } catch {
    return `${decimal} ${money.currency}`;
  }
}
