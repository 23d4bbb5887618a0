import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Probe round eight (a), pages written for these tests: a row of choices (sizes, metals, tiers)
 * each showing its price, one of them marked chosen (`aria-pressed="true"`, `aria-selected`,
 * `aria-current`, a class naming it selected or active) and the others not marked at all. A
 * shopper reads the unmarked ones as choices not made: their prices are options', as an
 * <option>'s are; the chosen one's is the buy box's.
 */
function price(lang: string, host: string, title: string, choices: string, buy: string) {
  const html = `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
<main><h1>${title}</h1><div class="opts">${choices}</div><button>${buy}</button></main></body></html>`;
  return extractProduct(html, `https://${host}/p/item-1`).price?.amountMinor ?? null;
}

describe("unmarked siblings of a chosen choice are options not chosen", () => {
  it("en: bag sizes, the third pressed", () => {
    const choices = `<button>5-lb bag<br>$18.99</button><button>15-lb bag<br>$42.99</button><button aria-pressed="true">30-lb bag<br>$64.99</button>`;
    expect(price("en", "shop.example.com", "Adult Dog Food", choices, "Add to Cart")).toBe(6499);
  });
  it("de: Größen als Liste, die gewählte mit aria-current", () => {
    const choices = `<ul><li><a href="?s=1">1 kg<br>12,99 €</a></li><li aria-current="true"><a href="?s=3">3 kg<br>29,99 €</a></li></ul>`;
    expect(price("de", "laden.example.de", "Hundefutter", choices, "In den Warenkorb")).toBe(2999);
  });
  it("en: metals, the chosen one named by its class", () => {
    const choices = `<button>14K Gold<br><small>$895.00</small></button><button class="swatch swatch--selected">Platinum<br><small>$1,295.00</small></button>`;
    expect(price("en", "shop.example.com", "Wedding Band", choices, "Add to Cart")).toBe(129500);
  });
  it("en: tiers as tabs, the one not selected is an option", () => {
    const choices = `<div role="tablist"><button role="tab" aria-selected="false">Good<br><span>$39.99</span></button><button role="tab" aria-selected="true">Better<br><span>$54.99</span></button></div>`;
    expect(price("en", "shop.example.com", "Brake Pads", choices, "Add to Cart")).toBe(5499);
  });
  it("a pressed button with no price chooses nothing among priced siblings", () => {
    const choices = `<button aria-pressed="true">♡</button><button>Bundle<br>$18.99</button>`;
    expect(price("en", "shop.example.com", "Adult Dog Food", choices, "Add to Cart")).toBe(1899);
  });
});

describe("what is no row of choices", () => {
  it("an open menu marked active beside the buy box is no chosen choice", () => {
    const html = `<!doctype html><html lang="en"><head><title>Trail Stove</title></head><body>
<div><div class="menu is-active"><a href="/deals">Deals under $25</a></div><div><div><div><h1>Trail Stove</h1><p>Light, packs small, boils a litre in three minutes, ships free over $35 within the continental US, see our policy for details.</p><span>$54.95</span></div></div></div></div><button>Add to Cart</button></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/p/item-1").price?.amountMinor).toBe(5495);
  });
});

// Probe round nine (a): a gift card's denominations, none chosen ("$25" "$50" "$100" "$200" as
// radio buttons none checked, or as buttons none marked): the amount is the choice itself, and
// with none made a shopper cannot say what the card costs. The first denomination was taken.
describe("amounts to choose from, none chosen, are options not chosen", () => {
  it("en: radio buttons none checked, each labelled by an amount alone", () => {
    const choices = `<label><input type="radio" name="amt" value="25"> $25</label><label><input type="radio" name="amt" value="50"> $50</label><label><input type="radio" name="amt" value="100"> $100</label><label><input type="radio" name="amt" value="200"> $200</label>`;
    expect(price("en", "books.example.com", "Gift Card", choices, "Add to cart")).toBeNull();
  });
  it("de: Beträge als Knöpfe, keiner gewählt", () => {
    const choices = `<button type="button">10 €</button><button type="button">25 €</button><button type="button">50 €</button>`;
    expect(
      price("de", "laden.example.de", "Geschenkgutschein", choices, "In den Warenkorb"),
    ).toBeNull();
  });
  it("en: links each alone in a list item, none current", () => {
    const choices = `<ul><li><a href="?amount=25">$25</a></li><li><a href="?amount=50">$50</a></li><li><a href="?amount=100">$100</a></li></ul>`;
    expect(price("en", "books.example.com", "Gift Card", choices, "Add to cart")).toBeNull();
  });
  it("the same links, one current, give its amount", () => {
    const choices = `<ul><li><a href="?amount=25">$25</a></li><li aria-current="true"><a href="?amount=50">$50</a></li><li><a href="?amount=100">$100</a></li></ul>`;
    expect(price("en", "books.example.com", "Gift Card", choices, "Add to cart")).toBe(5000);
  });
  it("one of them checked is the price", () => {
    const choices = `<label><input type="radio" name="amt"> $25</label><label><input type="radio" name="amt" checked> $50</label><label><input type="radio" name="amt"> $100</label>`;
    expect(price("en", "books.example.com", "Gift Card", choices, "Add to cart")).toBe(5000);
  });
  it("choices with words beside their amounts stay as they were (the page sets one)", () => {
    const choices = `<label><input type="radio" name="o"> One-time purchase $20.00</label><label><input type="radio" name="o"> Subscribe &amp; save $17.00</label>`;
    expect(price("en", "shop.example.com", "Coffee Beans", choices, "Add to cart")).toBe(2000);
  });
});

/**
 * Probe round nine (b): sizes as buttons each naming its size and its price, the chosen one
 * told apart only by a hashed class ("sc-aXZVg kDdYqP"); the buy box's price follows the row.
 */
describe("a row of labelled buttons, none marked chosen", () => {
  const row = (sizes: [string, string][]) =>
    sizes
      .map(
        ([s, p], i) =>
          `<button class="sc-${i} x${i}" type="button"><span>${s}</span><span>${p}</span></button>`,
      )
      .join("");
  it.each([
    [
      "en",
      "shop.example.com",
      row([
        ["4-lb bag", "$17.99"],
        ["12-lb bag", "$38.99"],
        ["24-lb bag", "$64.99"],
      ]),
      "<div><span>$64.99</span> <span>($2.71/lb)</span></div>",
      6499,
    ],
    [
      "de",
      "laden.example.de",
      row([
        ["2 kg", "14,99 €"],
        ["6 kg", "34,99 €"],
        ["12 kg", "54,99 €"],
      ]),
      "<div><span>34,99 €</span></div>",
      3499,
    ],
  ])("%s: the price after the row is the buy box's", (lang, host, choices, box, want) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Dog Food</title></head><body><main><h1>Dog Food</h1><div>${choices}</div>${box}<button>Add to cart</button></main></body></html>`;
    expect(extractProduct(html, `https://${host}/p/item-1`).price?.amountMinor).toBe(want);
  });

  it("with no price after the row, none is chosen: no price", () => {
    const choices = row([
      ["4-lb bag", "$17.99"],
      ["12-lb bag", "$38.99"],
      ["24-lb bag", "$64.99"],
    ]);
    expect(price("en", "shop.example.com", "Dog Food", choices, "Add to cart")).toBeNull();
  });
});
