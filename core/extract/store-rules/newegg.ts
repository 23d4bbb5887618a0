import { has, inside, stockFrom, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Newegg: `li.price-current` ($<strong>1,299</strong><sup>.99</sup>) in the buy box, not `.price-was`. */
export const newegg: StoreRule = {
  name: "Newegg",
  kind: "store",
  matches: (ctx) => /(?:^|\.)newegg\.(com|ca)$/.test(ctx.host),
  read: (ctx) => {
    const currency = ctx.host.endsWith(".ca") ? "CAD" : "USD";
    const candidates = ctx.scan.priceElements
      .filter(
        (r) => !r.isExcluded && inside(r, ".product-buy-box", ".product-price", ".product-pane"),
      )
      .map((r) => {
        if (has(r, ".price-current"))
          return textCandidate(r, { confidence: 0.92, currency, role: "price" });
        if (has(r, ".price-was-data") || has(r, ".price-was"))
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        return null;
      });
    return {
      candidates: uniqueByPath(candidates),
      currency,
      availability: stockFrom(ctx, ".product-inventory", "#ProductInventory"),
    };
  },
};
