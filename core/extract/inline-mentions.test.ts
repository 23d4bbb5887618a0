import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Another amount written inside a line of words between the title and the price, in an element
 * of its own ("Replacement filters <b>$12.99</b> for a 3-pack"): a mention in running text, not
 * the buy box's price, when an amount standing as a price follows it closely. Pages written for
 * it; none names a store.
 */
function pageOf(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1>${body}</body></html>`;
}

function priceOf(lang: string, body: string, title = "Pet Water Fountain, 2 L") {
  const host = lang === "en" ? "shop.example.com" : `shop.example.${lang}`;
  const r = extractProduct(pageOf(lang, title, body), `https://www.${host}/p/fountain-2l`);
  return r.price ? `${r.price.amountMinor} ${r.price.currency}` : null;
}

const BUY = "<button>Add to cart</button>";

describe("an amount inside a line of words above the price is a mention", () => {
  it.each([
    ["en", "<p>Replacement filters <b>$12.99</b> for a 3-pack</p><div>$39.99</div>", "3999 USD"],
    [
      "en",
      "<p>Pairs well with the travel case, <span>$19.00</span>, in three colours</p><div><span>$39.99</span></div>",
      "3999 USD",
    ],
    [
      "en",
      "<p>Add a matching lid for <span>$4.99</span> at checkout</p><div>$39.99</div>",
      "3999 USD",
    ],
    // The price with a label of its own, or a word of its own after it, after the mention; an
    // amount named by other words ("Travel case") between them stands as no price.
    [
      "en",
      "<p>Replacement filters <b>$12.99</b> for a 3-pack</p><div>Price <span>$39.99</span></div>",
      "3999 USD",
    ],
    [
      "en",
      "<p>Replacement filters <b>$12.99</b> for a 3-pack</p><div><span>$39.99</span> each</div>",
      "3999 USD",
    ],
    [
      "en",
      "<p>Add a matching lid for <span>$4.99</span> at checkout</p><div>Travel case <span>$19.00</span></div><div>$39.99</div>",
      "3999 USD",
    ],
    [
      "de",
      "<p>Passende Ersatzfilter <b>12,99 €</b> im Dreierpack erhältlich</p><div>39,99 €</div>",
      "3999 EUR",
    ],
    [
      "fr",
      "<p>Filtres de rechange <b>12,99 €</b> le lot de trois</p><div>39,99 €</div>",
      "3999 EUR",
    ],
    [
      "es",
      "<p>Filtros de repuesto <b>12,99 €</b> en paquete de tres</p><div>39,99 €</div>",
      "3999 EUR",
    ],
  ])("%s: %s", (lang, line, want) => {
    expect(priceOf(lang, `${line}${BUY}`)).toBe(want);
  });
});

describe("a price with its own labels around it is no mention", () => {
  // Each line is followed, before the buy button, by another item's amount standing alone (a
  // travel case offered beside it): reading the line as a mention would answer that one.
  const CASE = "<div>Travel case</div><div>$19.00</div>";
  const CASE_EUR = "<div>Reisetasche</div><div>19,00 €</div>";
  it.each([
    ["en", "<p>Our price: <b>$39.99</b> with free returns</p>", CASE, "3999 USD"],
    ["en", "<p><b>$39.99</b> each</p>", CASE, "3999 USD"],
    ["en", "<p><b>$39.99</b> + tax</p>", CASE, "3999 USD"],
    ["en", "<p>Now <b>$29.99</b> (was $39.99)</p>", CASE, "2999 USD"],
    ["en", "<p>Sale <b>$39.99</b> Reg. <s>$49.99</s></p>", CASE, "3999 USD"],
    ["de", "<p>Unser Preis: <b>39,99 €</b> inkl. MwSt.</p>", CASE_EUR, "3999 EUR"],
    ["fr", "<p>Prix : <b>39,99 €</b> TTC</p>", CASE_EUR, "3999 EUR"],
    // Words after it that open with a capital are a field of their own, not the sentence going on.
    ["en", "<p>Handmade in small batches <b>$39.99</b> In Stock</p>", CASE, "3999 USD"],
  ])("%s: %s", (lang, line, other, want) => {
    expect(priceOf(lang, `${line}${other}${BUY}`)).toBe(want);
  });

  it.each([
    "<p>This kettle costs <b>$39.99</b>.</p>",
    "<p>This kettle costs <b>$39.99</b> today only.</p>",
    "<p>This kettle costs $39.99.</p>",
  ])("a price alone on the page in a sentence: %s", (line) => {
    expect(priceOf("en", `${line}${BUY}`, "Electric Kettle")).toBe("3999 USD");
  });

  it("a sentence's price beside the buy control over another amount after it", () => {
    const body = `<p>This kettle costs <b>$39.99</b> today only.</p>${BUY}<div>Travel case</div><div>$19.00</div>`;
    expect(priceOf("en", body, "Electric Kettle")).toBe("3999 USD");
  });
});

describe("a sentence ending at an amount, a higher price standing after it, is a mention", () => {
  // "Add a matching lid for <span>$4.99</span>" above or inside the buy box: three words or more
  // of its line before the amount, none after it, no price's label; the price of what it names.
  it.each([
    ["en", "<p>Add a matching lid for <span>$4.99</span></p><div>$59.95</div>", "5995 USD"],
    [
      "en",
      "<div><p>Pair it with the leather strap for <b>$19.00</b></p><div><span>$149.00</span></div></div>",
      "14900 USD",
    ],
    [
      "de",
      "<p>Passender Glasdeckel erhältlich für <span>14,99 €</span></p><div>79,95 €</div>",
      "7995 EUR",
    ],
    [
      "es",
      "<p>Añade el colador de acero a juego por <span>4,99 €</span></p><div>34,95 €</div>",
      "3495 EUR",
    ],
    [
      "fr",
      "<p>Ajoutez le couvercle assorti pour <span>9,90 €</span></p><div>119,00 €</div>",
      "11900 EUR",
    ],
  ])("%s: %s", (lang, line, want) => {
    expect(priceOf(lang, `${line}${BUY}`)).toBe(want);
  });

  // The product's own price in a sentence stays: a lower amount after it is another item's, a
  // line of two words is the price's own, and a label names it the price.
  it.each([
    ["<p>Now available for <b>$39.99</b></p><div>Travel case</div><div>$19.00</div>", "3999 USD"],
    ["<p>Yours for <b>$39.99</b></p><div>Twin pack</div><div>$69.99</div>", "3999 USD"],
    [
      "<p>Get it today for only <b>$39.99</b></p><div>Travel case</div><div>$19.00</div>",
      "3999 USD",
    ],
  ])("%s", (line, want) => {
    expect(priceOf("en", `${line}${BUY}`, "Electric Kettle")).toBe(want);
  });
});
