import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * A category's grid tagged `og:type` "product" by its theme (one template's head on every page):
 * the tag alone, with no price of its own and no structured data naming one product, does not
 * outweigh what the page shows, cards each with its own price and buy button. Pages written for
 * it; none names a store.
 */
const BUY: Record<string, string> = {
  en: "Add to cart",
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
};

function gridPage(lang: string, title: string, prices: string[], head = "", top = "") {
  const cards = prices
    .map(
      (p, i) =>
        `<li><div class="c"><a href="/p/item-${i}"><img src="/i${i}.jpg" alt=""><h3>Item ${i}</h3></a><div><span>${p}</span></div><button type="button">${BUY[lang]}</button></div></li>`,
    )
    .join("");
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title><meta property="og:title" content="${title}"><meta property="og:type" content="product">${head}</head>
<body>${top}<nav><a href="/">Home</a></nav><main><h1>${title}</h1><ul>${cards}</ul></main></body></html>`;
}

describe("a grid of cards tagged og:type product is no product", () => {
  it.each([
    [
      "en",
      "https://www.shop.example.com/c/dining-chairs",
      "Dining Chairs",
      ["$229.00", "$189.00", "$249.00", "$159.00"],
    ],
    [
      "de",
      "https://www.shop.example.de/kaffeemaschinen/",
      "Siebträger",
      ["1.499,00 €", "899,00 €", "649,00 €"],
    ],
    [
      "fr",
      "https://www.shop.example.fr/categorie/lampes",
      "Lampes de bureau",
      ["89,00 €", "129,00 €", "99,00 €"],
    ],
  ])("%s: %s", (lang, url, title, prices) => {
    const r = extractProduct(gridPage(lang, title, prices), url);
    expect(r.status).toBe("not_product");
    expect(r.price).toBeNull();
  });

  it("a banner's amount above the cards is no card's", () => {
    const top = "<div><p>Livraison offerte dès 50,00 €</p></div>";
    const r = extractProduct(
      gridPage("fr", "Lampes de bureau", ["89,00 €", "129,00 €", "99,00 €"], "", top),
      "https://www.shop.example.fr/categorie/lampes",
    );
    expect(r.status).toBe("not_product");
  });

  it("a card's name with a model number ('Lucca M58') is no second price of it", () => {
    const page = gridPage("de", "Siebträger", ["1.499,00 €", "899,00 €", "649,00 €"]).replace(
      "<h3>Item 0</h3>",
      "<h3>Lucca M58 Zweikreiser</h3>",
    );
    const r = extractProduct(page, "https://www.shop.example.de/kaffeemaschinen/");
    expect(r.status).toBe("not_product");
  });

  it("a buy box with its old price far above its button, then cards, is a product", () => {
    const options = Array.from(
      { length: 12 },
      (_, i) => `<li><label>Option ${i}</label></li>`,
    ).join("");
    const top = `<main><h1>Oak Chair</h1><p><s>$329.00</s></p><ul>${options}</ul><p><b>$249.00</b></p><button>Add to cart</button></main>`;
    const page = gridPage("en", "Oak Chair", ["$229.00", "$189.00", "$159.00"], "", top)
      .replace("<main><h1>Oak Chair</h1><ul>", "<section><h2>More chairs</h2><ul>")
      .replace("</ul></main></body>", "</ul></section></body>");
    const r = extractProduct(page, "https://www.shop.example.com/p/oak-chair");
    expect(r.price?.amountMinor).toBe(24900);
  });

  it("a price in the tags (og:price) still names a product", () => {
    const head =
      '<meta property="product:price:amount" content="229.00"><meta property="product:price:currency" content="USD">';
    const r = extractProduct(
      gridPage("en", "Dining Chairs", ["$229.00", "$189.00", "$249.00"], head),
      "https://www.shop.example.com/c/dining-chairs",
    );
    expect(r.price?.amountMinor).toBe(22900);
  });

  it("JSON-LD naming one product still names it", () => {
    const head = `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Dining Chairs", offers: { "@type": "Offer", price: "229.00", priceCurrency: "USD" } })}</script>`;
    const r = extractProduct(
      gridPage("en", "Dining Chairs", ["$229.00", "$189.00", "$249.00"], head),
      "https://www.shop.example.com/c/dining-chairs",
    );
    expect(r.price?.amountMinor).toBe(22900);
  });
});
