import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 8: an in-stock page is not out of stock because one size is sold out, a
 * "notify me" stands by one variant, or another item in a row of products is sold out. Each
 * would send a false "back in stock" alert later. Small pages written for these tests.
 */
function page(body: string, lang: string, url: string, head = "") {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title>${head}</head><body>
<nav><a href="/">Home</a></nav>${body}<footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, url);
}
const inStockLd = (price: string, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Item",
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: currency,
      availability: "https://schema.org/InStock",
    },
  })}</script>`;

describe("one variant sold out is not a sold-out product", () => {
  it("en: a size button saying sold out, the add button waiting for a size", () => {
    const r = page(
      `<h1>Cotton tee</h1><span class="price">$25.00</span>
       <div class="sizes"><button>S</button><button class="size unavailable">M - Sold out</button></div>
       <button disabled>Add to bag</button>`,
      "en",
      "https://shop.example.com/p/1",
      inStockLd("25.00", "USD"),
    );
    expect(r.availability).toBe("in_stock");
  });

  it("en: 'notify me' for the size shown, beside the waiting add button", () => {
    const r = page(
      `<h1>Cotton tee</h1><span class="price">$25.00</span>
       <div class="sizes"><button>S</button><button>M</button><button>L</button></div>
       <p>Size L is out of stock.</p><button>Notify me when available</button>
       <button disabled>Add to bag</button>`,
      "en",
      "https://shop.example.com/p/1",
    );
    expect(r.availability).not.toBe("out_of_stock");
  });

  it("fr: 'Taille 40 : épuisé' under the title, structured data in stock", () => {
    const r = page(
      `<h1>Baskets en cuir</h1><span class="prix">89,00 €</span>
       <p>Taille 40 : épuisé</p><button disabled>Ajouter au panier</button>`,
      "fr",
      "https://boutique.example.fr/p/1",
      inStockLd("89.00", "EUR"),
    );
    expect(r.availability).toBe("in_stock");
  });

  it("de: another item sold out in a row of products after the buy box", () => {
    const r = page(
      `<h1>Baumwoll-Shirt</h1><span class="preis">25,00 €</span>
       <button type="submit" name="add" disabled>In den Warenkorb</button>
       <div class="slider"><div class="item"><a href="/p/2">Leinenhemd</a><span>40,00 €</span><span>Ausverkauft</span></div></div>`,
      "de",
      "https://laden.example.de/p/1",
    );
    expect(r.availability).not.toBe("out_of_stock");
  });
});

describe("a sold-out product still reads as sold out", () => {
  it("en: 'notify me' in place of the add button", () => {
    const r = page(
      `<h1>Cotton tee</h1><span class="price">$25.00</span><p>Sold out</p>
       <button>Notify me when available</button>`,
      "en",
      "https://shop.example.com/p/1",
      inStockLd("25.00", "USD"),
    );
    expect(r.availability).toBe("out_of_stock");
  });

  it("de: a disabled button saying sold out, the notice under the title", () => {
    const r = page(
      `<h1>Baumwoll-Shirt</h1><span class="preis">25,00 €</span><p>Dieser Artikel ist ausverkauft</p>
       <button disabled>Ausverkauft</button>`,
      "de",
      "https://laden.example.de/p/1",
    );
    expect(r.availability).toBe("out_of_stock");
  });
});
