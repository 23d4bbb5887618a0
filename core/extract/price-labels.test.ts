import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 4 (pages written for these tests, class names that say nothing): labels that
 * name the old price, "Regular price", "Original price", "Precio original", wherever the store
 * puts them: before the amount, or after it as a screen-reader label.
 */
function price(box: string, lang = "en", host = "shop.example.com"): number | null {
  const buy: Record<string, string> = {
    en: "Add to cart",
    de: "In den Warenkorb",
    es: "Añadir al carrito",
  };
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<header><a href="/">Shop</a></header><main><h1>Ceramic mug</h1>${box}<button>${buy[lang]}</button></main></body></html>`;
  return extractProduct(html, `https://${host}/p/1`).price?.amountMinor ?? null;
}

describe("an old price's label after its amount (a screen-reader label)", () => {
  it("en: $30.00 'Regular Price' $24.00 'Sale Price' is $24.00", () => {
    expect(
      price(
        `<div class="a1"><span class="b1">$30.00</span><span class="c1">Regular Price</span><span class="b1">$24.00</span><span class="c1">Sale Price</span></div>`,
      ),
    ).toBe(2400);
  });
  it("es: 30,00 € 'Precio original' 24,00 € is 24,00 €", () => {
    expect(
      price(
        `<div class="a1"><span class="b1">30,00 €</span><span class="c1">Precio original</span><span class="b1">24,00 €</span></div>`,
        "es",
        "tienda.example.es",
      ),
    ).toBe(2400);
  });
  it("a label before a higher amount stays that one's: $24.00 'Regular price' $30.00 is $24.00", () => {
    expect(
      price(
        `<div class="a1"><span class="b1">$24.00</span> <span class="c1">Regular price</span> <span class="b1">$30.00</span></div>`,
      ),
    ).toBe(2400);
  });
});

describe("an old price's label before its amount", () => {
  it("en: a first block 'Regular price $45.00', then the sale block: $36.00", () => {
    expect(
      price(
        `<div class="p1"><div class="p2"><span class="v1">Regular price</span><span class="i1">$45.00 USD</span></div>
         <div class="p3"><span class="v1">Regular price</span><span><s class="i1">$45.00 USD</s></span><span class="v1">Sale price</span><span class="i2">$36.00 USD</span></div></div>`,
      ),
    ).toBe(3600);
  });
  it("de: 'Ursprünglicher Preis: 45,00 €' then 36,00 €", () => {
    expect(
      price(
        `<div class="p1"><p><span>Ursprünglicher Preis:</span> <span>45,00 €</span></p><p><span>36,00 €</span></p></div>`,
        "de",
        "laden.example.de",
      ),
    ).toBe(3600);
  });
});
