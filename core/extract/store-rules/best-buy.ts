import { firstPricedPart, has, inside, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Best Buy: `.priceView-customer-price` (first text) vs `.pricing-price__regular-price` ("Was"). */
export const bestBuy: StoreRule = {
  name: "Best Buy",
  kind: "store",
  matches: (ctx) => /(?:^|\.)bestbuy\.(com|ca)$/.test(ctx.host),
  read: (ctx) => {
    const currency = ctx.host.endsWith(".ca") ? "CAD" : "USD";
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded && !r.isHidden)
      .map((r) => {
        if (has(r, ".priceView-customer-price") || has(r, "[data-testid=customer-price]")) {
          return textCandidate(r, {
            confidence: 0.92,
            currency,
            role: "price",
            text: firstPricedPart(r),
          });
        }
        if (
          has(r, ".pricing-price__regular-price") &&
          inside(r, ".pricing-price", ".priceView-hero-price")
        ) {
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        }
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency };
  },
};
