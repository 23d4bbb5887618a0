import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * A store's structured data against what its buy box shows (decision 0089; pages written from a
 * helper's probes of invented stores, none named): which one a shopper pays, or none.
 */
const doc = (title: string, body: string, head = "", lang = "en") =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><meta property="og:title" content="${title}">${head}</head><body>${body}</body></html>`;
const ld = (...nodes: object[]) =>
  nodes
    .map(
      (n) =>
        `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", ...n })}</script>`,
    )
    .join("");
const product = (name: string, price: string, currency = "USD", extra: object = {}) => ({
  "@type": "Product",
  name,
  offers: {
    "@type": "Offer",
    price,
    priceCurrency: currency,
    availability: "https://schema.org/InStock",
    ...extra,
  },
});
const money = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;
const buyBox = (title: string, price: string, button = "Add to cart") =>
  `<main><h1>${title}</h1><div class="price">${price}</div><form><button type="submit">${button}</button></form></main>`;

describe("several JSON-LD products: the one named as the page's title is the page's", () => {
  it.each([
    [
      "accessories' blocks first",
      "Backpacking Tent, 2-Person",
      "$249.00",
      [
        product("Tent Footprint, 2-Person", "39.00"),
        product("Aluminum Tent Stakes, 8-Pack", "19.00"),
        product("Backpacking Tent, 2-Person", "249.00"),
      ],
      "24900 USD",
    ],
    [
      "a bundle's parts in one graph",
      "Coffret soin visage : nettoyant, sérum et crème",
      "79,00 €",
      [
        {
          "@graph": [
            product("Sérum éclat 30 ml", "42.00", "EUR"),
            product("Gel nettoyant 150 ml", "22.00", "EUR"),
            product("Coffret soin visage : nettoyant, sérum et crème", "79.00", "EUR"),
          ],
        },
      ],
      "7900 EUR",
    ],
    [
      "a recommended item's block first",
      "Sartén de hierro forjado 28 cm",
      "54,90 €",
      [
        product("Tapa de vidrio 28 cm", "19.90", "EUR"),
        product("Sartén de hierro forjado 28 cm", "54.90", "EUR"),
      ],
      "5490 EUR",
    ],
  ])("%s", (_, title, shown, nodes, want) => {
    const r = extractProduct(
      doc(title, buyBox(title, shown), ld(...nodes)),
      "https://www.shop.example/p/item",
    );
    expect(money(r)).toBe(want);
  });

  it("guard: one block named otherwise (a SKU) stays the page's", () => {
    const title = "Copper Watering Can, 1.5 L";
    const r = extractProduct(
      doc(title, buyBox(title, "£35.00"), ld(product("CWC-15", "35.00", "GBP"))),
      "https://www.shop.example.co.uk/p/can",
    );
    expect(money(r)).toBe("3500 GBP");
  });
});

describe("a structured amount shown only among other products is not shown for this one", () => {
  const carousel = (heading: string, price: string) =>
    `<section><h2>${heading}</h2><ul><li><a href="/p/other">Other item</a> <span class="card-price">${price}</span></li></ul></section>`;
  it.each([
    [
      "de",
      "Gusseisen-Bräter oval",
      "149,00 €",
      "Das könnte Ihnen auch gefallen",
      "129,00 €",
      "129.00",
      "EUR",
    ],
    ["en-GB", "Copper Watering Can", "£35.00", "You may also like", "£12.00", "12.00", "GBP"],
  ])(
    "%s: a card's amount equal to structured data's makes neither the price",
    (lang, title, shown, heading, card, sd, currency) => {
      const body = `${buyBox(title, shown)}${carousel(heading, card)}`;
      const r = extractProduct(
        doc(title, body, ld(product(title, sd, currency)), lang),
        "https://www.shop.example/p/item",
      );
      expect(r.price).toBeNull();
      expect(r.status).toBe("ambiguous");
    },
  );

  it("guard: structured data the buy box shows, a card showing it too, is the price", () => {
    const title = "Copper Watering Can";
    const body = `${buyBox(title, "£35.00")}${carousel("You may also like", "£35.00")}`;
    const r = extractProduct(
      doc(title, body, ld(product(title, "35.00", "GBP")), "en-GB"),
      "https://www.shop.example/p/item",
    );
    expect(money(r)).toBe("3500 GBP");
  });
});

