import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * The landed price (issue #37 item 6): shipping and a unit price stated beside the price, in
 * several languages, from structured data first and the buy box's words second; never another
 * offer's, a carousel's or a conditional figure.
 */
const page = (body: string, lang = "en", head = "") =>
  `<html lang="${lang}"><head><title>Lamp</title>${head}</head><body><main><h1>Desk lamp</h1>${body}<button>Add to cart</button></main></body></html>`;
const read = (html: string, url = "https://shop.example.com/p/1", country?: string) =>
  extractProduct(html, url, country ? { country } : {});
const jsonLd = (offer: object) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Desk lamp",
    offers: { "@type": "Offer", ...offer },
  })}</script>`;

describe("shipping stated in the buy box", () => {
  it.each([
    ["en", '<p class="price">$24.99</p><p>Shipping: $4.99</p>', "USD", 2499, 499],
    ["en", '<p class="price">$24.99</p><p>+ $4.99 shipping</p>', "USD", 2499, 499],
    ["de", '<p class="price">19,99 €</p><p>Versand: 4,95 €</p>', "EUR", 1999, 495],
    ["de", '<p class="price">19,99 €</p><p>zzgl. 4,95 € Versand</p>', "EUR", 1999, 495],
    ["fr", '<p class="price">4,99 €</p><p>+ 3,00 €<br>Livraison</p>', "EUR", 499, 300],
    ["fr", '<p class="price">12,44 €</p><p>Frais de port : 6,99 €</p>', "EUR", 1244, 699],
    ["it", '<p class="price">29,90 €</p><p>Spedizione: 5,90 €</p>', "EUR", 2990, 590],
    ["es", '<p class="price">29,90 €</p><p>Envío: 3,99 €</p>', "EUR", 2990, 399],
  ])("%s: %s", (lang, body, currency, price, cost) => {
    const result = read(page(body, lang));
    expect(result.price).toEqual({ amountMinor: price, currency });
    expect(result.shipping).toEqual({ costMinor: cost, currency });
  });

  it.each([
    ["en", '<p class="price">$24.99</p><p>Shipping: $0.00</p>'],
    ["en", '<p><span class="price">$24.99</span> + FREE Shipping</p>'],
    ["de", '<p><span class="price">19,99 €</span> und kostenloser Versand</p>'],
    ["fr", '<p><span class="price">19,99 €</span><span>+ Livraison GRATUITE</span></p>'],
    ["it", '<p><span class="price">19,99 €</span> + spedizione gratuita</p>'],
  ])("free delivery (%s): %s", (lang, body) => {
    const result = read(page(body, lang));
    expect(result.shipping?.costMinor).toBe(0);
    expect(result.shipping?.freeAboveMinor).toBeUndefined();
  });

  it.each([
    ["en", "Free shipping on orders over $35", 3500],
    ["en", "FREE SHIPPING ON ORDERS $35 AND UP", 3500],
    ["en", "Free shipping on $99+ orders", 9900],
    ["de", "Kostenloser Versand ab 29 €", 2900],
    ["de", "Versandkostenfrei ab 50,00 €", 5000],
    ["fr", "Livraison gratuite dès 25 €", 2500],
    ["fr", "Livraison offerte à partir de 49 €", 4900],
    ["es", "Envío gratis a partir de 30 €", 3000],
    ["it", "Spedizione gratuita sopra i 49 €", 4900],
    ["it", "Spedizione gratuita oltre 49 €", 4900],
  ])("a free-shipping threshold (%s): %s", (lang, words, threshold) => {
    const currency = words.includes("$") ? "USD" : "EUR";
    const price = currency === "USD" ? "$19.99" : "19,99 €";
    const result = read(page(`<p class="price">${price}</p><p>${words}</p>`, lang));
    expect(result.price?.amountMinor).toBe(1999);
    expect(result.shipping).toEqual({ costMinor: null, freeAboveMinor: threshold, currency });
  });

  it("a cost and a threshold together; a banner's threshold when the buy box names none", () => {
    const both = read(
      page('<p class="price">$24.99</p><p>Shipping: $4.99</p><p>Free shipping over $35</p>'),
    );
    expect(both.shipping).toEqual({ costMinor: 499, freeAboveMinor: 3500, currency: "USD" });
    const banner = read(
      `<html><body><header><p>Free shipping on orders over $50</p></header><main><h1>Desk lamp</h1><p class="price">$24.99</p><button>Add to cart</button></main></body></html>`,
    );
    expect(banner.shipping).toEqual({ costMinor: null, freeAboveMinor: 5000, currency: "USD" });
  });

  it("'FREE Shipping' by a price below the page's threshold is free from the threshold only", () => {
    const result = read(
      page(
        '<p><b class="price">$19.99</b> & FREE Shipping</p><p>FREE Shipping on orders over $25</p>',
      ),
    );
    expect(result.shipping).toEqual({ costMinor: null, freeAboveMinor: 2500, currency: "USD" });
  });

  it("never another offer's, a carousel's, a conditional or a relative figure", () => {
    const cases = [
      // Other sellers: "New (5) from £39.50 + FREE Shipping".
      '<p class="price">$39.50</p><div><p>New (5) from $39.50 + FREE Shipping</p></div>',
      '<p class="price">$39.50</p><p>Add to Cart $45.00 + $4.99 shipping Sold by: Other</p>',
      '<p class="price">$24.99</p><div class="carousel"><p>$9.99</p><p>Shipping: $2.99</p></div>',
      '<p class="price">$24.99</p><p>Free shipping over $50 with code SHIPFREE</p>',
      '<p class="price">$24.99</p><p>Spend $25.01 more for free shipping</p>',
      '<p class="price">$24.99</p><p>Shipping from $4.99</p>',
      // A price right after a threshold is no threshold.
      '<p>Free shipping on $99+ orders</p><p class="price">$24.99</p>',
    ];
    for (const body of cases) {
      const result = read(page(body));
      expect(result.price?.amountMinor, body).toBe(body.includes("39.50") ? 3950 : 2499);
      const s = result.shipping;
      expect(s?.costMinor ?? null, body).toBeNull();
      expect(s?.freeAboveMinor === undefined || s.freeAboveMinor === 9900, body).toBe(true);
    }
  });

  it("from structured data first: OfferShippingDetails, by the person's country when several", () => {
    const offer = {
      price: "24.99",
      priceCurrency: "EUR",
      shippingDetails: [
        {
          "@type": "OfferShippingDetails",
          shippingRate: { "@type": "MonetaryAmount", value: 4.95, currency: "EUR" },
          shippingDestination: { "@type": "DefinedRegion", addressCountry: "DE" },
        },
        {
          "@type": "OfferShippingDetails",
          shippingRate: { "@type": "MonetaryAmount", value: 9.95, currency: "EUR" },
          shippingDestination: { "@type": "DefinedRegion", addressCountry: ["AT", "FR"] },
        },
      ],
    };
    const html = page("<p>Versand: 3,00 €</p>", "de", jsonLd(offer));
    expect(read(html, undefined, "de").shipping).toEqual({ costMinor: 495, currency: "EUR" });
    expect(read(html, undefined, "FR").shipping).toEqual({ costMinor: 995, currency: "EUR" });
    // Two costs, nothing to choose by: the visible text's.
    expect(read(html).shipping).toEqual({ costMinor: 300, currency: "EUR" });
  });

  it("free delivery and a free-shipping threshold in structured data", () => {
    const free = {
      price: 24.99,
      priceCurrency: "USD",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { value: 0, currency: "USD" },
      },
    };
    expect(read(page("<p>Shipping: $5.99</p>", "en", jsonLd(free))).shipping).toEqual({
      costMinor: 0,
      currency: "USD",
    });
    const threshold = {
      price: 24.99,
      priceCurrency: "USD",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { value: 5.99, currency: "USD" },
        freeShippingThreshold: { "@type": "MonetaryAmount", value: 35, currency: "USD" },
      },
    };
    expect(read(page("", "en", jsonLd(threshold))).shipping).toEqual({
      costMinor: 599,
      freeAboveMinor: 3500,
      currency: "USD",
    });
    // Another currency's rate is not this price's shipping.
    const other = { ...free, shippingDetails: { shippingRate: { value: 4, currency: "GBP" } } };
    expect(read(page("", "en", jsonLd(other))).shipping).toBeUndefined();
  });
});

describe("unit prices stated beside the price", () => {
  it.each([
    ["en", "<p class=price>$3.99</p><p>$0.25/oz</p>", "USD", 25, 1, "oz"],
    ["en", "<p class=price>$3.99</p><p>($0.42 / 100 g)</p>", "USD", 42, 100, "g"],
    ["en", "<p class=price>$5.49</p><p>$1.37 per lb</p>", "USD", 137, 1, "lb"],
    ["en", "<p class=price>$5.49</p><p>$0.17/fl oz</p>", "USD", 17, 1, "fl_oz"],
    ["en", "<p class=price>$12.99</p><p>($0.019 / Count)</p>", "USD", 19, 10, "piece"],
    ["de", "<p class=price>7,91 €</p><p>(34,39 € / kg)</p>", "EUR", 3439, 1, "kg"],
    ["de", "<p class=price>3,98 €</p><p>(1 kg = 3,98 €)</p>", "EUR", 398, 1, "kg"],
    ["de", "<p class=price>2,49 €</p><p>Grundpreis: 0,83 € pro Stück</p>", "EUR", 83, 1, "piece"],
    ["fr", "<p class=price>4,99 €</p><p>12,50 € le kg</p>", "EUR", 1250, 1, "kg"],
    ["fr", "<p class=price>4,99 €</p><p>Prix au litre : 2,40 €</p>", "EUR", 240, 1, "l"],
    ["it", "<p class=price>4,99 €</p><p>9,98 € al kg</p>", "EUR", 998, 1, "kg"],
    ["es", "<p class=price>4,99 €</p><p>9,98 €/l</p>", "EUR", 998, 1, "l"],
  ])("%s: %s", (lang, body, currency, amountMinor, perQuantity, unit) => {
    const result = read(page(body, lang));
    expect(result.price?.currency).toBe(currency);
    expect(result.unitPrice).toEqual({ amountMinor, currency, perQuantity, unit });
  });

  it("the price's own, not another offer's or a subscription's", () => {
    const result = read(
      page(
        '<p class="price">Jetzt: 8,71 €</p><p>(4,36 € / 100 ml)</p><div>Spar-Abo 7,40 € (3,70 € / 100 ml)</div>',
        "de",
      ),
    );
    expect(result.unitPrice).toEqual({
      amountMinor: 436,
      currency: "EUR",
      perQuantity: 100,
      unit: "ml",
    });
    const other = read(
      page('<p class="price">8,71 €</p><div>Spar-Abo 7,40 € (3,70 € / 100 ml)</div>', "de"),
    );
    expect(other.unitPrice).toBeUndefined();
  });

  it("from structured data: a UnitPriceSpecification, or the pack's unitPricingMeasure", () => {
    const spec = {
      price: "4.99",
      priceCurrency: "EUR",
      priceSpecification: [
        { "@type": "UnitPriceSpecification", price: 4.99, priceCurrency: "EUR" },
        {
          "@type": "UnitPriceSpecification",
          price: 19.96,
          priceCurrency: "EUR",
          referenceQuantity: { "@type": "QuantitativeValue", value: 100, unitCode: "GRM" },
        },
      ],
    };
    expect(read(page("<p>(9,99 € / kg)</p>", "de", jsonLd(spec))).unitPrice).toEqual({
      amountMinor: 1996,
      currency: "EUR",
      perQuantity: 100,
      unit: "g",
    });
    const measure = {
      price: "3.00",
      priceCurrency: "EUR",
      unitPricingMeasure: { value: 750, unitCode: "MLT" },
      unitPricingBaseMeasure: { value: 1, unitCode: "LTR" },
    };
    expect(read(page("", "de", jsonLd(measure))).unitPrice).toEqual({
      amountMinor: 400,
      currency: "EUR",
      perQuantity: 1,
      unit: "l",
    });
  });

  it("one after the other: a unit price after the price's shipping, shipping after the unit price", () => {
    const one = read(
      page(
        '<p class="price">$24.99</p><p>+ $4.99 shipping</p><p>($0.42 / 100 g)</p><p>Free shipping on orders over $35</p>',
      ),
    );
    expect(one.shipping).toEqual({ costMinor: 499, freeAboveMinor: 3500, currency: "USD" });
    expect(one.unitPrice).toEqual({
      amountMinor: 42,
      currency: "USD",
      perQuantity: 100,
      unit: "g",
    });
    const other = read(
      page('<p class="price">11,98 €</p><p>(23,96 € / kg)</p><p>Versand: 4,95 €</p>', "de"),
    );
    expect(other.shipping).toEqual({ costMinor: 495, currency: "EUR" });
    expect(other.unitPrice?.amountMinor).toBe(2396);
    const free = read(
      page('<p class="price">$8.99</p><p>($0.90 / 100 g)</p><p>+ FREE Shipping</p>'),
    );
    expect(free.shipping).toEqual({ costMinor: 0, currency: "USD" });
    expect(free.unitPrice?.amountMinor).toBe(90);
  });

  it("no unit price without a unit, and none from a price of one piece", () => {
    expect(read(page("<p class=price>$3.99</p><p>$0.25 / pack</p>")).unitPrice).toBeUndefined();
    expect(read(page("<p class=price>$3.99 / each</p>")).unitPrice).toBeUndefined();
    expect(read(page("<p class=price>$3.99</p>")).unitPrice).toBeUndefined();
  });
});
