import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/** #12 item 5: the variants a page offers, to track one by its id rather than its price. */
const page = (data: unknown, body = "") =>
  `<!doctype html><html lang="en"><head><title>Shirt</title><script type="application/ld+json">${JSON.stringify(
    data,
  )}</script></head><body><h1>Shirt</h1>${body}<button>Add to cart</button></body></html>`;

const group = {
  "@context": "https://schema.org",
  "@type": "ProductGroup",
  name: "Shirt",
  productGroupID: "SH-1",
  hasVariant: [
    {
      "@type": "Product",
      sku: "SH-1-S",
      name: "Shirt, S",
      offers: {
        "@type": "Offer",
        price: "19.90",
        priceCurrency: "EUR",
        availability: "https://schema.org/OutOfStock",
      },
    },
    {
      "@type": "Product",
      sku: "SH-1-XL",
      name: "Shirt, XL",
      offers: {
        "@type": "Offer",
        price: "24.90",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      },
    },
  ],
};

describe("variants", () => {
  it("a product group lists its variants with id, name, price and stock", () => {
    const r = extractProduct(page(group), "https://shop.example.de/shirt");
    expect(r.variants).toEqual([
      {
        id: "SH-1-S",
        name: "Shirt, S",
        price: { amountMinor: 1990, currency: "EUR" },
        availability: "out_of_stock",
        isSelected: false,
      },
      {
        id: "SH-1-XL",
        name: "Shirt, XL",
        price: { amountMinor: 2490, currency: "EUR" },
        availability: "in_stock",
        isSelected: false,
      },
    ]);
  });

  it("the chosen variant id picks that variant's price and stock, whatever the URL", () => {
    const r = extractProduct(page(group), "https://shop.example.de/shirt", {
      variantId: "SH-1-XL",
    });
    expect(r.price).toEqual({ amountMinor: 2490, currency: "EUR" });
    expect(r.availability).toBe("in_stock");
    expect(r.variants?.find((v) => v.isSelected)?.id).toBe("SH-1-XL");
    const small = extractProduct(page(group), "https://shop.example.de/shirt", {
      variantId: "SH-1-S",
    });
    expect(small.price).toEqual({ amountMinor: 1990, currency: "EUR" });
    expect(small.availability).toBe("out_of_stock");
  });

  it("one offer per SKU on a plain product is a list of variants too", () => {
    const r = extractProduct(
      page({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Mug",
        offers: [
          { "@type": "Offer", sku: "MUG-RED", price: "9.00", priceCurrency: "USD" },
          { "@type": "Offer", sku: "MUG-BLUE", price: "11.00", priceCurrency: "USD" },
        ],
      }),
      "https://shop.example.com/mug",
      { variantId: "MUG-BLUE" },
    );
    expect(r.variants?.map((v) => v.id)).toEqual(["MUG-RED", "MUG-BLUE"]);
    expect(r.price).toEqual({ amountMinor: 1100, currency: "USD" });
  });

  it("a product with one offer has no variant list", () => {
    const r = extractProduct(
      page({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Lamp",
        sku: "L-1",
        offers: { "@type": "Offer", sku: "L-1", price: "30.00", priceCurrency: "USD" },
      }),
      "https://shop.example.com/lamp",
    );
    expect(r.variants).toBeUndefined();
  });
});