describe("structured data visibly not what is charged gives way to a sure buy box", () => {
  it.each([
    [
      "de-CH",
      "Wanderrucksack 28 L",
      "CHF 129.90",
      "119.00",
      "EUR",
      "https://www.shop.example.ch/de/p/1",
      "12990 CHF",
    ],
    [
      "sv",
      "Ullfilt i alpackamix",
      "1 295 kr",
      "119.00",
      "USD",
      "https://www.shop.example.se/p/1",
      "129500 SEK",
    ],
    [
      "en-CA",
      "Merino Crew Socks, 3-Pack",
      "$54.99 CAD",
      "39.99",
      "USD",
      "https://www.shop.example.ca/p/1",
      "5499 CAD",
    ],
    [
      "de",
      "Akku-Rasentrimmer 18 V",
      "119,00 € <small>inkl. MwSt.</small>",
      "100.00",
      "EUR",
      "https://www.shop.example.de/p/1",
      "11900 EUR",
    ],
    [
      "ja",
      "南部鉄器 急須 0.6L",
      "¥9,900（税込）",
      "9000",
      "JPY",
      "https://www.shop.example.jp/p/1",
      "9900 JPY",
    ],
  ])("%s: %s (structured %s %s)", (lang, title, shown, sd, currency, url, want) => {
    const r = extractProduct(
      doc(title, buyBox(title, shown), ld(product(title, sd, currency)), lang),
      url,
    );
    expect(money(r)).toBe(want);
  });

  it.each([
    ["a stale price, nothing explaining it", "149,00 €", "129.00"],
    ["a price 12.3 % below, no tax rate", "112,30 €", "100.00"],
  ])("guard: %s stays 'cannot tell'", (_, shown, sd) => {
    const title = "Gusseisen-Bräter oval";
    const r = extractProduct(
      doc(title, buyBox(title, shown), ld(product(title, sd, "EUR")), "de"),
      "https://www.shop.example.de/p/1",
    );
    expect(r.price).toBeNull();
  });
});

describe("a price named before tax by the words after it in its own text", () => {
  it.each([
    [
      "pl",
      "Fotel biurowy ergonomiczny",
      `<span>1 229,00 zł</span> <span>brutto</span><br><span>999,19 zł netto</span>`,
      "999.19",
      "PLN",
      "https://www.shop.example.pl/p/1",
      "122900 PLN",
    ],
    [
      "de",
      "Werkbank aus Buche",
      `<span>238,00 €</span><br><span>200,00 € netto</span>`,
      "200.00",
      "EUR",
      "https://www.shop.example.de/p/1",
      "23800 EUR",
    ],
  ])("%s: %s", (lang, title, shown, sd, currency, url, want) => {
    const r = extractProduct(
      doc(title, buyBox(title, shown), ld(product(title, sd, currency)), lang),
      url,
    );
    expect(money(r)).toBe(want);
  });

  it("guard: a price named with tax in its own text stays the price", () => {
    const title = "Werkbank aus Buche";
    const shown = `<span>238,00 € inkl. MwSt.</span>`;
    const r = extractProduct(
      doc(title, buyBox(title, shown), ld(product(title, "238.00", "EUR")), "de"),
      "https://www.shop.example.de/p/1",
    );
    expect(money(r)).toBe("23800 EUR");
  });
});

describe("a price to ask for or to sign in for, under the title: structured data's unshown amount is none to take", () => {
  it.each([
    [
      "de",
      "Wandregal nach Maß, Eiche",
      `<span class="price">Preis auf Anfrage</span>`,
      "690.00",
      "EUR",
    ],
    [
      "en",
      "Solar Frame Mount Kit",
      `<a href="/login">Log in to see pricing</a><p>Trade accounts only.</p>`,
      "184.00",
      "USD",
    ],
    ["fr", "Canapé sur mesure", `<span>Prix sur demande</span>`, "1290.00", "EUR"],
  ])("%s: %s", (lang, title, notice, sd, currency) => {
    const body = `<main><h1>${title}</h1><div class="price-box">${notice}</div><form><button type="submit">Contact</button></form></main>`;
    const r = extractProduct(
      doc(title, body, ld(product(title, sd, currency)), lang),
      "https://www.shop.example/p/1",
    );
    expect(r.price).toBeNull();
  });

  it("guard: the buy box showing structured data's amount keeps it", () => {
    const title = "Solar Frame Mount Kit";
    const body = `<main><h1>${title}</h1><a href="/login">Log in to see pricing</a><div class="price">$184.00</div><form><button type="submit">Add to cart</button></form></main>`;
    const r = extractProduct(
      doc(title, body, ld(product(title, "184.00"))),
      "https://www.shop.example/p/1",
    );
    expect(money(r)).toBe("18400 USD");
  });
});

