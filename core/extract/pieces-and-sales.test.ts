import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 classes 2 and 4 (pages written for these tests): a price drawn in pieces is read as
 * a person sees it, never its units alone; beside an old price in a store's wording ("Reg.",
 * "Orig.", "Compare at", "MSRP", "UVP", "au lieu de"), the lower current one is the price.
 */
const BUY: Record<string, string> = {
  en: "Add to cart",
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
};
function page(box: string, lang = "en"): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<main><h1>Standing desk 9</h1>${box}<button type="submit">${BUY[lang]}</button></main></body></html>`;
  const url = lang === "en" ? "https://shop.example.com/p/1" : `https://shop.example.${lang}/p/1`;
  return extractProduct(html, url);
}
const money = (m: ExtractResult["price"]) => m && `${m.amountMinor} ${m.currency}`;

describe("class 2: prices drawn in pieces", () => {
  it.each([
    ["spaces inside the amount", `<span>$ 809. 97</span>`, "en", "80997 USD"],
    [
      "cents in an element of their own",
      `<span class="price"><span>$809</span><span class="price-cents">97</span></span>`,
      "en",
      "80997 USD",
    ],
    [
      "units, separator and fraction in three elements",
      `<span class="p">$<span>809</span><span class="decimal">.</span><span class="fraction">97</span></span>`,
      "en",
      "80997 USD",
    ],
    [
      "de: units with their comma, the cents apart",
      `<span class="preis"><span>809,</span><span class="decimal">97 €</span></span>`,
      "de",
      "80997 EUR",
    ],
    [
      "a screen-reader copy beside the visible pieces",
      `<span class="p"><span class="sr-only">$809.97</span><span aria-hidden="true">$809<sup>97</sup></span></span>`,
      "en",
      "80997 USD",
    ],
  ])("%s", (_name, box, lang, expected) => {
    const r = page(box, lang);
    expect(money(r.price)).toBe(expected);
    // Never the units alone, not even as a candidate.
    expect(r.candidates.some((c) => c.price.amountMinor === 80900)).toBe(false);
  });

  it("an old price drawn in struck pieces and the current one in one price element", () => {
    const pieces = (digits: string[], cls: string) =>
      digits.map((d) => `<span class="${cls}">${d}</span>`).join("");
    const r = page(
      `<div><span itemprop="price">${pieces(["$", "79.", "99"], "strikethrough")}${pieces(["$", "39."], "sale")}<span class="price-decimal">99</span></span></div>`,
    );
    expect(money(r.price)).toBe("3999 USD");
    expect(money(r.listPrice)).toBe("7999 USD");
  });
});

describe("class 4: an old price in a store's words beside the current one", () => {
  it.each([
    ["Reg.", `<div><span>Reg. $59.99</span></div><div><span>$39.99</span></div>`, "en", "3999 USD"],
    [
      "Orig.",
      `<div><span>Orig. $59.99</span></div><div><span>$39.99</span></div>`,
      "en",
      "3999 USD",
    ],
    [
      "Compare at",
      `<div><span>$39.99</span> <span>Compare at $59.99</span></div>`,
      "en",
      "3999 USD",
    ],
    ["MSRP", `<div><span>MSRP $59.99</span></div><div><span>$39.99</span></div>`, "en", "3999 USD"],
    [
      "List:",
      `<div>List: <span>$59.99</span></div><div><span>$39.99</span></div>`,
      "en",
      "3999 USD",
    ],
    ["old then current in one text", `<div><span>$59.99 $39.99</span></div>`, "en", "3999 USD"],
    [
      "de: UVP",
      `<div><span>UVP 59,99 €</span></div><div><span>39,99 €</span></div>`,
      "de",
      "3999 EUR",
    ],
    [
      "fr: au lieu de",
      `<div><span>39,99 €</span> <span>au lieu de 59,99 €</span></div>`,
      "fr",
      "3999 EUR",
    ],
    [
      "de: old then current in one text",
      `<div><span>59,99 € 39,99 €</span></div>`,
      "de",
      "3999 EUR",
    ],
  ])("%s", (_name, box, lang, expected) => {
    const r = page(box, lang);
    expect(money(r.price)).toBe(expected);
    expect(r.listPrice?.amountMinor).toBe(5999);
  });

  it("two amounts with words between them are not read as old and current", () => {
    const r = page(`<div><span>$59.99 plus $9.99 delivery</span></div>`);
    expect(r.listPrice).toBeNull();
  });
});

