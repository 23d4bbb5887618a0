import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Words that name another offer beside the product ("Bundle price" for the product with others)
 * speak of the product itself when its title names the same thing: a bundle sold as the product
 * ("Nightly Skincare Starter Bundle", "Bundle price $149.99"). Pages written for it; none names a
 * store.
 */
function priceOf(lang: string, title: string, box: string) {
  const host = lang === "en" ? "shop.example.com" : `shop.example.${lang}`;
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>
<main><h1>${title}</h1>${box}<button>Add to bag</button></main></body></html>`;
  const r = extractProduct(page, `https://www.${host}/products/item`);
  return r.price ? `${r.price.amountMinor} ${r.price.currency}` : null;
}

describe("the title names the offer the label names: the product's price", () => {
  it.each([
    [
      "en",
      "Nightly Skincare Starter Bundle",
      "<div><span>Bundle price</span> <span>$149.99</span></div><p>Cleanser, serum and night cream</p>",
      "14999 USD",
    ],
    [
      "en",
      "Creator Vlogging Kit Bundle",
      "<div><span>Bundle price</span> <strong>£329.00</strong></div><p>Save £48.00 vs buying separately</p>",
      "32900 GBP",
    ],
    [
      "en",
      "Nightly Skincare Starter Bundle",
      '<div class="bundle-price"><span class="bundle-price__label">Bundle price</span> <span class="bundle-price__amount">$149.99</span><p class="bundle-price__value">A $186 value when bought separately</p></div>',
      "14999 USD",
    ],
  ])("%s: %s", (lang, title, box, want) => {
    expect(priceOf(lang, title, box)).toBe(want);
  });
});

describe("guards", () => {
  it("a bundle's box set apart by its class beside a product that is no bundle", () => {
    const box =
      '<div><span>$499.99</span></div><div class="bundle-offer"><span>Bundle price</span> <span>$649.99</span></div>';
    expect(priceOf("en", "Espresso Machine", box)).toBe("49999 USD");
  });

  it("a bundle offered beside a product that is no bundle: the product's price", () => {
    const box =
      "<div><span>$499.99</span></div><div><span>Bundle price</span> <span>$649.99</span> with the grinder</div>";
    expect(priceOf("en", "Espresso Machine", box)).toBe("49999 USD");
  });

  it("a bundle offered above the price of a product that is no bundle", () => {
    const box =
      "<div><span>Bundle price</span> <span>$649.99</span></div><div><span>$499.99</span></div>";
    expect(priceOf("en", "Espresso Machine", box)).toBe("49999 USD");
  });
});
