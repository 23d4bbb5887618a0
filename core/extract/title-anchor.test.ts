import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 5: the title is the strongest evidence of where the price stands, so it must
 * be the product's title — not a sign-up pop-up's or a menu's <h1> that comes first in the page.
 */
function page(lang: string, popup: string, product: string, url: string): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<div class="modal-signup"><h1>${popup}</h1><p>Gift card <span>${lang === "en" ? "$25.00" : "25,00 €"}</span></p></div>
<nav><a href="/">Home</a></nav>
${"<div><p>Text</p></div>".repeat(60)}
<div class="pdp"><h1 class="product-title">${product}</h1>
<div><span>${lang === "en" ? "$49.00" : "49,00 €"}</span></div>
<button type="submit">${lang === "en" ? "Add to bag" : "In den Warenkorb"}</button></div></body></html>`;
  return extractProduct(html, url);
}
const price = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;

describe("class 5: the product's title, not the first <h1>", () => {
  it("en: a sign-up pop-up's <h1> before the product title", () => {
    const r = page("en", "SIGN UP TODAY", "Cotton Cardigan", "https://shop.example.com/p/1");
    expect(price(r)).toBe("4900 USD");
  });
  it("de: the same in German", () => {
    const r = page("de", "JETZT ANMELDEN", "Strickjacke", "https://shop.example.de/p/1");
    expect(price(r)).toBe("4900 EUR");
  });
});

describe("a title drawn after the buy box in the markup", () => {
  // A grid puts the <h1> first on screen; in the markup it follows the price and the button.
  const page = (lang: string, price: string, buy: string) =>
    `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><main>
<div class="grid"><div class="buy"><div><span>${price}</span></div><button>${buy}</button></div>
<header><h1>Felt pen medium</h1></header></div>
<section><p>Related</p></section></main></body></html>`;

  it.each([
    ["de", "https://shop.example.ch/p/1", "CHF 19.50", "In den Warenkorb", "1950 CHF"],
    ["en", "https://shop.example.com/p/1", "$19.50", "Add to cart", "1950 USD"],
  ])(
    "%s: the price beside the buy control, just before the title, is the price",
    (lang, url, price, buy, want) => {
      const r = extractProduct(page(lang, price, buy), url);
      expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe(want);
    },
  );
});

describe("a first <h1> that is the site's logo", () => {
  it.each([
    ["en", "https://shop.example.com/p/1", "$9.99", "$24.99", "2499 USD"],
    ["de", "https://shop.example.de/p/1", "9,99 €", "24,99 €", "2499 EUR"],
  ])(
    "%s: the price under the element showing og:title is the price",
    (lang, url, deal, price, want) => {
      const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title>
<meta property="og:title" content="Desk lamp Aurora"></head><body>
<header><h1><a href="/">Shop</a></h1></header>
<div class="promo"><p><span>Deal of the day</span> <span>${deal}</span></p></div>
<div class="product"><h2>Desk lamp Aurora</h2><div><span>${price}</span></div><button>Add to cart</button></div>
</body></html>`;
      const r = extractProduct(html, url);
      expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe(want);
    },
  );
});

/**
 * A page with no <h1> (a title styled, not marked up): the element that shows the product's
 * name as og:title or <title> give it, without the store's name and in its own words order or
 * wording, is the title.
 */
describe("no <h1>: the element showing the page title's name is the title", () => {
  // Another price far above (a promotion bar, a gift card) must not stand in for the product's.
  const page = (
    lang: string,
    title: string,
    og: string | null,
    shown: string,
    prices: [string, string],
    buy: string,
  ) =>
    extractProduct(
      `<!doctype html><html lang="${lang}"><head><title>${title}</title>${og ? `<meta property="og:title" content="${og}">` : ""}</head><body>
<div class="a1"><span class="a2">Gift card</span> <span class="a3">${prices[0]}</span></div>
${"<div><p>Text</p></div>".repeat(60)}
<div class="b1"><div class="b2">${shown}</div><div class="b3"><span>${prices[1]}</span></div><button>${buy}</button></div>
</body></html>`,
      `https://shop.example.${lang === "en" ? "com" : lang}/p/1`,
    );
  it("en: <title> 'Walnut Desk | Brand', the name shown alone", () => {
    const r = page(
      "en",
      "Walnut Desk | Brand",
      null,
      "Walnut Desk",
      ["$25.00", "$499.00"],
      "Add to cart",
    );
    expect(price(r)).toBe("49900 USD");
  });
  it("en: og:title 'Shop: Urban Decay : All Nighter Setting Spray', the name with its brand", () => {
    const r = page(
      "en",
      "All Nighter Setting Spray - Urban Decay | Shop",
      "Shop: Urban Decay : All Nighter Setting Spray",
      "Urban Decay All Nighter Setting Spray",
      ["$25.00", "$32.00"],
      "Add to basket",
    );
    expect(price(r)).toBe("3200 USD");
  });
  it("de: <title> 'Marke - Schreibtisch aus Nussbaum'", () => {
    const r = page(
      "de",
      "Marke - Schreibtisch aus Nussbaum",
      null,
      "Schreibtisch aus Nussbaum",
      ["25,00 €", "499,00 €"],
      "In den Warenkorb",
    );
    expect(price(r)).toBe("49900 EUR");
  });
});

