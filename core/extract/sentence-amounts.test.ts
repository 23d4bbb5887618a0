import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 3, beyond the listed words: a line between the title and the price whose amount
 * stands inside a sentence of its own (an add-on, a gift, a donation, a quantity break) is not the
 * price when an amount standing alone follows it closely. Pages written for it (a helper's
 * probes of US stores); none names a store.
 */
function priceOf(lang: string, url: string, title: string, line: string, price: string) {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1>${line}<div>${price}</div><button>Add to cart</button></body></html>`;
  const r = extractProduct(html, url);
  return r.price && `${r.price.amountMinor} ${r.price.currency}`;
}

describe("an amount inside a sentence before the price", () => {
  it.each([
    [
      "en",
      "https://www.shop.example.com/p/stick",
      "<p>Add 2-Year Protection for $5.99</p>",
      "$49.99",
      "4999 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/chews",
      "<p>Buy 3+ for $19.99 each</p>",
      "$24.99",
      "2499 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/oil",
      "<div>Free gift worth $25 with this item</div>",
      "$42.00",
      "4200 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/fleece",
      "<p>$1 from every order plants a tree</p>",
      "$78.00",
      "7800 USD",
    ],
    [
      "de",
      "https://www.shop.example.de/p/oel",
      "<div>Gratis Geschenk im Wert von 25,00 € zu jeder Bestellung</div>",
      "42,00 €",
      "4200 EUR",
    ],
    [
      "fr",
      "https://www.shop.example.fr/p/huile",
      "<div>1 € reversé à une association pour chaque commande</div>",
      "42,00 €",
      "4200 EUR",
    ],
  ])("%s: %s", (lang, url, line, price, want) => {
    expect(priceOf(lang, url, "Rose Hip Facial Oil", line, price)).toBe(want);
  });

  it.each([
    // A label of the price itself: the amount in it is the price.
    ["en", "<p>Our price today only $39.99</p>", "$49.99", "3999 USD"],
    ["en", "<p>Deal of the day $39.99</p>", "$49.99", "3999 USD"],
    ["de", "<p>Unser Preis für Sie 39,99 €</p>", "49,99 €", "3999 EUR"],
  ])("%s: a price's own label is no sentence: %s", (lang, line, price, want) => {
    const host = lang === "de" ? "shop.example.de" : "shop.example.com";
    expect(priceOf(lang, `https://${host}/p/1`, "Desk Lamp", line, price)).toBe(want);
  });

  it.each([
    [
      "<p>Sign in to see price</p><section><h2>Reviews</h2><p>Costs $749 at the maker's site</p></section>",
    ],
    ["<p>See price in cart</p><p>Cheaper than the $60 one I saw elsewhere</p>"],
  ])("a sentence's amount with no price after it is no price: %s", (line) => {
    expect(
      priceOf(
        "en",
        "https://www.shop.example.com/p/1",
        "Desk Lamp",
        line,
        "<span>Ships in 2 days</span>",
      ),
    ).toBeNull();
  });

  it("the price before the title, beside the buy control, over a sentence's amount after it", () => {
    const html = `<!doctype html><html lang="en"><head><title>Gold Stacking Ring</title></head><body><p>$24.75</p><h1>Gold Stacking Ring</h1><button>Add to cart</button><p>Cheaper than the $60 one I saw elsewhere</p></body></html>`;
    expect(
      extractProduct(html, "https://www.shop.example.com/listing/1090011224/gold-ring").price,
    ).toEqual({
      amountMinor: 2475,
      currency: "USD",
    });
  });
});

