import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Where a page's markup says what a browser shows (pages written from a helper's fourth round of
 * probes, none naming a store): what is not shown, what a modal or a heading holds, a name and
 * a price in boxes side by side, a shopper's own pages.
 */
const doc = (title: string, body: string, lang = "en") =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const money = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;
const URL = "https://www.shop.example.com/products/merino-crew-sweater";

describe("what a browser does not show is no price", () => {
  it.each([
    [`<template id="p64"><div>$24.99</div></template><div>$98.00</div>`],
    [
      `<dialog id="qv"><h2>Cashmere Beanie</h2><p>$68.00</p><button>Add to cart</button></dialog><div>$98.00</div>`,
    ],
    [`<noscript><div>$68.00</div></noscript><div>$98.00</div>`],
    [`<details><summary>Bundle offer</summary><div>$49.00</div></details><div>$98.00</div>`],
  ])("%s", (box) => {
    const r = extractProduct(
      doc("Merino Crew Sweater", `<h1>Merino Crew Sweater</h1>${box}<button>Add to cart</button>`),
      URL,
    );
    expect(money(r)).toBe("9800 USD");
  });

  it.each([["hidden lg:block"], ["d-none d-md-block"]])(
    "a class shown from some width on ('%s') is shown",
    (cls) => {
      const body = `<h1>Gooseneck Kettle 1L</h1><div class="${cls}">$59.00</div><button>Add to cart</button><p>Pairs with our $22 scale</p><div>Pour-over Scale <span>$22.00</span></div>`;
      expect(money(extractProduct(doc("Gooseneck Kettle 1L", body), URL))).toBe("5900 USD");
    },
  );
});

describe("a name and a price in boxes side by side, no space between", () => {
  it.each([
    [
      "en",
      "https://www.shop.example.com/p/watch",
      `<span>Apple Watch Series 9</span><span>$399.00</span>`,
      "39900 USD",
    ],
    [
      "de",
      "https://www.shop.example.de/p/iphone-15",
      `<span>Apple iPhone 15</span><span>799,00 €</span>`,
      "79900 EUR",
    ],
    [
      "de",
      "https://www.shop.example.de/p/iphone-15",
      `<span>Apple iPhone 15</span><span>€799,00</span>`,
      "79900 EUR",
    ],
  ])("%s: %s", (lang, url, bar, want) => {
    const body = `<div class="sticky">${bar}<button>Add to cart</button></div><h1>Apple Product</h1><p>Our most powerful chip yet.</p>`;
    expect(money(extractProduct(doc("Apple Product", body, lang), url))).toBe(want);
  });

  it("a number in a text of its own before its currency's text stays one amount ('294' + '元')", () => {
    const body = `<h1>鵝肉鬆 250g</h1><div><b>7 折</b> <span>294</span><span> 元 </span></div><button>加入購物車</button>`;
    expect(
      money(
        extractProduct(doc("鵝肉鬆 250g", body, "zh-TW"), "https://www.shop.example.com.tw/p/1"),
      ),
    ).toBe("29400 TWD");
  });
});

describe("a heading naming other products directly in the body names no section", () => {
  it("'Recently viewed' above the title", () => {
    const body = `<h2>Recently viewed</h2><ul><li><a href="/products/trail-runner">Trail Runner</a></li></ul><h1>Cloudstride 3</h1><div>$139.95</div><button>Add to cart</button>`;
    expect(
      money(
        extractProduct(
          doc("Cloudstride 3", body),
          "https://www.shop.example.com/products/cloudstride-3",
        ),
      ),
    ).toBe("13995 USD");
  });
});

describe("a price per each is the price of one", () => {
  it.each([["$349.00 / each"], ["$349.00/ea"]])("%s", (shown) => {
    const body = `<h1>Impact Wrench 18V</h1><table><tr><th>Price</th><td>${shown}</td></tr></table><button>Add to cart</button>`;
    expect(
      money(
        extractProduct(
          doc("Impact Wrench 18V", body),
          "https://www.shop.example.com/product/impact-wrench-2HVL7",
        ),
      ),
    ).toBe("34900 USD");
  });
});

describe("a shopper's own pages are no product page", () => {
  it.each([
    ["https://www.shop.example.com/cart"],
    ["https://www.shop.example.com/account/wishlist"],
    ["https://www.shop.example.de/warenkorb"],
  ])("%s", (url) => {
    const body = `<h1>Your cart</h1><table><tr><td><a href="/products/anc-x5">ANC Headphones X5</a></td><td>$249.99</td></tr></table><p>Subtotal $249.99</p><button>Add to cart</button>`;
    const r = extractProduct(doc("Your cart", body), url);
    expect(r.status).toBe("not_product");
  });
});

describe("a price block holding a struck old price, read by a store rule", () => {
  it.each([
    [
      "de-DE",
      "https://www.mediamarkt.de/de/product/_apple-iphone-15-pro-256-gb-2909512.html",
      `<div data-test="mms-product-price"><s>1.329,-</s><div><span>1.149</span><sup>,-</sup></div></div><p>inkl. MwSt.</p>`,
      "114900 EUR",
    ],
    [
      "es-ES",
      "https://www.mediamarkt.es/es/product/_portatil-vivobook-15-1567890.html",
      `<div data-test="mms-product-price"><s>749,-</s><div><span>599</span><sup>,-</sup></div><span class="sr-only">599,00 €</span></div>`,
      "59900 EUR",
    ],
  ])("%s: the struck amount is no part of the price", (lang, url, box, want) => {
    const r = extractProduct(
      doc("Item", `<h1>Item</h1>${box}<button>In den Warenkorb</button>`, lang),
      url,
    );
    expect(money(r)).toBe(want);
  });
});

