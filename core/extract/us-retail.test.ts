import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import { scanHtml } from "./scan/index.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Big US retailers' buy boxes as a browser renders them (pages written from a helper's third
 * round of probes; none names a store): badges, member programs, coupon estimates, auctions,
 * fulfilment buttons, stock notices against structured data, old prices of other items.
 */
const doc = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
const ld = (price: string, availability: string) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Item",
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      availability: `https://schema.org/${availability}`,
    },
  })}</script>`;
const money = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;
const URL = "https://www.shop.example.com/p/item-4002";

describe("a 'Lowest price in 30 days' badge in a block of its own is no label of the price under it", () => {
  it.each([
    [
      `<h1>Food Processor</h1><div>Lowest price in 30 days</div><div>$149.99</div><button>Add to cart</button>`,
    ],
    [
      `<h1>Food Processor</h1><div>Lowest price in 30 days</div><div>$149.99</div><button>Add to cart</button><section><h2>Customer reviews</h2><p>I paid $30 at another store for the filters alone</p></section>`,
    ],
  ])("%s", (body) => {
    expect(money(extractProduct(doc("Food Processor", body), URL))).toBe("14999 USD");
  });

  it("the EU's label on the amount's own line still makes it a reference", () => {
    const body = `<h1>Food Processor</h1><div>€149.99</div><p><span>Lowest price in the last 30 days:</span> <span>€139.99</span></p><button>Add to cart</button>`;
    const r = extractProduct(doc("Food Processor", body), "https://shop.example.ie/p/1");
    expect(money(r)).toBe("14999 EUR");
    expect(r.referenceLowest30d).toEqual({ amountMinor: 13999, currency: "EUR" });
  });
});

describe("amounts of another kind before the price", () => {
  it.each([
    ["Plus price <span>$16.98</span>", "$18.98", "1898 USD"],
    ["Est. <span>$6.29</span> after coupons", "$8.99", "899 USD"],
    [
      "Current bid: <span>US $412.00</span> [23 bids]",
      "Buy It Now <span>US $1,150.00</span>",
      "115000 USD",
    ],
  ])("%s, then %s", (other, price, want) => {
    const body = `<h1>Item</h1><div>${other}</div><div>${price}</div><button>Add to cart</button>`;
    expect(money(extractProduct(doc("Item", body), URL))).toBe(want);
  });

  it("an auction with only its current bid gives no price", () => {
    const body = `<h1>Vintage Watch 1968</h1><div>Current bid: <span>US $412.00</span> [23 bids]</div><p>Ends in 1d 4h</p><button>Place bid</button>`;
    expect(extractProduct(doc("Vintage Watch 1968", body), URL).price).toBeNull();
  });
});

describe("stock: a sold-out notice right under the title with no way to buy overrules 'in stock'", () => {
  it.each([
    [`<div>$799.99</div><div><strong>OUT OF STOCK.</strong></div><button>Auto Notify</button>`],
    [
      `<div>US $679.99</div><p>This listing was ended by the seller because the item is no longer available.</p><a href="/sim">See similar items</a>`,
    ],
  ])("%s", (box) => {
    const r = extractProduct(doc("Item", `<h1>Item</h1>${box}`, ld("799.99", "InStock")), URL);
    expect(r.availability).toBe("out_of_stock");
  });

  it("'Not available for shipping' beside a 'Pick it up' button: in stock", () => {
    const box = `<div>$40.00</div><div><b>Pickup</b><span>Ready within 2 hours</span></div><div><b>Shipping</b><span>Not available for shipping</span></div><button>Pick it up</button>`;
    const r = extractProduct(
      doc("Dinnerware Set", `<h1>Dinnerware Set</h1>${box}`, ld("40.00", "InStock")),
      URL,
    );
    expect(r.availability).toBe("in_stock");
  });
});

describe("an old price in a row of other products is no list price of this one", () => {
  it("'Customers also viewed' with a struck price", () => {
    const body = `<h1>Game Console Pro</h1><div>$699.99</div><button>Add to Cart</button><section><h2>Customers also viewed</h2><ul><li><h3>OLED TV 65</h3><span>$1,799.99</span> <s>$2,599.99</s></li><li><h3>TV 55</h3><span>$1,199.99</span></li></ul></section>`;
    const r = extractProduct(doc("Game Console Pro", body), URL);
    expect(money(r)).toBe("69999 USD");
    expect(r.listPrice).toBeNull();
  });
});

// Probe round eight (a): a pharmacy's buy buttons name the way the item comes ("Add for
// shipping", "Add for pickup"): with no buy button read, a page whose price scored below "stands
// out" (a member's price under it, a mega-menu above) was no product's.
describe("a button adding the item for a way of getting it is a buy button", () => {
  it.each([["Add for shipping"], ["Add for pickup"], ["Add for same day delivery"]])(
    "%s",
    (words) => {
      const scan = scanHtml(
        `<main><h1>Allergy Relief 30 ct</h1><span>$12.49</span><button>${words}</button></main>`,
      );
      expect(scan.buyControls.filter((c) => c.hasBuyWords)).toHaveLength(1);
    },
  );
  it("words after 'for' that name no way of getting it are none ('Add for $5 more')", () => {
    const scan = scanHtml(`<main><button>Add for $5 more</button></main>`);
    expect(scan.buyControls.filter((c) => c.hasBuyWords)).toHaveLength(0);
  });
});

/**
 * Probe round nine (b): a pharmacy's "1 for $8.99" above "or 2 for $15.00" — a count of one is
 * the price of one; only a count of two or more makes a multi-buy's figure.
 */
describe("'1 for' an amount is the price of one", () => {
  it.each([
    ["<p>1 for $8.99</p><p>or 2 for $15.00</p>", "899 USD"],
    ["<p>2 for $15.00</p><p>$8.99</p>", "899 USD"],
    ["<p>12 for $15.00</p><p>$1.49</p>", "149 USD"],
  ])("%s", (box, want) => {
    const body = `<h1>Lip Balm 3 ct</h1>${box}<button>Add to cart</button>`;
    expect(money(extractProduct(doc("Lip Balm 3 ct", body), URL))).toBe(want);
  });
});

/**
 * Probe round nine (b): a grocer's multi-buy price of each, its condition in the next element
 * ("<span>$2.50 ea</span> <span>when you buy 4</span>"), above "Regular $3.29": the regular
 * price is what one costs, and no old price.
 */
describe("a price of each when buying several, its condition after it", () => {
  it.each([
    [
      "<div><span>$2.50 ea</span> <span>when you buy 4</span></div><div>Regular <span>$3.29</span></div>",
    ],
    ["<div><span>$2.50</span> <span>each when you buy 4</span></div><div><span>$3.29</span></div>"],
  ])("%s", (box) => {
    const body = `<h1>Sparkling Water 12 pk</h1>${box}<button>Add to cart</button>`;
    expect(money(extractProduct(doc("Sparkling Water 12 pk", body), URL))).toBe("329 USD");
  });
});

/**
 * Probe round nine (b): structured data writing the price in cents ("price": 7900) beside the
 * buy box's "$79.00" is that price, not a contradiction (which left the page ambiguous).
 */
describe("structured data's amount in cents", () => {
  const page = (price: unknown, shown: string) =>
    doc(
      "Table Lamp",
      `<h1>Table Lamp</h1><div><span>${shown}</span></div><button>Add to cart</button>`,
      `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Table Lamp",
        offers: { "@type": "Offer", price, priceCurrency: "USD" },
      })}</script>`,
    );
  it.each([[7900], ["7900"]])("%s beside $79.00", (price) => {
    expect(money(extractProduct(page(price, "$79.00"), URL))).toBe("7900 USD");
  });
  it("an amount the page never shows and no hundredfold stays ambiguous", () => {
    expect(extractProduct(page(95, "$79.00"), URL).status).toBe("ambiguous");
  });
});

/**
 * Probe round nine (b): a sporting-goods page saying "See price in cart" under the title, its
 * structured data giving an amount the page shows nowhere: the store does not show that price
 * (a maker's advertised-price policy; the cart's may differ): no price.
 */
describe("structured data's amount on a page showing its price only in the cart", () => {
  const page = (box: string) =>
    doc(
      "Crossbow Package",
      `<h1>Crossbow Package</h1>${box}<button>Add to cart</button>`,
      ld("649.99", "InStock"),
    );
  it.each([
    ["<div><p>See price in cart</p><p>We're not allowed to show this price.</p></div>"],
    ["<div><s>$799.99</s> <span>Add to cart to see final price</span></div>"],
  ])("%s", (box) => {
    expect(extractProduct(page(box), URL).price).toBeNull();
  });
  it("the notice in a row of other products says nothing of this one's price", () => {
    const box = `<p>$649.99</p><section><h2>Customers also viewed</h2><p>See price in cart</p></section>`;
    expect(money(extractProduct(page(box), URL))).toBe("64999 USD");
  });
});

/** Probe round nine (b): a charge added to the price, a plus sign before it, above the price. */
describe("an amount with a plus sign before it", () => {
  it.each([
    ["<p>+ <span>$8.00</span> state recycling fee</p><div><span>$229.99</span></div>"],
    ["<p>(+$8.00 recycling)</p><div><span>$229.99</span></div>"],
  ])("%s", (box) => {
    const body = `<h1>43" LED TV</h1>${box}<button>Add to cart</button>`;
    expect(money(extractProduct(doc('43" LED TV', body), URL))).toBe("22999 USD");
  });
});

/** Probe round nine (b): "Compare to" names an old price, as "Compare at" does. */
describe("'Compare to' above the price", () => {
  it.each([
    ["<p>Compare to <b>$34.99</b></p><div><span>$24.99</span></div>"],
    ["<p>Compare to $34.99</p><p>$24.99</p>"],
  ])("%s", (box) => {
    const body = `<h1>Tablet Case</h1>${box}<button>Add to cart</button>`;
    expect(money(extractProduct(doc("Tablet Case", body), URL))).toBe("2499 USD");
  });
});