describe("a member's price, its words right after the amount", () => {
  it.each([
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>$19.99</span> with membership</div>",
      "$23.99",
      "2399 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>$2.99</span> with Card</div>",
      "$3.49",
      "349 USD",
    ],
    // Probe round nine (b): a pharmacy's sale for its rewards members, the program's name between.
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>Sale</span> <span>$19.99</span> <span>with myQuick Rewards</span></div>",
      "$24.99",
      "2499 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>$19.99</span> <span>with Rewards</span></div>",
      "$24.99",
      "2499 USD",
    ],
    // A grocer's card price, named after it, above the regular price.
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>$4.99</span> <span>Club Price</span></div>",
      "Reg. $6.49",
      "649 USD",
    ],
    [
      "en",
      "https://www.shop.example.com/p/juice",
      "<div><span>$4.99</span> <span>Club Price</span></div>",
      "$6.49",
      "649 USD",
    ],
    [
      "de",
      "https://www.shop.example.de/p/saft",
      "<div><span>19,99 €</span> für Mitglieder</div>",
      "23,99 €",
      "2399 EUR",
    ],
    [
      "fr",
      "https://www.shop.example.fr/p/jus",
      "<div><span>19,99 €</span> pour les membres</div>",
      "23,99 €",
      "2399 EUR",
    ],
  ])("%s: %s", (lang, url, line, price, want) => {
    expect(priceOf(lang, url, "Green Juice 6-Pack", line, price)).toBe(want);
  });

  it("'Members pay' after the price is the next amount's label, not the price's", () => {
    expect(
      priceOf(
        "en",
        "https://www.shop.example.com/p/almonds",
        "Almonds 3 lb",
        "",
        "<span>$21.99</span> <span>Members pay $18.99</span>",
      ),
    ).toBe("2199 USD");
  });
});

describe("a term in years on an add-on's choice", () => {
  it("en: '3 Years $49' buttons of a protection plan before the price", () => {
    const line = `<div><p>Add accident protection</p><button>3 Years $49</button><button>5 Years $69</button></div>`;
    expect(
      priceOf(
        "en",
        "https://www.shop.example.com/p/slipcover",
        "Linen Sofa Slipcover",
        line,
        "$299.00",
      ),
    ).toBe("29900 USD");
  });
});

describe("the whole price under a monthly figure", () => {
  // A subscription-style headline ("$63/mo for 39 months") with the whole price in a line of
  // its own: "or $2,495 paid in full" is the price, not a sentence about another amount.
  it.each([
    [
      "en",
      "https://www.shop.example.com/p/bike",
      "$63/mo for 39 months at 0% APR",
      "or $2,495 paid in full",
      "249500 USD",
    ],
    [
      "de",
      "https://www.shop.example.de/p/rad",
      "63 € mtl. für 39 Monate",
      "oder 2.495 € als Einmalzahlung",
      "249500 EUR",
    ],
    [
      "fr",
      "https://www.shop.example.fr/p/velo",
      "63 € par mois pendant 39 mois",
      "ou 2 495 € en une seule fois",
      "249500 EUR",
    ],
  ])("%s: %s", (lang, url, monthly, full, want) => {
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Bike+</title></head><body>
<h1>Bike+</h1><p class="a"><span class="b">${monthly}</span></p><p class="c">${full}</p><button>Add to cart</button></body></html>`;
    const r = extractProduct(html, url);
    expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe(want);
  });
});

/**
 * Probe round nine (b): a review quoted above the price. The next sentence's "now" ("… of the
 * $60. I sleep through the night now.") is no label of the quote's amount, which stays a
 * sentence's.
 */
describe("a label's words in the next sentence are not the amount's", () => {
  it("a quoted review above the price", () => {
    const quote = `<blockquote>"Worth every penny of the $60. I sleep through the night now." — Top review</blockquote>`;
    expect(
      priceOf("en", "https://www.shop.example.com/p/blanket", "Weighted Blanket", quote, "$59.99"),
    ).toBe("5999 USD");
  });
  it("the amount's own sentence keeps its label ('Now only $59.99. Free returns.')", () => {
    const line = "<p>Now only $59.99. Free returns.</p>";
    expect(
      priceOf("en", "https://www.shop.example.com/p/blanket", "Weighted Blanket", line, ""),
    ).toBe("5999 USD");
  });
});

/** Probe round nine (b): a deposit to reserve a made-to-order item, named right after it. */
describe("a deposit named right after its amount", () => {
  it.each([
    [
      "en",
      "https://www.shop.example.com/p/table",
      "<p>Reserve yours with a <b>$500</b> deposit</p>",
      "$3,200",
      "320000 USD",
    ],
    [
      "de",
      "https://www.shop.example.de/p/tisch",
      "<p><b>0,25 €</b> Pfand</p>",
      "1,99 €",
      "199 EUR",
    ],
  ])("%s: %s", (lang, url, line, price, want) => {
    expect(priceOf(lang, url, "Dining Table", line, price)).toBe(want);
  });
});
