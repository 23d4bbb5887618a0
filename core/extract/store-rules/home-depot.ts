import { has, usdOrCad } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** Home Depot: `.price-format__main-price` is three spans: "$", dollars, cents ("$" "299" "00"). */
export const homeDepot = priceElementRule({
  name: "The Home Depot",
  host: /(?:^|\.)homedepot\.(com|ca)$/,
  currency: usdOrCad,
  price: {
    is: (r) => has(r, ".price-format__main-price"),
    read: (r) => ({ text: joinParts(r.parts) }),
  },
  listPrice: {
    is: (r) => has(r, ".price-detailed__was-price") || has(r, ".price-format__was-price"),
  },
});

function joinParts(parts: readonly string[]): string {
  const trimmed = parts.map((p) => p.trim()).filter(Boolean);
  const [symbol, whole, cents] = trimmed;
  if (
    symbol &&
    whole &&
    cents &&
    /^\D+$/.test(symbol) &&
    /^[\d,]+$/.test(whole) &&
    /^\d{2}$/.test(cents)
  ) {
    return `${symbol}${whole}.${cents}`;
  }
  return trimmed.join("");
}
