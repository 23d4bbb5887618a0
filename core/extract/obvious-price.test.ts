import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 5 on small pages written for these tests: one price a person sees under the
 * title and a live buy control, in markup no rule names (hashed class names, no structured data).
 */
function shop(
  body: string,
  url = "https://shop.example.com/shop/item-1",
  lang = "en",
): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<header><a href="/"><img src="/logo.svg" alt="Shop"></a><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main>${body}</main>
<footer><p>Newsletter</p></footer></body></html>`;
  return extractProduct(html, url);
}
const price = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;

describe("a box a script makes a button (role=button) is a buy control", () => {
  const cases: [string, string, string, string, string][] = [
    [
      "en",
      "https://kiln.example.co.uk/shop/bowl",
      '<span class="x1">Was £60.00</span> <strong class="x2">£45.00</strong>',
      "<span>Add to basket</span>",
      "4500 GBP",
    ],
    [
      "en",
      "https://apron.example.com/shop/p/apron",
      '<div class="x1"><s>$48.00</s></div><div class="x2">$36.00</div>',
      "<div>Add To Cart</div>",
      "3600 USD",
    ],
    [
      "de",
      "https://holz.example.de/shop/brett",
      '<p class="x1"><del>49,90 €</del> <ins>39,90 €</ins></p>',
      "In den Warenkorb",
      "3990 EUR",
    ],
    [
      "fr",
      "https://the.example.fr/shop/theiere",
      '<div class="x1"><s>79,00 €</s> <b>59,00 €</b></div>',
      "Ajouter au panier",
      "5900 EUR",
    ],
  ];
  it.each(cases)("%s: %s", (lang, url, shown, buy, expected) => {
    const result = shop(
      `<div class="a8Fk2"><h1 class="q9Xz">Hand-thrown Bowl</h1><div class="k2Lm">${shown}</div>
       <div role="button" tabindex="0" class="p0Qw">${buy}</div></div>`,
      url,
      lang,
    );
    expect(result.status).toBe("ok");
    expect(price(result)).toBe(expected);
  });
});

describe("a grid of cards, each its own price then its own buy button, is no product", () => {
  const card = (name: string, amount: string, control: string) =>
    `<div class="c1"><a href="/p/${name}"><img src="/i.jpg" alt=""><div>${name}</div></a><div class="c2">${amount}</div>${control}</div>`;
  it.each([
    ['<div role="button" class="b1">Add to basket</div>'],
    ['<button class="b1">Add to basket</button>'],
  ])("cards with %s", (control) => {
    const rows: [string, string][] = [
      ["Coasters", "£14.00"],
      ["Spoon", "£18.00"],
      ["Bowl", "£42.00"],
      ["Board", "£36.00"],
    ];
    const cards = rows.map(([n, a]) => card(n, a, control)).join("");
    const result = shop(
      `<h1>Kitchen</h1><div class="g1">${cards}</div>`,
      "https://grain.example.co.uk/c/kitchen",
    );
    expect(result.price).toBeNull();
  });
  it("guard: a buy box with its old price, then cards of other products, keeps its price", () => {
    const rows: [string, string][] = [
      ["Coasters", "£14.00"],
      ["Spoon", "£18.00"],
      ["Bowl", "£42.00"],
    ];
    const cards = rows
      .map(([n, a]) => card(n, a, '<button class="b1">Add to basket</button>'))
      .join("");
    const result = shop(
      `<h1>Tea Tin</h1><div class="p1"><s>£16.00</s> <span>£12.00</span></div>
       <button class="b1">Add to basket</button><div class="g1">${cards}</div>`,
      "https://tea.example.co.uk/p/tin",
    );
    expect(price(result)).toBe("1200 GBP");
  });
  it("guard: one product's price options share one button, the product keeps its price", () => {
    const result = shop(
      `<h1>Tea Tin</h1><div class="p1">£12.00</div><label><input type="radio" name="s"> 100 g</label>
       <button class="b1">Add to basket</button>`,
      "https://tea.example.co.uk/p/tin",
    );
    expect(price(result)).toBe("1200 GBP");
  });
});

describe("no <h1>: a heading naming the <title>'s shorter part is the title", () => {
  const page = (title: string, heading: string) =>
    extractProduct(
      `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<header><a href="/"><img src="/logo.svg" alt="Shop"></a></header>
<main><div class="g7"><img src="/i.jpg" alt=""></div><div class="k2"><h2 class="q1">${heading}</h2>
<div class="z8">NZ$22.00</div><button class="b4">Add to cart</button></div>
<p>Made by hand in small batches.</p></main><footer><p>© 2026</p></footer></body></html>`,
      "https://balm.example.co.nz/shop/kawakawa-balm",
    );
  it("the store's name the longer part", () => {
    const r = page("Kawakawa Balm 50 g | Te Whenua Botanicals", "Kawakawa Balm 50 g");
    expect(price(r)).toBe("2200 NZD");
  });
  it("the store's name first", () => {
    const r = page("Te Whenua Botanicals – Kawakawa Balm 50 g", "Kawakawa Balm 50 g");
    expect(price(r)).toBe("2200 NZD");
  });
});

describe("a read-only text field shows its value", () => {
  it.each([
    ["en", "Price", "£18.50", "Add to basket", "1850 GBP"],
    ["de", "Preis", "18,50 €", "In den Warenkorb", "1850 EUR"],
  ])("%s: %s <input readonly value=%s>", (lang, label, value, buy, expected) => {
    const r = shop(
      `<h1 class="t1">Hand-bound Sketchbook A5</h1><form method="post" action="/basket">
       <label>${label}</label> <input type="text" readonly name="p" value="${value}" class="f1">
       <label>Qty</label> <input type="number" name="qty" value="1"> <input type="submit" value="${buy}"></form>`,
      "https://quire.example.com/shop/sketchbook",
      lang,
    );
    expect(price(r)).toBe(expected);
  });
  it("guard: an editable field's value is no text (a quantity of 2, a voucher box)", () => {
    const r = shop(
      `<h1>Sketchbook</h1><p class="p1">£18.50</p><input type="text" name="qty" value="2">
       <input type="submit" value="Add to basket">`,
      "https://quire.example.com/shop/sketchbook",
    );
    expect(price(r)).toBe("1850 GBP");
  });
});
