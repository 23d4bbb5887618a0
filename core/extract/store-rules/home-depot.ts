import { has, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Home Depot: `.price-format__main-price` is three spans: "$", dollars, cents ("$" "299" "00"). */
export const homeDepot: StoreRule = {
  name: "The Home Depot",
  kind: "store",
  matches: (ctx) => /(?:^|\.)homedepot\.(com|ca)$/.test(ctx.host),
  read: (ctx) => {
    const currency = ctx.host.endsWith(".ca") ? "CAD" : "USD";
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded)
      .map((r) => {
        if (has(r, ".price-format__main-price")) {
          return textCandidate(r, {
            confidence: 0.92,
            currency,
            role: "price",
            text: joinParts(r.parts),
          });
        }
        if (has(r, ".price-detailed__was-price") || has(r, ".price-format__was-price")) {
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        }
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency };
  },
};

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
