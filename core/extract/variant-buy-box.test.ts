import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 6 (the selected or default variant's price, as in the buy box) and the rest of
 * class 3 ("Starting at $N" above the real price). Small pages written for these tests.
 */
function page(lang: string, url: string, body: string, head = ""): ExtractResult {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title>${head}</head><body>
<nav><a href="/">Home</a></nav><main>${body}</main><footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, url);
}
const money = (m: ExtractResult["price"]) => m && `${m.amountMinor} ${m.currency}`;
const aggregate = (low: string, high: string, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Item",
    offers: {
      "@type": "AggregateOffer",
      lowPrice: low,
      highPrice: high,
      priceCurrency: currency,
      offerCount: 3,
    },
  })}</script>`;

describe("class 6: the variant the buy box shows", () => {
  it("en: structured data gives only a range; the buy box shows the default size's price", () => {
    const r = page(
      "en",
      "https://shop.example.com/p/tee",
      `<h1>Tee</h1><div class="price"><span>$24.99</span></div><button>Add to cart</button>`,
      aggregate("19.99", "29.99", "USD"),
    );
    expect(money(r.price)).toBe("2499 USD");
    expect(r.isPriceRange).toBe(false);
  });

  it("de: the same with a range in euros", () => {
    const r = page(
      "de",
      "https://laden.example.de/p/1",
      `<h1>Hemd</h1><div class="preis"><b>34,99 €</b></div><button>In den Warenkorb</button>`,
      aggregate("29.99", "39.99", "EUR"),
    );
    expect(money(r.price)).toBe("3499 EUR");
  });

  it("a range shown as a range stays the low end of a range", () => {
    const r = page(
      "en",
      "https://shop.example.com/p/tee",
      `<h1>Tee</h1><div class="price"><span>$19.99 – $29.99</span></div><button>Add to cart</button>`,
      aggregate("19.99", "29.99", "USD"),
    );
    expect(money(r.price)).toBe("1999 USD");
    expect(r.isPriceRange).toBe(true);
  });

  it("en: size buttons with their prices, the chosen one pressed: its price, not the first", () => {
    const r = page(
      "en",
      "https://shop.example.com/p/desk",
      `<h1>Standing desk</h1>
       <ul class="sizes"><li><button aria-pressed="false">48 in. <span>$299.99</span></button></li>
       <li><button aria-pressed="true">60 in. <span>$349.99</span></button></li></ul>
       <div class="price"><b>$349.99</b></div><button>Add to cart</button>`,
    );
    expect(money(r.price)).toBe("34999 USD");
  });

  it("fr: colour radios with their prices, the chosen one checked", () => {
    const r = page(
      "fr",
      "https://boutique.example.fr/p/1",
      `<h1>Lampe de bureau</h1>
       <div role="radiogroup"><div role="radio" aria-checked="false">Noir <span>39,00 €</span></div>
       <div role="radio" aria-checked="true">Laiton <span>59,00 €</span></div></div>
       <div class="prix"><strong>59,00 €</strong></div><button>Ajouter au panier</button>`,
    );
    expect(money(r.price)).toBe("5900 EUR");
  });

  it("en: size radios beside a range in structured data: the cheapest option is no confirmed price", () => {
    // The unchosen first option shows the range's low end: that amount equals structured data,
    // but a range's low end confirms nothing (a probe page of round six).
    const r = page(
      "en",
      "https://shop.example.com/p/mattress",
      `<h1>Hybrid Mattress</h1>
       <div role="radiogroup"><button role="radio" aria-checked="false">Twin <span>$899</span></button>
       <button role="radio" aria-checked="true">Queen <span>$1,299</span></button>
       <button role="radio" aria-checked="false">King <span>$1,599</span></button></div>
       <div class="pp"><s>$1,799</s> <span>$1,299</span></div><button>Add to Cart</button>`,
      aggregate("899", "1599", "USD"),
    );
    expect(money(r.price)).toBe("129900 USD");
    expect(r.isPriceRange).toBe(false);
  });

  it("de: a marketplace's buy box above a range of other sellers' offers", () => {
    const r = page(
      "de",
      "https://markt.example.de/p/1",
      `<h1>Waschmaschine</h1><div class="bb"><b>649,00 €</b></div><button>In den Warenkorb</button>
       <h2>612,90 €</h2><p>B-Ware von anderem Händler</p>`,
      aggregate("612.90", "699.00", "EUR"),
    );
    expect(money(r.price)).toBe("64900 EUR");
  });
});

describe("class 3: a 'from' price above the buy box's price", () => {
  it("en: 'Starting at $899.99', then $1,049.99 in the buy box", () => {
    const r = page(
      "en",
      "https://shop.example.com/p/laptop",
      `<h1>Laptop 14</h1><p class="config">Starting at $899.99</p>
       <div class="price"><span>$1,049.99</span></div><button>Add to cart</button>`,
    );
    expect(money(r.price)).toBe("104999 USD");
  });

  // Nothing higher follows a "from" price under the title: it is the price of the configuration
  // shown first (a configurable laptop), the one a person ordering now pays; still a "from".
  it.each([
    [
      "en",
      "https://shop.example.com/p/laptop",
      '<p class="lead">Starting from $899.99</p>',
      "89999 USD",
    ],
    [
      "en",
      "https://shop.example.com/p/laptop",
      '<div class="price"><span>From $899.99</span></div>',
      "89999 USD",
    ],
    ["de", "https://shop.example.de/p/laptop", "<p>ab 899,99 €</p>", "89999 EUR"],
    ["fr", "https://shop.example.fr/p/laptop", "<p>À partir de 899,99 €</p>", "89999 EUR"],
  ])("%s: a 'from' price alone under the title is the price (%s %s)", (lang, url, price, want) => {
    // Far under the title (a gallery and a list of features between), no buy control known.
    const features = Array.from({ length: 120 }, (_, i) => `<li><span>Feature ${i}</span></li>`);
    const r = page(
      lang,
      url,
      `<h1>Laptop 14</h1><ul>${features.join("")}</ul>${price}`,
      '<meta property="og:type" content="product">',
    );
    expect(r.status).toBe("ok");
    expect(money(r.price)).toBe(want);
    expect(r.isPriceRange).toBe(true);
  });
});

describe("og:price at the range's low end beside an AggregateOffer", () => {
  // A theme writes the cheapest variant's price in og:price:amount; the address selects a dearer
  // variant, which the buy box shows: og:price restates the range's low end, no price of its own.
  it.each([
    [
      "en",
      "https://shop.example.com/products/hoodie?variant=3302",
      "58.00",
      "72.00",
      "USD",
      "$68.00",
      "6800 USD",
    ],
    [
      "de",
      "https://shop.example.de/products/hoodie?variant=3302",
      "58.00",
      "72.00",
      "EUR",
      "68,00 €",
      "6800 EUR",
    ],
  ])(
    "%s: the selected variant's price is the price",
    (lang, url, low, high, currency, shown, want) => {
      const head = `<meta property="og:price:amount" content="${low}"><meta property="og:price:currency" content="${currency}">${aggregate(low, high, currency)}`;
      const r = page(
        lang,
        url,
        `<h1>Heavyweight Hoodie</h1><div><span>${shown}</span></div><button>Add to cart</button>`,
        head,
      );
      expect(money(r.price)).toBe(want);
    },
  );

  it("og:price apart from the range's low end stays an exact price of its own", () => {
    const head = `<meta property="og:price:amount" content="62.00"><meta property="og:price:currency" content="USD">${aggregate("58.00", "72.00", "USD")}`;
    const r = page(
      "en",
      "https://shop.example.com/products/hoodie",
      `<h1>Heavyweight Hoodie</h1><div><span>$62.00</span></div><button>Add to cart</button>`,
      head,
    );
    expect(money(r.price)).toBe("6200 USD");
  });
});

describe("a 'from' price above options none of which is chosen", () => {
  it.each([
    [
      "en-GB",
      "https://shop.example.co.uk/p/tea",
      "From £4.90",
      "18 bags – £4.90",
      "50 g loose – £6.50",
      "490 GBP",
    ],
    [
      "de",
      "https://shop.example.de/p/tee",
      "ab 4,90 €",
      "18 Beutel – 4,90 €",
      "50 g lose – 6,50 €",
      "490 EUR",
    ],
  ])("%s: the 'from' price stands, not an unchosen option's", (lang, url, from, a, b, want) => {
    const r = page(
      lang,
      url,
      `<h1>Good Mood Tea</h1><div>${from}</div><label><input type="radio" name="g"> ${a}</label><label><input type="radio" name="g"> ${b}</label><button>Add to basket</button>`,
    );
    expect(money(r.price)).toBe(want);
  });

  it("a chosen option's price under 'From' is the price", () => {
    const r = page(
      "en-GB",
      "https://shop.example.co.uk/p/tea",
      `<h1>Good Mood Tea</h1><div>From £4.90</div><label><input type="radio" name="g"> 18 bags – £4.90</label><label><input type="radio" name="g" checked> 50 g loose – £6.50</label><button>Add to basket</button>`,
    );
    expect(money(r.price)).toBe("650 GBP");
  });
});

describe("a variable product's range, then the chosen variation's price", () => {
  it.each([
    [
      "en",
      "https://shop.example.com/product/strap/",
      `<p><span>$38.00</span> – <span>$46.00</span></p>`,
      `<span>$42.00</span>`,
      "4200 USD",
    ],
    [
      "en",
      "https://shop.example.com/product/strap/",
      `<p>$38.00 – $46.00</p>`,
      `<p>$42.00</p>`,
      "4200 USD",
    ],
    [
      "fr",
      "https://shop.example.fr/produit/bracelet/",
      `<p><span>299,99 €</span> – <span>349,99 €</span></p>`,
      `<span>329,99 €</span>`,
      "32999 EUR",
    ],
  ])("%s: %s then %s", (lang, url, range, chosen, want) => {
    const r = page(
      lang,
      url,
      `<h1>Leather Strap</h1>${range}<select><option>20mm</option></select><div>${chosen}</div><button>Add to cart</button>`,
    );
    expect(money(r.price)).toBe(want);
  });

  it("WooCommerce: the range, then the chosen variation's own price block", () => {
    const amount = (n: string) =>
      `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>${n}</bdi></span>`;
    const html = `<html lang="en"><head><title>Creamed Honey</title></head><body class="single-product woocommerce">
