import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 3: a promotion's figure beside the title is never the price — free-shipping
 * and discount thresholds, savings, rewards, monthly payments (pages written for these tests).
 */
const BUY: Record<string, string> = {
  en: "Add to cart",
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
  es: "Añadir al carrito",
};

function shop(buyBox: string, lang: string, url: string): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<main><h1>Lamp 7</h1>${buyBox}<button type="submit">${BUY[lang]}</button></main></body></html>`;
  return extractProduct(html, url);
}
const price = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;

describe("class 3: promotions beside the title", () => {
  const cases: [string, string, string, string, string][] = [
    [
      "en",
      "https://shop.example.com/p/1",
      `<p>Sign up and get free shipping on orders of $50 or more.</p><p><span>$24.99</span></p>`,
      "2499 USD",
      "a free-shipping threshold",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Spend $100, get 20% off</span></div><div><span>$39.00</span></div>`,
      "3900 USD",
      "a spend threshold",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><b>Save $30</b></div><div><span>$119.99</span></div>`,
      "11999 USD",
      "a saving badge",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><b>$42/mo</b> with financing</div><div><span>$999.00</span></div>`,
      "99900 USD",
      "a monthly payment",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Members earn $10 in rewards</span></div><div><span>$64.00</span></div>`,
      "6400 USD",
      "a rewards offer",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>$20 off</span> today</div><div><span>$80.00</span></div>`,
      "8000 USD",
      "an amount-off badge",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      `<p>Gratis Versand ab einem Bestellwert von 50 €</p><p><span>24,99 €</span></p>`,
      "2499 EUR",
      "de: a free-shipping threshold",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      `<p><b>10 € Rabatt</b> mit Code</p><p><span>89,00 €</span></p>`,
      "8900 EUR",
      "de: an amount-off badge",
    ],
    [
      "fr",
      "https://boutique.example.fr/p/1",
      `<p>Livraison offerte dès 60 € d'achat</p><p><span>34,90 €</span></p>`,
      "3490 EUR",
      "fr: a free-shipping threshold",
    ],
    [
      "es",
      "https://tienda.example.es/p/1",
      `<p>Envío gratis en pedidos superiores a 30 €</p><p><span>19,95 €</span></p>`,
      "1995 EUR",
      "es: a free-shipping threshold",
    ],
    [
      "es",
      "https://tienda.example.es/p/1",
      `<p><b>25 € al mes</b></p><p><span>599,00 €</span></p>`,
      "59900 EUR",
      "es: a monthly payment",
    ],
  ];
  it.each(cases)("%s %s: %s → %s (%s)", (lang, url, box, expected) => {
    const r = shop(box, lang, url);
    expect(r.status).toBe("ok");
    expect(price(r)).toBe(expected);
  });

  it("a promotion's figure is not even a candidate; the price beside it is", () => {
    const r = shop(
      `<p>Free shipping on orders over $35</p><p><span>$12.50</span></p>`,
      "en",
      "https://shop.example.com/p/2",
    );
    expect(r.candidates.map((c) => c.price.amountMinor)).toEqual([1250]);
  });

  it("a page whose only amount is a promotion's has no price", () => {
    const r = shop(
      `<p>Free shipping on orders of $50 or more</p>`,
      "en",
      "https://shop.example.com/p/3",
    );
    expect(r.price).toBeNull();
  });
});

describe("the tax part of a price beside the title is not the price", () => {
  const cases: [string, string, string, string][] = [
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Est. tax $4.99</span></div><div><span>$59.99</span></div>`,
      "5999 USD",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Estimated tax: $4.99</span></div><div><span>$59.99</span></div>`,
      "5999 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      `<p><span>davon MwSt. 9,58 €</span></p><p><span>59,99 €</span></p>`,
      "5999 EUR",
    ],
    [
      "fr",
      "https://shop.example.fr/p/1",
      `<p><span>dont TVA 10,00 €</span></p><p><span>59,99 €</span></p>`,
      "5999 EUR",
    ],
  ];
  it.each(cases)("%s: %s %s", (lang, url, buyBox, want) => {
    expect(price(shop(buyBox, lang, url))).toBe(want);
  });

  it("de: 'inkl. MwSt.' after the price says what it holds; the price stays", () => {
    const r = shop(
      `<p><span>59,99 €</span> <span>inkl. MwSt.</span></p>`,
      "de",
      "https://shop.example.de/p/1",
    );
    expect(price(r)).toBe("5999 EUR");
  });
});

