import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 4 (pages written for these tests): an old price in an element of its own with
 * no struck markup and no "was" word, then the current price its words name ("Now", "Jetzt",
 * "Ahora"), whose element also holds a long block (a reviews summary): the current one is the
 * price, never the old one first after the title.
 */
const REVIEWS =
  "<div class='reviews'><span>4.6 out of 5 stars</span><span>Read 128 reviews from people who bought this item and wrote about it at length</span><span>Fit: true to size. Quality: very good. Comfort: excellent, say most reviewers.</span></div>";
function page(
  title: string,
  old: string,
  now: string,
  lang: string,
  host: string,
  buy: string,
  names: readonly [string, string] = ["product-price--markdown", "product-price"],
) {
  const html = `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
<main><h1 class="product-title">${title}</h1>
<h5 class="${names[0]}">${old}</h5>
<h5 class="${names[1]}">${now}${REVIEWS}</h5>
<button type="submit">${buy}</button></main></body></html>`;
  return extractProduct(html, `https://${host}/p/1`);
}
const money = (m: ExtractResult["price"]) => m && `${m.amountMinor} ${m.currency}`;

describe("an old price, then 'Now' and the current price beside a long block", () => {
  it("en: $64.95, then Now $52.00", () => {
    const r = page("Mesh leggings", "$64.95", "Now $52.00", "en", "shop.example.com", "Add to bag");
    expect(money(r.price)).toBe("5200 USD");
    expect(money(r.listPrice)).toBe("6495 USD");
  });
  it("de: 64,95 €, then Jetzt 52,00 €", () => {
    const r = page(
      "Leggings",
      "64,95 €",
      "Jetzt 52,00 €",
      "de",
      "laden.example.de",
      "In den Warenkorb",
    );
    expect(money(r.price)).toBe("5200 EUR");
  });
  it("es: 64,95 €, then Ahora 52,00 €", () => {
    const r = page(
      "Mallas",
      "64,95 €",
      "Ahora 52,00 €",
      "es",
      "tienda.example.es",
      "Añadir al carrito",
    );
    expect(money(r.price)).toBe("5200 EUR");
  });
  it("a lower amount before 'Now' is not made an old price", () => {
    const r = page("Mesh leggings", "$5.00", "Now $52.00", "en", "shop.example.com", "Add to bag");
    expect(money(r.listPrice)).toBeNull();
  });
});

/** The same with class names that say nothing (a store nobody wrote words for). */
describe("the same with unnamed elements: the short leading text with a currency is read", () => {
  const unnamed = ["x7f2", "q9k1"] as const;
  it("en: $64.95, then Now $52.00", () => {
    const r = page(
      "Mesh leggings",
      "$64.95",
      "Now $52.00",
      "en",
      "shop.example.com",
      "Add to bag",
      unnamed,
    );
    expect(money(r.price)).toBe("5200 USD");
  });
  it("fr: 64,95 €, then Maintenant 52,00 €", () => {
    const r = page(
      "Legging",
      "64,95 €",
      "Maintenant 52,00 €",
      "fr",
      "boutique.example.fr",
      "Ajouter au panier",
      unnamed,
    );
    expect(money(r.price)).toBe("5200 EUR");
  });
  it("a long leading text of an unnamed element is no price of its own", () => {
    const r = page(
      "Mesh leggings",
      "$64.95",
      "Members get free shipping on every order over $52.00 this week",
      "en",
      "shop.example.com",
      "Add to bag",
      unnamed,
    );
    expect(money(r.price)).toBe("6495 USD");
  });
});