/** A small page: the title, the buy box given, a buy button; its price as "amountMinor CUR". */
function priceOfBox(lang: string, url: string, box: string): string | null {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><main>
<h1>Desk 3</h1>${box}<button>Add to cart</button></main></body></html>`;
  const r = extractProduct(html, url);
  return r.price && `${r.price.amountMinor} ${r.price.currency}`;
}

describe("a stated saving tells the old price from the price (classes 3 and 4)", () => {
  // No class names and no struck markup: the old price comes first under the title, as on a
  // store whose stylesheet strikes it; the saving the page states is their difference.
  const cases: [string, string, string, string][] = [
    [
      "en",
      "https://shop.example.com/p/desk",
      `<div><span>$299.99</span> <span>each</span></div><div><span>$179.99</span> <span>Sale <span>(Save $120)</span></span></div>`,
      "17999 USD",
    ],
    [
      "en",
      "https://shop.example.com/p/chair",
      `<div><span>US $1,899.99</span></div><div><span>US $649.99</span></div><div><span>You save: US $1,250.00 (66% off)</span></div>`,
      "64999 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/tisch",
      `<div><span>299,99 €</span></div><div><span>179,99 €</span></div><p><span>Sie sparen 120,00 €</span></p>`,
      "17999 EUR",
    ],
    [
      "fr",
      "https://shop.example.fr/p/bureau",
      `<div><span>299,99 €</span></div><div><span>179,99 €</span></div><p><span>Économisez 120,00 €</span></p>`,
      "17999 EUR",
    ],
  ];
  it.each(cases)("%s: %s", (lang, url, box, want) => {
    expect(priceOfBox(lang, url, box)).toBe(want);
  });

  it("the price with its own '(25% off)' is never taken for a saving", () => {
    const box = `<div><span>$80.00</span></div><div><span>$60.00 (25% off)</span></div>
<p><span>With the stand: $140.00</span></p>`;
    expect(priceOfBox("en", "https://shop.example.com/p/lamp", box)).toBe("6000 USD");
  });

  it.each([
    [
      "en",
      "https://shop.example.com/p/tv",
      "$799.99",
      "Save $200",
      "$599.99",
      "$249.99",
      "79999 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/tv",
      "799,99 €",
      "Sie sparen 200,00 €",
      "599,99 €",
      "249,99 €",
      "79999 EUR",
    ],
  ])(
    "%s: an item of a row of other products is no part of the saving",
    (lang, url, price, save, a, b, want) => {
      // $799.99 less the saving is an amount in the row of other products below, by chance.
      const box = `<div>${price}</div><div>${save}</div><section><h2>${lang === "de" ? "Kunden sahen sich auch an" : "Customers also viewed"}</h2>
<ul><li><h3>Soundbar</h3><span>${a}</span></li><li><h3>Soundbar 3.1</h3><span>${b}</span></li></ul></section>`;
      expect(priceOfBox(lang, url, box)).toBe(want);
    },
  );

  it("a saving that is no difference of two amounts marks nothing", () => {
    const box = `<div><span>$49.99</span></div><p><span>Save $5 on your first order</span></p>
<div><span>$39.99</span></div>`;
    expect(priceOfBox("en", "https://shop.example.com/p/lamp", box)).toBe("4999 USD");
  });
});

describe("a percentage beside two amounts tells the old price from the price (class 4)", () => {
  const cases: [string, string, string, string][] = [
    [
      "lv",
      "https://shop.example.lv/p/1",
      `<div><span>EUR219.99</span> <span>-50%</span> <span>EUR110.00</span></div>`,
      "11000 EUR",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>$80.00</span></div><div><span>$60.00</span> <span>(25% off)</span></div>`,
      "6000 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      `<div><span>49,99 €</span></div><div><span>-20 %</span></div><div><span>39,99 €</span></div>`,
      "3999 EUR",
    ],
  ];
  it.each(cases)("%s: %s", (lang, url, box, want) => {
    expect(priceOfBox(lang, url, box)).toBe(want);
  });

  // The sale first, the old price and the percentage after it: the higher is the old price.
  it.each([
    [
      "it",
      "https://shop.example.it/p/1",
      `<div><h3><strong>€ 17,10</strong></h3><div><span>€ 18,00</span> <span>-5%</span></div></div>`,
      { amountMinor: 1710, currency: "EUR" },
      { amountMinor: 1800, currency: "EUR" },
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>$60.00</span> <span>$80.00</span> <span>25% off</span></div>`,
      { amountMinor: 6000, currency: "USD" },
      { amountMinor: 8000, currency: "USD" },
    ],
  ])("%s: the sale first, then the old price and its percentage", (lang, url, box, price, list) => {
    const r = extractProduct(
      `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><main>
<h1>Desk 3</h1>${box}<button>Add to cart</button></main></body></html>`,
      url,
    );
    expect(r.price).toEqual(price);
    expect(r.listPrice).toEqual(list);
  });

  it("two offers in microdata, the old one unshown: the shown reduction decides", () => {
    const box = `<div itemscope itemtype="https://schema.org/Product"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="18.00"></div>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="17.10"><meta itemprop="priceCurrency" content="EUR">
<h3><strong>€ 17,10</strong></h3><div><span>€ 18,00</span> <span>-5%</span></div></div></div>`;
    expect(priceOfBox("it", "https://shop.example.it/p/1", box)).toBe("1710 EUR");
  });

  it("a percentage that does not relate the two amounts marks nothing", () => {
    const box = `<div><span>$80.00</span></div><p>Earn 5% back</p><div><span>$60.00</span></div>`;
    expect(priceOfBox("en", "https://shop.example.com/p/1", box)).toBe("8000 USD");
  });
});

describe("a bare number in a price-named element", () => {
  it("is no price when it is written against letters (a code)", () => {
    const html = `<!doctype html><html lang="de"><head><title>Shop</title></head><body><main>
<h1>Drohne</h1><span class="price-code">333ORAK</span><span class="price">69,99 €</span>
<button>In den Warenkorb</button></main></body></html>`;
    const r = extractProduct(html, "https://shop.example.de/p/1");
    expect(r.price).toEqual({ amountMinor: 6999, currency: "EUR" });
    expect(r.candidates.some((c) => c.price.amountMinor === 33300)).toBe(false);
  });
});

describe("a sale pair in a card of another product keeps its old price (a percent's pair)", () => {
  it("the structured price lagging a sale, also shown as a card's old price: the sale price", () => {
    // The card stands far from the buy box (a description between them): its old price's pair is
    // its own lower amount, a link to the other product.
    const html = `<html lang="lv"><head><title>Soma Rosso</title></head><body><main>
<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Soma Rosso</h1>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="219.99"><meta itemprop="priceCurrency" content="EUR"></div>
<div class="a1"><span class="b1">EUR219.99</span> <span class="c1">-50%</span></div><div class="d1"><span class="e1">EUR110.00</span></div><button>Ielikt grozā</button></div>
<div class="desc">${"<p>Ādas soma ar rāvējslēdzēju.</p>".repeat(70)}</div>
<div class="f1"><a href="/lat/soma-beige-1.html"><span class="g1">Soma Beige</span></a><div><span class="b2">EUR219.99</span> <span>-30%</span> <a href="/lat/soma-beige-1.html"><span class="e2">EUR153.99</span></a></div></div>
</main></body></html>`;
    const read = extractProduct(html, "https://www.veikals.example.lv/lat/soma-rosso-1.html");
    expect(read.price).toEqual({ amountMinor: 11000, currency: "EUR" });
  });
});

/**
 * Probe round nine (b): a price read aloud for screen readers between its pieces ("$", "49",
 * " dollars and ", "<sup>99</sup>", " cents") is units and cents, not $49.
 */
describe("a price's pieces with the words a screen reader says between them", () => {
  it.each([
    [
      `<span aria-hidden="true">$</span><span>49</span><span class="sr-only"> dollars and </span><sup>99</sup><span class="sr-only"> cents</span>`,
      4999,
    ],
    [
      `<span>$1,249</span><span class="sr-only"> dollars and </span><span>00</span><span class="sr-only"> cents</span>`,
      124900,
    ],
  ])("%s", (box, want) => {
    const html = `<!doctype html><html lang="en"><head><title>Art Easel</title></head><body><h1>Art Easel</h1><div class="p">${box}</div><button>Add to cart</button></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/p/1").price?.amountMinor).toBe(want);
  });
});
