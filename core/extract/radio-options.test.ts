import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 6 (pages written for these tests): choices drawn as radio buttons in labels —
 * a bundle, a protection plan, a subscription — each with its price. The checked one is what the
 * buy box sells; a label whose button is not checked holds an option's price, as an <option>
 * does, when the page shows which one is checked.
 */
function price(lang: string, host: string, choices: string, buy: string): number | null {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<main><h1>Walnut desk</h1><div class="o">${choices}</div><button>${buy}</button></main></body></html>`;
  return extractProduct(html, `https://${host}/p/1`).price?.amountMinor ?? null;
}
const radio = (name: string, checked: boolean, words: string, amount: string) =>
  `<label><input type="radio" name="${name}"${checked ? " checked" : ""}> ${words} <span>${amount}</span></label>`;

describe("radio choices with their prices", () => {
  it("en: an unchecked bundle before the checked single item", () => {
    const choices =
      radio("b", false, "Desk + Chair", "$648.00") + radio("b", true, "Desk only", "$499.00");
    expect(price("en", "shop.example.com", choices, "Add to cart")).toBe(49900);
  });
  it("de: an unchecked bundle with a lamp, then the checked plain item", () => {
    const choices =
      radio("b", false, "Mit Lampe", "548,00 €") + radio("b", true, "Nur Schreibtisch", "499,00 €");
    expect(price("de", "laden.example.de", choices, "In den Warenkorb")).toBe(49900);
  });
  it("no button checked in the markup (a script chooses): the first price stays a candidate", () => {
    const choices =
      radio("b", false, "Desk only", "$499.00") + radio("b", false, "Desk + Chair", "$648.00");
    expect(price("en", "shop.example.com", choices, "Add to cart")).toBe(49900);
  });
});
