import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 2 (pages written for these tests): units and cents in inline elements of
 * their own, nothing naming the cents (no <sup>, no "cents" class), inside a price-named element.
 * A person sees "$809.97" (the cents styled small); never "809" nor "80997".
 */
function amount(box: string, lang = "en", host = "shop.example.com"): number | null {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<nav><a href="/">Home</a></nav><main><h1>Standing desk</h1>${box}<button>Add to cart</button></main>
<footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, `https://${host}/p/1`).price?.amountMinor ?? null;
}

describe("units and cents in unnamed inline elements", () => {
  it("en: '<span>$809</span><span>97</span>' is $809.97", () => {
    expect(amount(`<div class="price"><span>$809</span><span>97</span></div>`)).toBe(80997);
  });
  it("en: sign, units and cents each in a span is $809.97, not $80997", () => {
    expect(
      amount(
        `<div class="price"><span class="a">$</span><span class="b">809</span><span class="c">97</span></div>`,
      ),
    ).toBe(80997);
  });
  it("de: '<span>809</span><span>97</span> €' is 809,97 €", () => {
    expect(
      amount(
        `<div class="preis"><span>809</span><span>97</span> €</div>`,
        "de",
        "laden.example.de",
      ),
    ).toBe(80997);
  });
  it("thousands in a span of their own stay thousands", () => {
    expect(amount(`<div class="price"><span>$1</span><span>,299</span></div>`)).toBe(129900);
    expect(amount(`<div class="price"><span>$1</span><span>299</span></div>`)).toBe(129900);
  });
});

/**
 * A line break in the markup between the pieces is white space, as the browser shows it
 * ("978,00 €"), not a break between lines: the amount is read, whatever the class names.
 */
describe("pieces in unnamed elements with a line break in the markup between them", () => {
  it.each([
    ["et", "pood.example.ee", "<span>978,00</span>\n  <span>€</span>\n  <span>/ tk</span>", 97800],
    ["en", "shop.example.com", "<span>$</span>\r\n<span>24.99</span>", 2499],
    ["fr", "boutique.example.fr", "<b>24,99</b>\n<i>€</i>", 2499],
  ])("%s (%s): %j", (lang, host, pieces, expected) => {
    expect(amount(`<div class="x1"><span class="x2">${pieces}</span></div>`, lang, host)).toBe(
      expected,
    );
  });
});

/**
 * Indentation between tags is not text a person reads: an element whose markup is indented
 * line by line still holds one short price.
 */
describe("a price in deeply indented markup", () => {
  const indent = (n: number) => `\n${" ".repeat(n)}`;
  it.each([
    ["en", "shop.example.com", "$69.99", "See details", 6999],
    ["de", "laden.example.de", "69,99 €", "Details ansehen", 6999],
  ])("%s: %s beside %j", (lang, host, shown, link, expected) => {
    const box = `<div class="x1">${indent(40)}<p class="x2">${indent(40)}${shown}${indent(44)}<span class="x3">${indent(44)}${indent(44)}<a href="#r">${link}</a>${indent(44)}${indent(44)}</span>${indent(40)}${indent(40)}</p>${indent(36)}</div>`;
    expect(amount(box, lang, host)).toBe(expected);
  });
});

/**
 * A price text's words that name another kind of amount speak of the amount they stand by: in
 * "$69.99 Earn up to 70 Rewards points" the points are the 70's, and $69.99 is still the price.
 */
describe("other-amount words after the next number are that number's", () => {
  it.each([
    ["en", "shop.example.com", "$69.99 <a>Earn up to <b>70</b> Rewards points</a>", 6999],
    ["de", "laden.example.de", "69,99 € <a>Sammeln Sie <b>70</b> Punkte</a>", 6999],
  ])("%s (%s): %j", (lang, host, text, expected) => {
    expect(amount(`<div class="x1"><p class="x2">${text}</p></div>`, lang, host)).toBe(expected);
  });
  it("words before the amount still name it: 'Members pay $45.00' is no price", () => {
    expect(amount(`<div class="x1"><p class="x2">Members pay $45.00</p></div>`)).toBeNull();
  });
});

describe("units and cents in unnamed elements, nothing named for a price", () => {
  // No class names at all: the sign right before the units says the units are an amount's.
  it.each([
    ["en", "shop.example.com", `<div><span>$</span><span>99</span><span>99</span></div>`, 9999],
    [
      "en",
      "shop.example.com",
      `<div aria-label="Price $109.99"><span>$</span><span>109</span><span>99</span></div>`,
      10999,
    ],
    ["en", "shop.example.co.uk", `<div><span>£</span><span>24</span><span>50</span></div>`, 2450],
    ["en", "shop.example.com", `<div><span>$1</span><span>299</span></div>`, 129900],
    ["en", "shop.example.com", `<div><span>$</span><span>1</span><span>,299</span></div>`, 129900],
  ])("%s on %s: %s", (lang, host, box, want) => {
    expect(amount(box, lang, host)).toBe(want);
  });
});

// Probe round nine (a): an auction's amount with its cents written, then its count of bids in an
// inline element of its own ("<span>$45.00</span><span>3 bids</span>" in a price-named box): two
// boxes on screen, read as one amount "$45.003" (45,003 dollars).
describe("a whole amount, then a number in an element of its own", () => {
  const amounts = (box: string, lang = "en", host = "shop.example.com") =>
    extractProduct(
      `<!doctype html><html lang="${lang}"><head><title>Lamp</title></head><body><main><h1>Brass Lamp</h1>${box}<button>Add to watchlist</button></main></body></html>`,
      `https://${host}/itm/1`,
    ).candidates.map((c) => c.price.amountMinor);
  it.each([
    [
      `<div class="amt"><span class="cur">$45.00</span><span class="cnt">3 bids</span></div>`,
      "en",
      4500,
    ],
    [`<div class="price"><span>€ 45,00</span><span>3 Gebote</span></div>`, "de", 4500],
  ])("%s", (box, lang, want) => {
    const found = amounts(box, lang, lang === "de" ? "shop.example.de" : "shop.example.com");
    expect(found).toContain(want);
    expect(found.every((a) => a < 100000)).toBe(true);
  });
  it("units then their cents in elements of their own stay one amount", () => {
    expect(amount(`<div class="price"><span>$809</span><span>97</span></div>`)).toBe(80997);
  });
});
