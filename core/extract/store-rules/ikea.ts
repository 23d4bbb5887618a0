import { COUNTRY_CURRENCY } from "../../money/currencies.ts";
import { has, pathCountry, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** IKEA: `.pip-price-module__current-price` vs `__previous-price`; country from the path (/us/en/). */
export const ikea: StoreRule = {
  name: "IKEA",
  kind: "store",
  matches: (ctx) => /(?:^|\.)ikea\.com$/.test(ctx.host),
  read: (ctx) => {
    const country = pathCountry(ctx.url);
    const currency = country ? (COUNTRY_CURRENCY[country] ?? null) : null;
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded)
      .map((r) => {
        if (has(r, ".pip-price-module__current-price")) {
          // Integer and decimal come in separate spans; the screen-reader text repeats the price.
          const text = r.parts.find((p) => /\d/.test(p) && /[^\d\s.,]/.test(p)) ?? r.text;
          return textCandidate(r, {
            confidence: 0.92,
            currency,
            role: "price",
            text: joinIkea(r.parts) ?? text,
          });
        }
        if (has(r, ".pip-price-module__previous-price")) {
          return textCandidate(r, {
            confidence: 0.8,
            currency,
            role: "list_price",
            text: joinIkea(r.parts) ?? r.text,
          });
        }
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency };
  },
};

/** ["$", "149", ".99"] → "$149.99"; ["1.299", ",-", "€"] → "1.299,- €". */
function joinIkea(parts: readonly string[]): string | null {
  const visible = parts.filter((p) => !/^\s*(price|preis|prix|precio)\b/i.test(p));
  const joined = visible.join("").replace(/\s+/g, " ").trim();
  return /\d/.test(joined) ? joined : null;
}
