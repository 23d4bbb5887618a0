import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * The EU's "lowest price in the last 30 days" before a reduction (Directive 98/6/EC art. 6a) is
 * an amount of its own kind: `referenceLowest30d`, never the price, whatever its place on the
 * page (issue #34, for #37). Small pages written for these tests, one per language.
 */
function page(lang: string, host: string, box: string, buy: string): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<nav><a href="/">Home</a></nav><main><h1 class="product-title">Desk lamp 7</h1>
${box}<button type="submit">${buy}</button></main><footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, `https://${host}/p/1`);
}
const money = (m: ExtractResult["price"] | undefined) => m && `${m.amountMinor} ${m.currency}`;

describe("the lowest price of the last 30 days: a reference, never the price", () => {
  it.each([
    [
      "en",
      "shop.example.ie",
      `<p class="note">Lowest price in the last 30 days: €59.99</p><div class="price"><b>€44.99</b></div>`,
      "Add to basket",
    ],
    [
      "de",
      "laden.example.de",
      `<div class="price"><b>44,99 €</b></div><p><span>Niedrigster Preis der letzten 30 Tage:</span> <span>59,99 €</span></p>`,
      "In den Warenkorb",
    ],
    [
      "fr",
      "boutique.example.fr",
      `<div class="prix"><strong>44,99 €</strong></div><small>Prix le plus bas des 30 derniers jours : 59,99 €</small>`,
      "Ajouter au panier",
    ],
    [
      "it",
      "negozio.example.it",
      `<p>Prezzo più basso degli ultimi 30 giorni: 59,99 €</p><div class="prezzo"><strong>44,99 €</strong></div>`,
      "Aggiungi al carrello",
    ],
    [
      "es",
      "tienda.example.es",
      `<div class="precio"><strong>44,99 €</strong></div><p>Precio más bajo de los últimos 30 días: 59,99 €</p>`,
      "Añadir al carrito",
    ],
    [
      "nl",
      "winkel.example.nl",
      `<div class="price"><strong>€ 44,99</strong></div><p>Laagste prijs van de afgelopen 30 dagen: € 59,99</p>`,
      "In winkelwagen",
    ],
  ])("%s", (lang, host, box, buy) => {
    const r = page(lang, host, box, buy);
    expect(money(r.price)).toBe("4499 EUR");
    expect(money(r.referenceLowest30d)).toBe("5999 EUR");
  });

  it("pl: the 30-day low before the reduction, right under the title, is not taken for the price", () => {
    const r = page(
      "pl",
      "sklep.example.pl",
      `<p>Najniższa cena z 30 dni przed obniżką: 189,00 zł</p><div class="cena"><s>229,00 zł</s> <strong>149,00 zł</strong></div>`,
      "Dodaj do koszyka",
    );
    expect(money(r.price)).toBe("14900 PLN");
    expect(money(r.listPrice)).toBe("22900 PLN");
    expect(money(r.referenceLowest30d)).toBe("18900 PLN");
  });

  it("a page without one has none", () => {
    const r = page("de", "laden.example.de", `<div class="price"><b>44,99 €</b></div>`, "Kaufen");
    expect(money(r.price)).toBe("4499 EUR");
    expect(r.referenceLowest30d).toBeNull();
  });

  it("'€44.99 — lowest price in 30 days' after the price is a badge, not a reference", () => {
    const r = page(
      "en",
      "shop.example.ie",
      `<div class="price"><b>€44.99</b> <span class="badge">Lowest price in 30 days</span></div>`,
      "Add to basket",
    );
    expect(money(r.price)).toBe("4499 EUR");
    expect(r.referenceLowest30d).toBeNull();
  });
});
