import { firstPricedPart, has, inside, usdOrCad } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** Best Buy: `.priceView-customer-price` (first text) vs `.pricing-price__regular-price` ("Was"). */
export const bestBuy = priceElementRule({
  name: "Best Buy",
  host: /(?:^|\.)bestbuy\.(com|ca)$/,
  currency: usdOrCad,
  keep: (r) => !r.isHidden,
  price: {
    is: (r) => has(r, ".priceView-customer-price") || has(r, "[data-testid=customer-price]"),
    read: (r) => ({ text: firstPricedPart(r) }),
  },
  listPrice: {
    is: (r) =>
      has(r, ".pricing-price__regular-price") &&
      inside(r, ".pricing-price", ".priceView-hero-price"),
  },
});
