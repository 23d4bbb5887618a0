import { COUNTRY_CURRENCY } from "../../money/currencies.ts";
import { has, pathCountry } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** IKEA: `.pip-price-module__current-price` vs `__previous-price`; country from the path (/us/en/). */
export const ikea = priceElementRule({
  name: "IKEA",
  host: /(?:^|\.)ikea\.com$/,
  currency: (ctx) => {
    const country = pathCountry(ctx.url);
    return country ? (COUNTRY_CURRENCY[country] ?? null) : null;
  },
  price: {
    is: (r) => has(r, ".pip-price-module__current-price"),
    // Integer and decimal come in separate spans; the screen-reader text repeats the price.
    read: (r) => ({
      text: joinIkea(r.parts) ?? r.parts.find((p) => /\d/.test(p) && /[^\d\s.,]/.test(p)) ?? r.text,
    }),
  },
  listPrice: {
    is: (r) => has(r, ".pip-price-module__previous-price"),
    read: (r) => ({ text: joinIkea(r.parts) ?? r.text }),
  },
});

/** ["$", "149", ".99"] → "$149.99"; ["1.299", ",-", "€"] → "1.299,- €". */
function joinIkea(parts: readonly string[]): string | null {
  const visible = parts.filter((p) => !/^\s*(price|preis|prix|precio)\b/i.test(p));
  const joined = visible.join("").replace(/\s+/g, " ").trim();
  return /\d/.test(joined) ? joined : null;
}