describe("an amount taken off something is not the price", () => {
  const cases: [string, string, string, string][] = [
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Outlet Savings: -$80.00</span></div><p><span>Was: $149.99</span></p><div><span>$69.99</span></div>`,
      "6999 USD",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div><span>Instant savings (-$15.00)</span></div><div><span>$54.99</span></div>`,
      "5499 USD",
    ],
    [
      "de",
      "https://shop.example.de/p/1",
      `<div><span>Gutschein: -12,00 €</span></div><div><span>47,99 €</span></div>`,
      "4799 EUR",
    ],
  ];
  it.each(cases)("%s: %s %s", (lang, url, buyBox, want) => {
    expect(price(shop(buyBox, lang, url))).toBe(want);
  });

  it("a dash between spaces is a separator: 'Lamp 7 - $24.99' is the price", () => {
    const r = shop(`<p><span>Lamp 7 - $24.99</span></p>`, "en", "https://shop.example.com/p/1");
    expect(price(r)).toBe("2499 USD");
  });
});

describe("one of several payments is not the price", () => {
  it.each([
    [
      "fr",
      "https://shop.example.fr/p/1",
      `<p><span>3x</span> <span>86,33€</span> (sans frais)</p><div><span>259,00 €</span></div>`,
      "25900 EUR",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<p><span>4 x</span> <span>$24.75</span></p><div><span>$99.00</span></div>`,
      "9900 USD",
    ],
  ])("%s: %s %s", (lang, url, buyBox, want) => {
    expect(price(shop(buyBox, lang, url))).toBe(want);
  });

  it("a size '60 x 30 cm' in the title does not make its price an instalment", () => {
    const r = shop(
      `<p><span>Panel 60 x 30 cm</span></p><p><span>$32.00</span></p>`,
      "en",
      "https://shop.example.com/p/1",
    );
    expect(price(r)).toBe("3200 USD");
  });
});

describe("a promotion's words after an amount are the words right after it, not the next line's", () => {
  it.each([
    [
      "en",
      "https://shop.example.co.uk/p/1",
      `<div>£249.99</div><p>Order by 3pm for delivery tomorrow</p>`,
      "24999 GBP",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div>$139.00</div><p>Order now and get it by Friday</p>`,
      "13900 USD",
    ],
    [
      "en",
      "https://shop.example.co.uk/p/1",
      `<div>£249.99</div><p>Purchase protection included</p>`,
      "24999 GBP",
    ],
    [
      "en",
      "https://shop.example.com/p/1",
      `<div>$49.99</div><p>Off-White / Size M</p>`,
      "4999 USD",
    ],
  ])("%s: %s", (lang, url, box, want) => {
    expect(price(shop(box, lang, url))).toBe(want);
  });

  it("'$50+ orders' is still a threshold", () => {
    expect(
      price(
        shop(
          `<p>Free shipping on $50+ orders</p><div>$24.99</div>`,
          "en",
          "https://shop.example.com/p/1",
        ),
      ),
    ).toBe("2499 USD");
  });
});

