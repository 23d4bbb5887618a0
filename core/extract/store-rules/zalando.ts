import { firstPricedPart, has, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/**
 * Zalando: JSON-LD lists one offer per size (usually one price). The visible price container is
 * read at a corroborating confidence: its class names are hashed, so a struck "was" price
 * cannot be told apart reliably; it settles disagreements between structured prices.
 */
export const zalando: StoreRule = {
  name: "Zalando",
  kind: "store",
  matches: (ctx) => /(?:^|\.)zalando\.[a-z.]+$/.test(ctx.host),
  read: (ctx) => {
    const currency = ctx.domainCurrency;
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded && has(r, "[data-testid=pdp-price-container]"))
      .map((r) =>
        textCandidate(r, { confidence: 0.6, currency, role: "price", text: firstPricedPart(r) }),
      );
    return { candidates: uniqueByPath(candidates), currency };
  },
};
