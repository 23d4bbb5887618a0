import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import { isListingAddress } from "./listing-address.ts";
import { LISTING_BODY_CLASSES } from "./vocabulary/words.ts";

describe("isListingAddress", () => {
  it.each([
    ["https://shop.example.com/collections/sweaters", true],
    ["https://shop.example.com/en-us/collections/all", true],
    ["https://shop.example.com/collections/sweaters/products/wool-crew", false],
    ["https://shop.example.com/products/wool-crew", false],
    ["https://shop.example.com/search?q=usb+c+charger", true],
    ["https://shop.example.com/catalogsearch/result/?q=lamp", true],
    ["https://shop.example.com/shop/", true],
    ["https://shop.example.com/shop/walnut-desk", false],
    ["https://shop.example.com/product-category/tees/", true],
    // The bare address is kept: pages are saved and shared with it as theirs.
    ["https://shop.example.com/", false],
    ["not an address", false],
  ])("%s: %s", (url, want) => {
    expect(isListingAddress(url)).toBe(want);
  });
});

describe("a list of products is no product", () => {
  const grid = (sign: (n: number) => string) =>
    [1, 2, 3]
      .map(
        (n) =>
          `<li><h3><a href="/products/item-${n}">Item ${n}</a></h3><span>${sign(n)}</span></li>`,
      )
      .join("");

  it.each([
    ["en", "https://shop.example.com/collections/sweaters", (n: number) => `$${60 + n * 5}.00`],
    ["de", "https://shop.example.de/collections/pullover", (n: number) => `${60 + n * 5},00 €`],
    ["en", "https://shop.example.com/search?q=charger", (n: number) => `$${19 + n}.99`],
  ])("%s: %s", (lang, url, sign) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Sweaters</title></head><body>
<h1>Sweaters</h1><details><summary>Price</summary><span>The highest price is $87.00</span></details>
<span>12 products</span><ul>${grid(sign)}</ul></body></html>`;
    const r = extractProduct(html, url);
    expect(r.status).toBe("not_product");
    expect(r.price).toBeNull();
  });

  it("structured data naming one product still gives its price at such an address", () => {
    const html = `<!doctype html><html lang="en"><head><title>Wool Crew</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Wool Crew","offers":{"@type":"Offer","price":"65.00","priceCurrency":"USD"}}</script>
</head><body><h1>Wool Crew</h1><span>$65.00</span><button>Add to cart</button></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/collections/sweaters").price).toEqual({
      amountMinor: 6500,
      currency: "USD",
    });
  });
});

describe("structured data listing several products, none the page's own", () => {
  const item = (n: number, price: string) => ({
    "@type": "ListItem",
    position: n,
    item: {
      "@type": "Product",
      name: `Earbuds ${n}`,
      url: `https://shop.example.com/products/earbuds-${n}`,
      offers: { "@type": "Offer", price, priceCurrency: "USD" },
    },
  });
  it("an ItemList of two products at a category's address is no product page", () => {
    const list = {
      "@context": "https://schema.org",
      "@type": "ItemList",
      itemListElement: [item(1, "99.99"), item(2, "119.99")],
    };
    const html = `<!doctype html><html lang="en"><head><title>Earbuds</title><script type="application/ld+json">${JSON.stringify(list)}</script></head><body><h1>Earbuds</h1><ul><li><a href="/products/earbuds-1">Earbuds 1</a> <span>$99.99</span></li><li><a href="/products/earbuds-2">Earbuds 2</a> <span>$119.99</span></li></ul></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/shop/earbuds");
    expect(r.status).toBe("not_product");
  });

  it("a product page with its own product beside a list of related ones keeps its price", () => {
    const own = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Earbuds Pro",
      offers: { "@type": "Offer", price: "149.00", priceCurrency: "USD" },
    };
    const list = {
      "@context": "https://schema.org",
      "@type": "ItemList",
      itemListElement: [item(1, "99.99"), item(2, "119.99")],
    };
    const html = `<!doctype html><html lang="en"><head><title>Earbuds Pro</title><script type="application/ld+json">${JSON.stringify(own)}</script><script type="application/ld+json">${JSON.stringify(list)}</script></head><body><h1>Earbuds Pro</h1><div>$149.00</div><button>Add to cart</button></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/products/earbuds-pro").price).toEqual({
      amountMinor: 14900,
      currency: "USD",
    });
  });
});