describe("structured data giving only a range the page never shows, and no price of its own", () => {
  const agg = (title: string) =>
    ld({
      "@type": "Product",
      name: title,
      offers: {
        "@type": "AggregateOffer",
        lowPrice: "1290.00",
        highPrice: "2890.00",
        priceCurrency: "EUR",
      },
    });
  it.each([
    ["fr", "Canapé d'angle modulable", "<span>À partir de</span>", "Configurer"],
    ["de", "Ecksofa nach Maß", "<span>Preis je nach Konfiguration</span>", "Konfigurieren"],
  ])("%s: %s", (lang, title, label, button) => {
    const body = `<main><h1>${title}</h1><div class="prix">${label}</div><form><button type="submit" disabled>${button}</button></form></main>`;
    const r = extractProduct(doc(title, body, agg(title), lang), "https://www.shop.example/p/1");
    expect(r.price).toBeNull();
  });

  it("guard: the range shown keeps its low end, flagged a range", () => {
    const title = "Canapé d'angle modulable";
    const body = `<main><h1>${title}</h1><div class="prix">1 290,00 € – 2 890,00 €</div><form><button type="submit">Ajouter au panier</button></form></main>`;
    const r = extractProduct(doc(title, body, agg(title), "fr"), "https://www.shop.example/p/1");
    expect(money(r)).toBe("129000 EUR");
  });
});

describe("a discontinued offer in structured data, the page showing no price", () => {
  const gone = (title: string, price: string) =>
    ld(product(title, price, "EUR", { availability: "https://schema.org/Discontinued" }));
  it.each([
    ["de", "Laufradsatz Carbon 45 mm", "Dieser Artikel ist nicht mehr erhältlich."],
    ["en", "Carbon Wheelset 45 mm", "This item is no longer available."],
  ])("%s: %s", (lang, title, notice) => {
    const body = `<main><h1>${title}</h1><p class="status">${notice}</p><a href="/c/wheels">See newer models</a></main>`;
    const r = extractProduct(
      doc(title, body, gone(title, "1199.00"), lang),
      "https://www.shop.example.de/p/1",
    );
    expect(r.price).toBeNull();
    expect(r.availability).toBe("out_of_stock");
  });

  it("guard: the page showing the price keeps it", () => {
    const title = "Laufradsatz Carbon 45 mm";
    const body = `<main><h1>${title}</h1><div class="price">1.199,00 €</div><p>Dieser Artikel ist nicht mehr erhältlich.</p></main>`;
    const r = extractProduct(
      doc(title, body, gone(title, "1199.00"), "de"),
      "https://www.shop.example.de/p/1",
    );
    expect(money(r)).toBe("119900 EUR");
  });
});

describe("structured data shown only as a member's price gives way to the buy box's", () => {
  it.each([
    [
      `<span class="member-price">$40.46</span> <span>Members price</span> <a href="/join">Join for $30</a>`,
    ],
    [`<span>$40.46</span> <span>with Rewards</span>`],
  ])("%s", (member) => {
    const title = "Insulated Water Bottle, 32 oz";
    const body = `<main><h1>${title}</h1><div class="price">$44.95</div><div>${member}</div><form><button type="submit">Add to cart</button></form></main>`;
    const r = extractProduct(
      doc(title, body, ld(product(title, "40.46"))),
      "https://www.shop.example.com/p/1",
    );
    expect(money(r)).toBe("4495 USD");
  });

  it("guard: 'Member price' labelling the amount after it is no member's price of the one before", () => {
    const title = "Insulated Water Bottle, 32 oz";
    const body = `<main><h1>${title}</h1><div class="price">$44.95 <span>Member price $40.46</span></div><form><button type="submit">Add to cart</button></form></main>`;
    const r = extractProduct(
      doc(title, body, ld(product(title, "44.95"))),
      "https://www.shop.example.com/p/1",
    );
    expect(money(r)).toBe("4495 USD");
  });
});

describe("structured data stating its price with tax, the buy box showing it before a sales tax", () => {
  const withTax = (title: string, price: string) =>
    ld(
      product(title, price, "USD", {
        priceSpecification: {
          "@type": "PriceSpecification",
          price,
          priceCurrency: "USD",
          valueAddedTaxIncluded: true,
        },
      }),
    );
  it("en-US: 465.47 with tax beside '$429.00 · Sales tax calculated at checkout'", () => {
    const title = "Commercial Stand Mixer, 7 qt";
    const body = `<main><h1>${title}</h1><div class="price">$429.00</div><p>Sales tax calculated at checkout.</p><form><button type="submit">Add to cart</button></form></main>`;
    const r = extractProduct(
      doc(title, body, withTax(title, "465.47")),
      "https://www.shop.example.com/p/1",
    );
    expect(money(r)).toBe("42900 USD");
  });

  it("guard: without the statement, an amount 8.5 % above stays 'cannot tell'", () => {
    const title = "Commercial Stand Mixer, 7 qt";
    const body = `<main><h1>${title}</h1><div class="price">$429.00</div><form><button type="submit">Add to cart</button></form></main>`;
    const r = extractProduct(
      doc(title, body, ld(product(title, "465.47"))),
      "https://www.shop.example.com/p/1",
    );
    expect(r.price).toBeNull();
  });
});
