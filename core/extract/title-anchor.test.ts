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