describe("a page its platform names no product's page by its <body> classes", () => {
  const page = (bodyClass: string, head = "") =>
    extractProduct(
      `<html lang="en"><head><title>Sunday Supply</title>${head}</head><body class="${bodyClass}"><main>
<h1>Spring Sale</h1><section><h2>Featured: Linen Apron</h2><div class="price"><s>$58.00</s> <span>$42.00</span></div><button>Add to cart</button></section>
</main></body></html>`,
      "https://supply.example.com/",
    );
  it("a product's template reads the price; each listed class gives not_product", () => {
    expect(page("template-product").status).toBe("ok");
    const read = LISTING_BODY_CLASSES.map((name) => [name, page(`theme ${name}`).status]);
    expect(read.filter(([, status]) => status !== "not_product")).toEqual([]);
  });
  it("structured data naming one product still speaks (a landing page built on a content template)", () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen Apron","offers":{"@type":"Offer","price":"42.00","priceCurrency":"USD"}}</script>`;
    expect(page("template-page", ld).price).toEqual({ amountMinor: 4200, currency: "USD" });
  });
});

/**
 * Probe round eight (a): a category or search page at an address nobody lists
 * ("/site/tvs/all-tvs/abcat01.c", "/searchpage.jsp?st=…"), each card with its own "Add to Cart".
 * A person reads the count of results under the heading ("1,032 items", "Showing 1-24 of 48
 * results", "312 Artikel"): a list of products, no product's page.
 */