describe("Kenyan shillings written 'KSh'", () => {
  it.each([["KSh 9,499"], ["KSh9,499"]])("%s", (shown) => {
    const r = extractProduct(
      doc(
        "Microwave 20L",
        `<h1>Microwave 20L</h1><span>${shown}</span><button>Add to cart</button>`,
        "en-KE",
      ),
      "https://www.shop.example.co.ke/microwave-20l.html",
    );
    expect(money(r)).toBe("949900 KES");
  });
});

describe("a heading naming other products directly in <main> after the title", () => {
  it("still shuts out what follows: no price from 'Customers also viewed' for a buy box showing none", () => {
    const body = `<main><h1>Desk Lamp</h1><p>See price in cart</p><button>Add to cart</button><h2>Customers also viewed</h2><ul><li><span>Floor lamp</span><span>$89.99</span></li></ul></main>`;
    expect(
      extractProduct(doc("Desk Lamp", body), "https://www.shop.example.com/p/desk-lamp").price,
    ).toBeNull();
  });
});

describe("an old price then the price, side by side, a currency in letters after each", () => {
  it.each([
    [
      "tr-TR",
      "https://www.shop.example.com.tr/p/iphone-15-p-765432109",
      `<span class="a1">52.999 TL</span><span class="a2">49.999 TL</span>`,
      "4999900 TRY",
    ],
    [
      "tr-TR",
      "https://www.shop.example.com.tr/p/dyson-v12",
      `<span class="b1">29.999,00 TL</span> <span>24.999,00 TL</span>`,
      "2499900 TRY",
    ],
    [
      "cs",
      "https://www.shop.example.cz/p/vysavac",
      `<span class="c1">12 999 Kč</span><span>9 999 Kč</span>`,
      "999900 CZK",
    ],
  ])("%s: %s", (lang, url, pair, want) => {
    const r = extractProduct(
      doc("Item", `<h1>Item</h1><div>${pair}</div><button>Sepete Ekle</button>`, lang),
      url,
    );
    expect(money(r)).toBe(want);
  });
});

// Probe round nine (a): a comparison table of several models, one row of prices side by side
// ("Price | $249.00 | $349.00 | $499.00"), on a model's page. Its first cell was taken as the
// price, before the buy box (de) or after it (en, where the cheaper model's price also made the
// buy box's "Regular price" label read as an old price's).
describe("a table row of prices side by side compares models: the buy box gives the price", () => {
  const table = (cells: string[]) =>
    `<table><tr><th></th><th>One</th><th>Two</th><th>Three</th></tr><tr><th>Price</th>${cells.map((c) => `<td>${c}</td>`).join("")}</tr><tr><th>Battery</th><td>30 h</td><td>40 h</td><td>50 h</td></tr></table>`;
  it("en: after the buy box, its price labelled 'Regular price'", () => {
    const body = `<h1>Two Headphones</h1><div><span class="visually-hidden">Regular price</span> <span>$349.00</span></div><button>Add to cart</button><section><h2>Compare models</h2>${table(["$249.00", "$349.00", "$499.00"])}</section>`;
    expect(money(extractProduct(doc("Two Headphones", body), URL))).toBe("34900 USD");
  });
  it("de: before the buy box", () => {
    const body = `<h1>Zwei Lautsprecher</h1><section><h2>Modelle im Vergleich</h2>${table(["399,00 €", "599,00 €", "899,00 €"])}</section><div>599,00 €</div><p>inkl. MwSt.</p><button>In den Warenkorb</button>`;
    const url = "https://www.laden.example.de/p/zwei";
    expect(money(extractProduct(doc("Zwei Lautsprecher", body, "de"), url))).toBe("59900 EUR");
  });
  it("a comparison drawn with ARIA table roles (role=row, role=cell)", () => {
    const cells = ["$149.00", "$229.00", "$329.00"]
      .map((c) => `<div role="cell">${c}</div>`)
      .join("");
    const body = `<h1>Two Purifier</h1><div><span class="visually-hidden">Regular price</span> <span>$229.00</span></div><button>Add to cart</button><section><h2>Find your fit</h2><div role="table"><div role="row"><div role="columnheader">One</div><div role="columnheader">Two</div><div role="columnheader">Three</div></div><div role="row">${cells}</div></div></section>`;
    expect(money(extractProduct(doc("Two Purifier", body), URL))).toBe("22900 USD");
  });
  it("a table with one price per row (sizes, each its own row) still gives the chosen one's", () => {
    const body = `<h1>Merino Crew Sweater</h1><table><tr><td>Price</td><td>$98.00</td></tr><tr><td>Material</td><td>Merino</td></tr></table><button>Add to cart</button>`;
    expect(money(extractProduct(doc("Merino Crew Sweater", body), URL))).toBe("9800 USD");
  });
});