describe("an approximation or another currency's conversion is never the price", () => {
  const page = (lang: string, body: string) =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Casserole 24cm</title></head><body><h1>Casserole 24cm</h1>${body}<button>Add to basket</button></body></html>`;
  it.each([
    [
      "en-GB",
      "https://shop.example.co.uk/p/1",
      `<div>£259.00 <span>(≈ €303.40)</span></div>`,
      "25900 GBP",
    ],
    [
      "en-GB",
      "https://shop.example.co.uk/p/1",
      `<small>approx. €303.40</small><div>£259.00</div>`,
      "25900 GBP",
    ],
    [
      "de-CH",
      "https://shop.example.ch/p/1",
      `<small>ca. € 1'350.00</small><div>CHF 1'299.00</div>`,
      "129900 CHF",
    ],
    [
      "fr-CH",
      "https://shop.example.ch/p/1",
      `<div>CHF 49.90</div><small>(env. 52,00 €)</small>`,
      "4990 CHF",
    ],
  ])("%s: %s", (lang, url, body, want) => {
    expect(price(extractProduct(page(lang, body), url))).toBe(want);
  });
});

describe("a rebate's label names the amount after it, not the price before it", () => {
  it.each([
    [
      "rows: our price, the rebate, the price after it",
      `<div><div><span>Our Price</span> <span>$849.00</span></div><div><span>Mail-in Rebate</span> <span>-$100.00</span></div><div><span>Price after rebate</span> <span>$749.00</span></div></div>`,
    ],
    [
      "a rebate box under the price",
      `<div><div>$849.00</div><div><span>Mail-In Rebate</span> <span>-$100.00</span><div>Price after $100 mail-in rebate: <strong>$749.00</strong></div></div></div>`,
    ],
  ])("%s", (_name, box) => {
    expect(price(shop(box, "en", "https://shop.example.com/p/1"))).toBe("84900 USD");
  });
  it("the rebate's own amount, its words after it, stays no price", () => {
    const box = `<p>Get a $100 mail-in rebate</p><p><span>$849.00</span></p>`;
    expect(price(shop(box, "en", "https://shop.example.com/p/1"))).toBe("84900 USD");
  });
});

// Probe round eight (a): a carrier's phone, its buy box leading with the monthly payment. An old
// price's label ("Full retail price") needs a lower price of this product beside it; a monthly
// payment is a promotion's figure, no such price.
describe("a retail price's label beside only a monthly payment", () => {
  it.each([
    [
      "en",
      `<div><span>$29.16</span><span>/mo</span></div><div>for 36 months, 0% APR</div><div>Full retail price: <span>$1,049.99</span></div>`,
      "104999 USD",
    ],
    [
      "de",
      `<div><span>43,75 €</span><span> im Monat</span></div><div>UVP: <span>1.049,00 €</span></div>`,
      "104900 EUR",
    ],
  ])("%s", (lang, box, want) => {
    const url = lang === "de" ? "https://shop.example.de/p/1" : "https://shop.example.com/p/1";
    expect(price(shop(box, lang, url))).toBe(want);
  });
});

/**
 * Probe round nine (b): amounts above the price that are no item's price: what points are worth,
 * a plan priced by the day.
 */
describe("a point's worth, a price by the day", () => {
  it.each([
    [
      "<div><span>Earn 2,490 points</span> <span>(worth $24.90)</span></div><p><b>$249.00</b></p>",
      "24900 USD",
    ],
  ])("%s", (box, want) => {
    expect(price(shop(box, "en", "https://shop.example.com/p/1"))).toBe(want);
  });
  it("rent-to-own by the week above the price is no price", () => {
    const box = "<p>Rent-to-own from <b>$19</b>/week</p><p><span>$1,299</span></p>";
    expect(price(shop(box, "en", "https://shop.example.com/p/1"))).toBe("129900 USD");
  });
  it("a plan priced only by the day has no price", () => {
    const box = "<p>Starting at $2.49/day</p><p>Billed every 4 weeks.</p>";
    expect(shop(box, "en", "https://shop.example.com/p/1").price).toBeNull();
  });
});

/**
 * Probe round nine (b), pages 177-186: amounts above the price in a short line of their own,
 * the amount in its own element: a price per serving, a yearly energy cost, a second item's
 * price, a paid program's price.
 */
describe("another amount's line above the price", () => {
  it.each([
    ["<p>Only <b>$0.87</b> per serving</p>", "$64.99", "6499 USD"],
    ["<p>Estimated yearly energy cost <b>$52</b>/year</p>", "$749.99", "74999 USD"],
    ["<p>Add a 2nd for <b>$30</b></p>", "$45.00", "4500 USD"],
    ["<p>Get it for <b>$69.99</b> with ShopZen Plus</p>", "$79.99", "7999 USD"],
  ])("%s", (line, shown, want) => {
    const box = `${line}<p><span>${shown}</span></p>`;
    expect(price(shop(box, "en", "https://shop.example.com/p/1"))).toBe(want);
  });
});