<div class="summary entry-summary"><h1 class="product_title">Creamed Honey</h1>
<p class="price">${amount("19.99")} &ndash; ${amount("34.99")}</p>
<form class="variations_form cart"><select name="attribute_pa_size"><option value="">Choose an option</option><option value="16oz" selected>16 oz</option></select>
<div class="single_variation_wrap"><div class="woocommerce-variation single_variation"><div class="woocommerce-variation-price"><span class="price">${amount("26.99")}</span></div></div>
<button type="submit" class="single_add_to_cart_button">Add to cart</button></div></form></div></body></html>`;
    const r = extractProduct(html, "https://honey.example.com/product/creamed-honey/");
    expect(r.rule).toBe("WooCommerce");
    expect(money(r.price)).toBe("2699 USD");
    expect(r.isPriceRange).toBe(false);
  });

  it("Shopify: the variant its add-to-cart form adds, not the first (sold out) variant", () => {
    const shopify = (form: string) =>
      extractProduct(
        `<html lang="en"><head><title>Organic Cotton Tee</title>
<meta property="og:price:amount" content="35.00"><meta property="og:price:currency" content="USD">
<script>var meta = {"product":{"id":1,"variants":[{"id":4400112,"price":3500,"public_title":"XS"},{"id":4400113,"price":3800,"public_title":"S"}]},"page":{"pageType":"product"}};
for (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }</script></head>
<body><main><h1>Organic Cotton Tee</h1><div class="price"><span class="price-item">$38.00</span></div>
${form}<button type="submit" name="add">Add to cart</button></form></main></body></html>`,
        "https://tees.example.com/products/organic-cotton-tee",
      );
    const chosen = shopify(
      `<form method="post" action="/cart/add"><input type="hidden" name="id" value="4400113">`,
    );
    expect(chosen.rule).toBe("Shopify");
    expect(money(chosen.price)).toBe("3800 USD");
    // An "id" outside the add-to-cart form names no variant.
    const elsewhere = shopify(
      `<form action="/contact"><input type="hidden" name="id" value="4400113"></form><form method="post" action="/cart/add">`,
    );
    expect(money(elsewhere.price)).not.toBe("3800 USD");
  });

  it("structured data gives another variant's price, which an option not chosen shows: the buy box's", () => {
    const offer = (price: string) =>
      `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Item",
        offers: { "@type": "Offer", price, priceCurrency: "USD" },
      })}</script>`;
    const radios = page(
      "en",
      "https://shop.example.com/p/diapers",
      `<h1>Diapers Size 3</h1><div class="h"><span class="s">current price $48.94</span><span aria-hidden="true">$48.94</span></div>
       <div>Count: <label><input type="radio" name="c"> 74 Count <span>$26.94</span></label><label><input type="radio" name="c" checked> 168 Count <span>$48.94</span></label></div><button>Add to cart</button>`,
      offer("26.94"),
    );
    expect(money(radios.price)).toBe("4894 USD");
    const swatches = page(
      "en",
      "https://shop.example.com/p/lip-mask",
      `<h1>Lip Sleeping Mask</h1><div class="p"><b>$15.00</b></div>
       <div role="radiogroup"><button role="radio" aria-checked="true">Mini <span>$15.00</span></button><button role="radio" aria-checked="false">Standard <span>$34.00</span></button></div><button>Add to Basket</button>`,
      offer("34.00"),
    );
    expect(money(swatches.price)).toBe("1500 USD");
    // Shown nowhere, not even as an option: which one a person pays cannot be told.
    const unshown = page(
      "en",
      "https://shop.example.com/p/sheets",
      `<h1>Sheet Set</h1><span class="p">$59.99</span><button>Add to cart</button>`,
      offer("39.99"),
    );
    expect(unshown.status).toBe("ambiguous");
  });

  it("og:price restating the range's low end, an option showing it: the buy box's chosen amount", () => {
    // A gift card opened on its $50 denomination (probe round seven).
    const r = page(
      "en",
      "https://books.example.com/products/gift-card?variant=2",
      `<h1>Gift Card</h1><div class="price"><span class="price-item">$50.00</span></div>
       <fieldset><legend>Denominations</legend><input type="radio" name="d" id="d1"><label for="d1">$25.00</label><input type="radio" name="d" id="d2" checked><label for="d2">$50.00</label><input type="radio" name="d" id="d3"><label for="d3">$100.00</label></fieldset>
       <button>Add to cart</button>`,
      `<meta property="og:price:amount" content="25.00"><meta property="og:price:currency" content="USD">${aggregate("25.00", "100.00", "USD")}`,
    );
    expect(money(r.price)).toBe("5000 USD");
    expect(r.isPriceRange).toBe(false);
    // The labels of radios not checked (their own <label for>) are options not chosen.
    expect(r.candidates.filter((c) => c.isOtherOption).map((c) => c.price.amountMinor)).toEqual([
      2500, 10000,
    ]);
  });

  it("the range alone: its low end, said to be a range", () => {
    const r = page(
      "en",
      "https://shop.example.com/product/strap/",
      `<h1>Leather Strap</h1><p><span>$38.00</span> – <span>$46.00</span></p><button>Add to cart</button>`,
    );
    expect(money(r.price)).toBe("3800 USD");
    expect(r.isPriceRange).toBe(true);
  });
});

/**
 * Probe round eight (a): a configurator whose structured data gives its base price, shown only
 * as "Starting at $1,899" (a "from" price), while the configured total stands out further down
 * ("Your sofa $2,099"): the base is no price of the item as configured.
 */
describe("structured data giving a configurator's base, shown only as a 'from' price", () => {
  const ld = (price: string, currency: string) =>
    `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Item",
      offers: { "@type": "Offer", price, priceCurrency: currency },
    })}</script>`;
  it.each([
    [
      "en",
      "https://shop.example.com/products/sofa?fabric=velvet",
      "Starting at $1,899",
      "+$200",
      "$2,099",
      "1899.00",
      "USD",
      "209900 USD",
    ],
    [
      "de",
      "https://shop.example.de/products/sofa?stoff=samt",
      "ab 1.899 €",
      "+200 €",
      "2.099 €",
      "1899.00",
      "EUR",
      "209900 EUR",
    ],
  ])("%s", (lang, url, from, adder, total, base, currency, want) => {
    const body = `<h1>Harlow Sofa</h1><div class="base">${from}</div><div class="step"><h2>Fabric</h2><div role="radiogroup"><div role="radio" aria-checked="false">Linen</div><div role="radio" aria-checked="true">Velvet <span>${adder}</span></div></div></div><div class="step"><h2>Legs</h2><div role="radiogroup"><div role="radio" aria-checked="true">Walnut</div><div role="radio" aria-checked="false">Brass</div></div></div><div class="summary"><span>Your Harlow</span> <span class="amount">${total}</span><button>Add to Cart</button></div>`;
    expect(money(page(lang, url, body, ld(base, currency)).price)).toBe(want);
  });
});
