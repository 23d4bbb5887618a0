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

describe("an old price's label with nothing lower to pay (a probe page of round six)", () => {
  it("en: Shopify's 'Regular price' screen-reader label on a price with no sale is the price", () => {
    expect(
      price(
        `<div class="price"><span class="visually-hidden">Regular price</span><span class="price-item price-item--regular">$38.00</span></div>`,
      ),
    ).toBe(3800);
  });
  it("de: 'Regulärer Preis 45,00 €' alone is the price; beside '36,00 €' it is the old one", () => {
    const alone = `<div class="p1"><span>Regulärer Preis</span> <span>45,00 €</span></div>`;
    expect(price(alone, "de", "laden.example.de")).toBe(4500);
    expect(
      price(`${alone}<div class="p2"><span>36,00 €</span></div>`, "de", "laden.example.de"),
    ).toBe(3600);
  });
  it("a lower amount in a row of other products pairs with nothing: 'Regular price $38.00' stays", () => {
    expect(
      price(
        `<div class="price"><span>Regular price</span> <span>$38.00</span></div><section><h2>You may also like</h2><a href="/p/2">Mini mug</a> <span>$12.00</span></section>`,
      ),
    ).toBe(3800);
  });
});

describe("a price shown only in the cart (a minimum advertised price)", () => {
  it("en: 'MSRP: $899.00' then 'Click for price' gives no price", () => {
    expect(
      price(
        `<div class="p1"><span>MSRP:</span> <span>$899.00</span></div><a href="#">Click for price</a>`,
      ),
    ).toBeNull();
  });
  it("en: an old-price class's '$1,399.00' then 'See price in cart' gives no price", () => {
    expect(
      price(
        `<div class="p1"><span class="price-old">$1,399.00</span> <span class="price">See price in cart</span></div>`,
      ),
    ).toBeNull();
  });
});

describe("an old price's label before a currency written in letters", () => {
  it("es (PE): 'Precio regular S/ 259.90' then 'S/ 199.90' is S/ 199.90", () => {
    expect(
      price(
        `<div class="p1"><span class="q1">Precio regular S/ 259.90</span> <span class="q2">S/ 199.90</span></div>`,
        "es",
        "tienda.example.pe",
      ),
    ).toBe(19990);
  });
  it("en (MY): 'Was RM 59.00' then 'RM 45.00' is RM 45.00", () => {
    expect(
      price(
        `<div class="p1"><span>Was RM 59.00</span> <span>RM 45.00</span></div>`,
        "en",
        "shop.example.com.my",
      ),
    ).toBe(4500);
  });
});
