import { firstPricedPart, has, inside, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Currys: `.product-price` / `.price-info` in the product summary; `.price-was` is the old price. */
export const currys: StoreRule = {
  name: "Currys",
  kind: "store",
  matches: (ctx) => /(?:^|\.)currys\.(co\.uk|ie)$/.test(ctx.host),
  read: (ctx) => {
    const currency = ctx.host.endsWith(".ie") ? "EUR" : "GBP";
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded && !r.isHidden)
      .map((r) => {
        if ((has(r, ".product-price") || has(r, ".price-info")) && !r.isStruck) {
          return textCandidate(r, {
            confidence: 0.9,
            currency,
            role: "price",
            text: firstPricedPart(r),
          });
        }
        if (r.isStruck && inside(r, ".product-price", ".price-info"))
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency };
  },
};
