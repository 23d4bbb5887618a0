import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * A warehouse club's buy box shows only members' prices, one per tier ("Plus member price $19.98"
 * beside "Club price $21.48"): the higher is what a shopper without the upgrade pays, the price
 * (decision 0084's member-price rule, read at a club where everyone is a member). Pages written
 * for it; none names a store.
 */
function priceOf(lang: string, box: string, title = "Olive Oil, 2 L, 2-pack") {
  const host = lang === "en" ? "club.example.com" : `club.example.${lang}`;
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>
<main><h1>${title}</h1><p>Item 1588204</p>${box}<button>${lang === "de" ? "In den Warenkorb" : "Add to cart"}</button></main></body></html>`;
  const r = extractProduct(page, `https://www.${host}/p/olive-oil-2l`);
  return r.price ? `${r.price.amountMinor} ${r.price.currency}` : null;
}

const row = (label: string, amount: string) =>
  `<div><span>${label}</span> <span>${amount}</span></div>`;

describe("members' tiers, nothing else in the buy box: the higher is the price", () => {
  it.each([
    ["en", row("Plus member price", "$19.98") + row("Club price", "$21.48"), "2148 USD"],
    ["en", row("Club price", "$189.99") + row("Executive member price", "$179.99"), "18999 USD"],
    ["de", row("Plus-Mitgliederpreis", "19,98 €") + row("Clubpreis", "21,48 €"), "2148 EUR"],
  ])("%s: %s", (lang, box, want) => {
    expect(priceOf(lang, box)).toBe(want);
  });
});

describe("guards", () => {
  it("a grocer's club price beside the regular price: the regular price", () => {
    const box = row("Club Price", "$2.99") + row("Regular", "$3.49");
    expect(priceOf("en", box)).toBe("349 USD");
  });

  it("one member's price alone names no price", () => {
    expect(priceOf("en", row("Member price", "$19.98"))).toBeNull();
  });

  it("two members' tiers above the price for everyone: that price", () => {
    const box = `${row("Plus member price", "$19.98")}${row("Gold member price", "$18.98")}<div><b>$24.99</b></div>`;
    expect(priceOf("en", box)).toBe("2499 USD");
  });
});
