import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * A unit price right under the title, before the pack's price (pages written from a helper's
 * probes of European grocers): its quantity in words ("al kg", "le kg", "Prix au kilo :") or
 * right after its element ("<span>1,80 €</span> / 100 g") makes it a unit price, never the price.
 */
const priceOf = (lang: string, host: string, unit: string, price: string) =>
  extractProduct(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Item 500 g</title></head><body><h1>Item 500 g</h1>${unit}<div>${price}</div><button>Add to cart</button></body></html>`,
    `https://${host}/p/1`,
  ).price?.amountMinor;

describe("a unit price before the price", () => {
  it.each([
    ["it", "shop.example.it", "<p>7,80 € al kg</p>", "3,90 €", 390],
    ["fr", "shop.example.fr", "<p>31,80 € le kg</p>", "7,95 €", 795],
    ["es", "shop.example.es", "<p>7,80 € el kilo</p>", "3,90 €", 390],
    ["fr", "shop.example.fr", "<p>Prix au kilo : 31,80 €</p>", "7,95 €", 795],
    ["de", "shop.example.de", "<div><span>1,80 €</span> / 100 g</div>", "8,99 €", 899],
    ["de", "shop.example.de", "<div><span>1,80 €</span> pro 100 g</div>", "8,99 €", 899],
  ])("%s: %s", (lang, host, unit, price, want) => {
    expect(priceOf(lang, host, unit, price)).toBe(want);
  });

  // Probe round nine (b): US stores draw the sign before the amount and the unit in an element of
  // its own ("<span>$2.48</span> <span>/sq. ft.</span>" above the case's price).
  it.each([
    ["<div><span>$2.48</span> <span>/sq. ft.</span></div>", "$52.90", 5290],
    ["<p><span>$0.48</span><span>/oz</span></p>", "$13.49", 1349],
  ])("en: %s", (unit, price, want) => {
    expect(priceOf("en", "shop.example.com", unit, price)).toBe(want);
  });

  it("en: 'Price per 100 sheets' before its amount is a unit price", () => {
    expect(
      priceOf("en", "shop.example.com", "<p>Price per 100 sheets <b>$1.05</b></p>", "$9.49"),
    ).toBe(949);
  });

  it("a price by the pound alone is no price of the item; '/each' alone is the price of one", () => {
    const page = (box: string) =>
      `<!doctype html><html lang="en"><head><title>Ribeye Steak</title></head><body><h1>Ribeye Steak</h1><p>${box}</p><button>Add to cart</button></body></html>`;
    const url = "https://shop.example.com/p/1";
    expect(extractProduct(page("<span>$13.99</span><span>/lb</span>"), url).price).toBeNull();
    expect(extractProduct(page("<span>$3.98</span> <span>/each</span>"), url).price).toEqual({
      amountMinor: 398,
      currency: "USD",
    });
  });

  it("a pack's price after another amount's unit ('… al kg', then it) is the price", () => {
    expect(priceOf("it", "shop.example.it", "<p>Prezzo 7,80 € al kg</p>", "3,90 €")).toBe(390);
  });
});

describe("Swedish whole kronor, '799:-'", () => {
  it.each([
    ["<div>799:-</div>", 79900],
    ["<div><s>999:-</s> 799:-</div>", 79900],
  ])("%s", (box, want) => {
    const r = extractProduct(
      `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Kockkniv</title></head><body><h1>Kockkniv</h1>${box}<button>Lägg i varukorgen</button></body></html>`,
      "https://shop.example.se/p/1",
    );
    expect(r.price).toEqual({ amountMinor: want, currency: "SEK" });
  });
});

/**
 * Probe round eight (a): a pharmacy's price per tablet in the price's own box ("$15.99" drawn in
 * pieces, then "$0.13 / ea" for a bottle of 120) is a unit price; alone ("$349.00 / each",
 * page-structure.test.ts) it stays the price of one.
 */
describe("a price per piece right after the pack's price on its line", () => {
  const page = (lang: string, box: string) =>
    `<!doctype html><html lang="${lang}"><head><title>Vitamin D3 120 ea</title></head><body><h1>Vitamin D3 120 ea</h1><div class="box">${box}</div><button>Add to cart</button></body></html>`;
  it.each([
    ["en", `<span>$15</span><sup>99</sup><span>$0.13 / ea</span>`, 1599],
    ["en", `<span>$15.99</span> <span>$0.13/each</span>`, 1599],
    ["de", `<span>15,99 €</span> <span>0,13 € / Stück</span>`, 1599],
  ])("%s: %s", (lang, box, want) => {
    expect(extractProduct(page(lang, box), "https://shop.example.com/p/1").price?.amountMinor).toBe(
      want,
    );
  });
  it("a sale's price per each after its struck old price stays the price", () => {
    const box = `<s>$19.99</s> <span>$15.99 / each</span>`;
    expect(extractProduct(page("en", box), "https://shop.example.com/p/1").price?.amountMinor).toBe(
      1599,
    );
  });
});
