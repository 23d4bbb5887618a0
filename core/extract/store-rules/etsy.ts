import { firstPricedPart, has, stockFrom, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/**
 * Etsy: the buy box's price region, which is what the shopper pays (VAT included where it
 * applies). JSON-LD on Etsy can carry a converted pre-tax amount; meta tags the seller's.
 */
export const etsy: StoreRule = {
  name: "Etsy",
  kind: "store",
  matches: (ctx) => /(?:^|\.)etsy\.com$/.test(ctx.host),
  read: (ctx) => {
    const candidates = ctx.scan.priceElements
      .filter(
        (r) =>
          !r.isExcluded &&
          !r.isStruck &&
          (has(r, "[data-selector=price-only]") || has(r, "[data-buy-box-region=price]")),
      )
      .map((r) => textCandidate(r, { confidence: 0.9, role: "price", text: firstPricedPart(r) }));
    for (const r of ctx.scan.priceElements) {
      if (
        !r.isExcluded &&
        r.isStruck &&
        (has(r, ".wt-text-strikethrough") || r.ancestors.includes("[data-buy-box-region=price]"))
      ) {
        candidates.push(textCandidate(r, { confidence: 0.8, role: "list_price" }));
      }
    }
    return {
      candidates: uniqueByPath(candidates),
      availability: stockFrom(ctx, "[data-buy-box-region=price]"),
    };
  },
};
