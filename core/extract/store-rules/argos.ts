import { has } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** Argos: `[data-test=product-price-primary]`; the secondary line is the "Was" price. */
export const argos = priceElementRule({
  name: "Argos",
  host: /(?:^|\.)argos\.co\.uk$/,
  currency: "GBP",
  price: {
    is: (r) => has(r, "[data-test=product-price-primary]"),
    read: (r) => ({ attr: r.attrs.content ? "content" : undefined }),
  },
  listPrice: { is: (r) => has(r, "[data-test=product-price-secondary]") && /was/i.test(r.text) },
});
