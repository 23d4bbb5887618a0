import { has, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Argos: `[data-test=product-price-primary]`; the secondary line is the "Was" price. */
export const argos: StoreRule = {
  name: "Argos",
  kind: "store",
  matches: (ctx) => /(?:^|\.)argos\.co\.uk$/.test(ctx.host),
  read: (ctx) => {
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded)
      .map((r) => {
        if (has(r, "[data-test=product-price-primary]")) {
          return textCandidate(r, {
            confidence: 0.92,
            currency: "GBP",
            role: "price",
            attr: r.attrs.content ? "content" : undefined,
          });
        }
        if (has(r, "[data-test=product-price-secondary]") && /was/i.test(r.text)) {
          return textCandidate(r, { confidence: 0.8, currency: "GBP", role: "list_price" });
        }
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency: "GBP" };
  },
};
