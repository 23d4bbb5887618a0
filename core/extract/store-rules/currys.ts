import { firstPricedPart, has, inside } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** Currys: `.product-price` / `.price-info` in the product summary; `.price-was` is the old price. */
export const currys = priceElementRule({
  name: "Currys",
  host: /(?:^|\.)currys\.(co\.uk|ie)$/,
  currency: (ctx) => (ctx.host.endsWith(".ie") ? "EUR" : "GBP"),
  keep: (r) => !r.isHidden,
  price: {
    is: (r) => (has(r, ".product-price") || has(r, ".price-info")) && !r.isStruck,
    read: (r) => ({ text: firstPricedPart(r) }),
    confidence: 0.9,
  },
  listPrice: { is: (r) => r.isStruck && inside(r, ".product-price", ".price-info") },
});
