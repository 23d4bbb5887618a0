import { has, inside, stockFrom, usdOrCad } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** Newegg: `li.price-current` ($<strong>1,299</strong><sup>.99</sup>) in the buy box, not `.price-was`. */
export const newegg = priceElementRule({
  name: "Newegg",
  host: /(?:^|\.)newegg\.(com|ca)$/,
  currency: usdOrCad,
  keep: (r) => inside(r, ".product-buy-box", ".product-price", ".product-pane"),
  price: { is: (r) => has(r, ".price-current") },
  listPrice: { is: (r) => has(r, ".price-was-data") || has(r, ".price-was") },
  availability: (ctx) => stockFrom(ctx, ".product-inventory", "#ProductInventory"),
});