describe("no <h1>: which element names the title", () => {
  const shop = (head: string, body: string) =>
    price(
      extractProduct(
        `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`,
        "https://shop.example.com/p/1",
      ),
    );
  it("a breadcrumb's last step is not the title: the name shown under it is", () => {
    expect(
      shop(
        "<title>Walnut Desk | Brand</title>",
        `<div class="c1"><a href="/">Home</a> &gt; <a href="/desks">Desks</a> &gt; <span>Walnut Desk</span></div>
<div class="c2"><span>Gift card</span> <span>$25.00</span></div>${"<div><p>Text</p></div>".repeat(10)}
<div class="c3"><div class="c4">Walnut Desk</div><div class="c5"><span>$499.00</span></div><button>Add to cart</button></div>`,
      ),
    ).toBe("49900 USD");
  });
  it("a block after a link ending in '>' may be the title ('Renew today >', then the name)", () => {
    expect(
      shop(
        "<title>Buy Surface Desk - Brand Store</title>",
        `<div class="c1"><a href="/renew">Renew your subscription today &gt;</a></div><div class="c4">Surface Desk</div>
<div class="c5"><span>$499.00</span></div><button>Add to cart</button>${"<div><p>Text</p></div>".repeat(10)}
<div class="c6"><p>Cost after the trial will be $49.</p></div>`,
      ),
    ).toBe("49900 USD");
  });
  it("the <title> counts though an element with text comes before it in <head>", () => {
    expect(
      shop(
        "<noscript><p>Turn on JavaScript</p></noscript><title>Walnut Desk | Brand</title>",
        `<div class="c2"><span>Gift card</span> <span>$25.00</span></div>${"<div><p>Text</p></div>".repeat(60)}
<div class="c3"><div class="c4">Walnut Desk</div><div class="c5"><span>$499.00</span></div><button>Add to cart</button></div>`,
      ),
    ).toBe("49900 USD");
  });
});

describe("no <h1>: the store's own name is no title", () => {
  it("og:site_name names the part of <title> to leave out, though it is the longest", () => {
    const html = `<!doctype html><html lang="en"><head><title>Walnut Desk | The Best Furniture Store Online</title>
<meta property="og:site_name" content="The Best Furniture Store Online"></head><body>
<div class="c0"><div class="c1">The Best Furniture Store Online</div><span>Gift card</span> <span>$25.00</span></div>
${"<div><p>Text</p></div>".repeat(60)}
<div class="c3"><div class="c4">Walnut Desk</div><div class="c5"><span>$499.00</span></div><button>Add to cart</button></div>
</body></html>`;
    expect(price(extractProduct(html, "https://shop.example.com/p/1"))).toBe("49900 USD");
  });
});

describe("a pop-up's <h1> before the product's, no class naming either", () => {
  // A subscription offer's "learn more" pop-up, or a promotion, brings its own <h1>s before the
  // product's in the markup; the <h1> whose words name the product as <title> does is the title.
  const page = (lang: string, popup: string, terms: string, other: string, price: string) =>
    `<!doctype html><html lang="${lang}"><head><title>Citrus Body Lotion 200 ml : Shop</title></head><body>
<div class="c1"><div class="c2"><h1>${popup}</h1><p>${terms}</p></div><div><span>${other}</span></div></div>
${"<div><p>Text</p></div>".repeat(20)}
<div class="c3"><h1 class="c4">Citrus Body Lotion 200 ml</h1>
<div><span>${price}</span></div><button type="submit">Add</button></div></body></html>`;

  it.each([
    [
      "en",
      "https://shop.example.com/p/1",
      "Save 15%",
      "When you get 5 or more items in one delivery.",
      "$8.27",
      "$8.71",
      "871 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      "15% sparen",
      "Wenn Sie 5 oder mehr Produkte erhalten.",
      "8,27 €",
      "8,71 €",
      "871 EUR",
    ],
  ])(
    "%s: the price after the product's <h1>, not the pop-up's",
    (lang, url, popup, terms, other, price, want) => {
      const r = extractProduct(page(lang, popup, terms, other, price), url);
      expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe(want);
    },
  );
});
