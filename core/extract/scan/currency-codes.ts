import { ISO_CODES } from "../../money/currencies.ts";

/**
 * ISO currency codes a script states as the page's currency: `"currency":"USD"`,
 * `currencyCode: 'USD'`, `priceCurrency`, `currency_code`, an escaped `\"currency\":\"USD\"` inside
 * a string, Shopify's `currency = {"active":"USD"}`. A data layer, an analytics call or a
 * store's settings write the currency a person pays in, even where the shown price has only `$`.
 */
const STATED =
  /urrency(?:_?[Cc]ode|_?[Ii]so(?:_?[Cc]ode)?)?\\?["']?\s*[:=]\s*(?:\{\s*\\?["']active\\?["']\s*:\s*)?\\?["']([A-Z]{3})\\?["']/y;

/** At most this many codes are counted per script (a catalogue of prices repeats its own). */
const MAX_PER_SCRIPT = 200;

/** Counts, into `into`, every ISO code `text` states as a currency (see STATED). */
export function countStatedCurrencies(text: string, into: Map<string, number>): void {
  let found = 0;
  // "urrency" is found by indexOf (fast on long scripts); the pattern is tried only there.
  for (let at = text.indexOf("urrency"); at >= 0; at = text.indexOf("urrency", at + 7)) {
    STATED.lastIndex = at;
    const match = STATED.exec(text);
    const code = match?.[1];
    if (code === undefined || !ISO_CODES.has(code)) continue;
    into.set(code, (into.get(code) ?? 0) + 1);
    if (++found >= MAX_PER_SCRIPT) return;
  }
}
