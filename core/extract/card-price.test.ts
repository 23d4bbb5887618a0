import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Probe round eight (a): a grocer's card price ("$3.99 with Card") with the price for everyone
 * struck beside it ("<s>$4.99</s>"). The strike says "not what card holders pay", not "the old
 * price": with no lower amount beside it but a member's or card holder's, the struck amount is
 * what anyone pays (or, at least, the card price is not taken).
 */
const page = (lang: string, box: string) =>
  `<!doctype html><html lang="${lang}"><head><title>Organic Strawberries 16 oz</title></head><body><h1>Organic Strawberries 16 oz</h1>${box}<button>Add to Cart</button></body></html>`;
const read = (lang: string, box: string) =>
  extractProduct(page(lang, box), "https://shop.example.com/p/strawberries-16-oz").price
    ?.amountMinor ?? null;

describe("a struck price beside only a card holder's price", () => {
  it.each([
    [
      "en",
      `<div class="pr"><div><mark class="promo-price">$3.99</mark> <span>with Card</span></div><div><s>$4.99</s></div><div>$0.25/oz</div></div>`,
    ],
    [
      "es",
      `<div class="pr"><div><b class="promo-price">3,99 €</b> <span>con tarjeta</span></div><div><s>4,99 €</s></div></div>`,
    ],
  ])("%s: the price for everyone or none, never the card price", (lang, box) => {
    expect([499, null]).toContain(read(lang, box));
  });
  it("a sale beside its struck old price stays the sale", () => {
    expect(
      read("en", `<div class="pr"><div><mark>$3.99</mark></div><div><s>$4.99</s></div></div>`),
    ).toBe(399);
  });
});