describe("a count of results right under the heading names a list", () => {
  const cards = (sign: (n: number) => string) =>
    [1, 2, 3]
      .map(
        (n) =>
          `<li><h4><a href="/p/${n}">Model ${n}</a></h4><div class="pp"><span>${sign(n)}</span></div><button>Add to Cart</button></li>`,
      )
      .join("");
  it.each([
    ["en", "TVs", "1,032 items", (n: number) => `$${379 + n * 100}.99`],
    ["en", 'Results for "earbuds"', "Showing 1-24 of 48 results", (n: number) => `$${19 + n}.99`],
    ["de", "Fernseher", "312 Artikel", (n: number) => `${379 + n * 100},99 €`],
    ["fr", "Téléviseurs", "48 résultats", (n: number) => `${379 + n * 100},99 €`],
  ])("%s: %s / %s", (lang, h1, count, sign) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>${h1}</title></head><body>
<h1>${h1}</h1><p>${count}</p><ol>${cards(sign)}</ol></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/site/tvs/all-tvs/abcat0101.c");
    expect(r.status).toBe("not_product");
    expect(r.price).toBeNull();
  });
  it("a product's stock words ('3 items left') are no count of results", () => {
    const html = `<!doctype html><html lang="en"><head><title>Walnut Desk</title></head><body>
<h1>Walnut Desk</h1><p>3 items left</p><span>$499.00</span><button>Add to Cart</button></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/p/walnut-desk").price?.amountMinor).toBe(
      49900,
    );
  });
});

describe("a first <h1> naming a search's results", () => {
  // A marketplace's search at an address that does not say so: each result has its own price
  // and buying words; the heading says what the page is.
  const results = (lang: string, heading: string, price: (n: number) => string, buy: string) =>
    `<html lang="${lang}"><head><title>canon ae-1</title></head><body><main><h1 class="h1">${heading}</h1>
<ul class="r">${[1, 2, 3]
      .map(
        (n) =>
          `<li class="i"><a href="/itm/${n}"><div class="item-title"><span>Canon AE-1 camera ${n}</span></div></a><div class="d"><span class="item-price">${price(n)}</span><span>${buy}</span></div></li>`,
      )
      .join("")}</ul></main></body></html>`;

  it.each([
    [
      "en",
      "https://www.market.example.com/sch/i.html?_nkw=canon+ae-1",
      "1,240 results for canon ae-1",
      (n: number) => `$${n}89.99`,
      "Buy It Now",
    ],
    [
      "de",
      "https://www.markt.example.de/sch/i.html?_nkw=canon+ae-1",
      "1.240 Ergebnisse für canon ae-1",
      (n: number) => `EUR ${n}89,99`,
      "Sofort-Kaufen",
    ],
    [
      "fr",
      "https://www.marche.example.fr/sch/i.html?_nkw=canon+ae-1",
      "Résultats pour « canon ae-1 »",
      (n: number) => `${n}89,99 €`,
      "Achat immédiat",
    ],
  ])("%s: no price", (lang, url, heading, price, buy) => {
    const r = extractProduct(results(lang, heading, price, buy), url);
    expect(r.price).toBeNull();
    expect(r.status).toBe("not_product");
  });

  it("a product whose <h1> names no search keeps its price", () => {
    const html = `<html lang="en"><head><title>Canon AE-1</title></head><body><main><h1>Canon AE-1 Program</h1>
<div class="p"><span>$189.99</span></div><button>Buy It Now</button></main></body></html>`;
    expect(extractProduct(html, "https://www.market.example.com/itm/1").price?.amountMinor).toBe(
      18999,
    );
  });
});

describe("seats at an event, priced per ticket", () => {
  // A ticket resale listing: a seat's price, the fees and a total, and a buy button. Tickets are
  // no product the tracker follows; the total for two seats is no price either.
  it.each([
    [
      "en",
      "C$184.50 <span>/ ticket</span>",
      "Est. fees C$31.20 per ticket",
      "Total: C$431.40",
      "Buy now",
    ],
    [
      "de",
      "92,50 € <span>pro Ticket</span>",
      "Gebühren 9,20 € pro Ticket",
      "Gesamt: 203,40 €",
      "Jetzt kaufen",
    ],
    [
      "fr",
      "92,50 € <span>par billet</span>",
      "Frais 9,20 € par billet",
      "Total : 203,40 €",
      "Acheter",
    ],
  ])("%s: no price", (lang, seat, fees, total, buy) => {
    const html = `<html lang="${lang}"><head><title>Event</title></head><body><main><h1>Leafs vs. Bruins</h1>
<p>Sat, Dec 6 2026 · 7:00 PM</p><div class="d"><h2>Section 316, Row 5</h2><p>2 tickets</p>
<div class="price">${seat}</div><p>${fees}</p><p>${total}</p><button>${buy}</button></div></main></body></html>`;
    const r = extractProduct(html, "https://www.seats.example.com/event/1/listing/2");
    expect(r.price).toBeNull();
  });
});

// Probe round nine (a): a category at an address nobody lists, its heading a bare category name
// and no count of results, with a filter of price ranges in its side navigation ("Under $25",
// "$25 – $50", "$100 & Above") and cards each with its own "Add to Cart": its first card's price
// was taken. A product page with the same side navigation and one buy button stays a product.
describe("a filter of price ranges beside several buy buttons is a list", () => {
  const facets = (words: string[]) =>
    `<aside><h3>Price</h3><ul>${words.map((w, i) => `<li><a href="?price=${i}">${w}</a></li>`).join("")}</ul></aside>`;
  const cards = (prices: string[], buy: string) =>
    prices
      .map(
        (p, i) =>
          `<div><a href="/p/item-${i}">Item ${i}</a><span>${p}</span><button>${buy}</button></div>`,
      )
      .join("");
  it.each([
    [
      "en",
      "https://www.audio.example.com/audio/headphones",
      facets(["Under $25", "$25 – $50", "$50 – $100", "$100 &amp; Above"]),
      cards(["$49.99", "$89.00", "$29.99"], "Add to Cart"),
    ],
    [
      "fr",
      "https://www.boutique.example.fr/audio/casques",
      facets(["Moins de 25 €", "25 € - 50 €", "50 € et plus"]),
      cards(["49,99 €", "89,00 €"], "Ajouter au panier"),
    ],
  ])("%s", (lang, url, side, grid) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Headphones</title></head><body>${side}<main><h1>Headphones</h1>${grid}</main></body></html>`;
    const r = extractProduct(html, url);
    expect(r.status).toBe("not_product");
    expect(r.price).toBeNull();
  });
  it("a product page with the same filter and one buy button is a product", () => {
    const side = facets(["Under $25", "$25 – $50", "$50 – $100"]);
    const html = `<!doctype html><html lang="en"><head><title>Q2 Headphones</title></head><body>${side}<main><h1>Q2 Headphones</h1><div>$49.99</div><button>Add to Cart</button></main></body></html>`;
    expect(extractProduct(html, "https://www.audio.example.com/p/q2").price?.amountMinor).toBe(
      4999,
    );
  });
});
