import type { RawCandidate } from "../types.ts";
import { has, inside, platformMatches, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

const SUMMARY = [
  ".summary",
  ".entry-summary",
  ".product-summary",
  ".woocommerce-product-details__short-description",
];

/** The chosen variation's price block of a variable product (filled in when a variation is chosen). */
const VARIATION_PRICE = ".woocommerce-variation-price";

/** WooCommerce: `.summary .price` — `<ins>` is the sale price, `<del>` the regular one; "a – b" a range. */
export const woocommerce: StoreRule = {
  name: "WooCommerce",
  kind: "platform",
  matches: platformMatches("woocommerce", (r) => has(r, ".woocommerce-Price-amount")),
  read: (ctx) => {
    const amounts = ctx.scan.priceElements.filter(
      (r) =>
        has(r, ".woocommerce-Price-amount") &&
        inside(r, ...SUMMARY) &&
        !r.isExcluded &&
        !r.isHidden,
    );
    const current = amounts.filter((r) => !r.isStruck);
    const candidates: (RawCandidate | null)[] = [];
    const first = current[0];
    if (first) {
      const c = textCandidate(first, { confidence: 0.9, role: "price" });
      // Two unstruck amounts in the same price line: a variable product's range …
      const second = current[1];
      const isRange = second !== undefined && second.ancestors.join() === first.ancestors.join();
      // … unless a variation is chosen: its own price block shows what it costs.
      const chosen = isRange
        ? current.find((r) => r !== first && r !== second && inside(r, VARIATION_PRICE))
        : undefined;
      if (chosen) candidates.push(textCandidate(chosen, { confidence: 0.9, role: "price" }));
      else {
        if (c && isRange) c.isRange = true;
        candidates.push(c);
      }
    }
    for (const r of amounts.filter((a) => a.isStruck).slice(0, 1))
      candidates.push(textCandidate(r, { confidence: 0.8, role: "list_price" }));
    return { candidates: uniqueByPath(candidates) };
  },
};
