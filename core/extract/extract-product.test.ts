import { describe, expect, it } from "vitest";
import { fixturePage } from "../../tests/helpers/fixtures.ts";
import { extractProduct } from "./extract-product.ts";
import { ExtractResult } from "./types.ts";

const page = (name: string, url: string) => extractProduct(fixturePage(name), url);

describe("extractProduct: structured data", () => {
  it("reads JSON-LD inside @graph, through HTML comments, trailing commas and semicolons, and picks the URL's variant", () => {
    const result = page(
      "generic-jsonld-graph-variant",
      "https://shop.example.co.uk/p/linen-shirt?variant=104",
    );
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 4900, currency: "GBP" });
    expect(result.availability).toBe("out_of_stock");
    expect(result.brand).toBe("Example");
    expect(result.imageUrl).toBe("https://shop.example.co.uk/img/linen-shirt.jpg");
    const chosen = result.candidates.find((c) => c.key === result.priceKey);
    expect(chosen?.isVariantMatch).toBe(true);
    expect(chosen?.source).toBe("json_ld");
  });

  it("says ambiguous for a product group with different variant prices and no variant in the URL", () => {
    const result = page("generic-jsonld-graph-variant", "https://shop.example.co.uk/p/linen-shirt");
    expect(result.status).toBe("ambiguous");
    expect(result.price).toBeNull();
    expect(new Set(result.candidates.map((c) => c.price.amountMinor))).toEqual(
      new Set([4500, 4900]),
    );
  });

  it("reads microdata inside the product scope, not the related products aside", () => {
    const result = page("generic-microdata", "https://roestwerk.example.de/c40");
    expect(result.price).toEqual({ amountMinor: 124900, currency: "EUR" });
    expect(result.gtin).toBe("4260381460019");
    expect(result.brand).toBe("Comandante");
    expect(result.availability).toBe("in_stock");
    // Every price-looking text is a candidate now; the related product's is not a credible one.
    expect(result.candidates.some((c) => c.price.amountMinor === 1290 && c.confidence >= 0.5)).toBe(
      false,
    );
  });

  it("reads RDFa", () => {
    const result = page("generic-rdfa", "https://fieldnotes.example.com/kraft");
    expect(result.price).toEqual({ amountMinor: 1495, currency: "USD" });
    expect(result.candidates.find((c) => c.key === result.priceKey)?.source).toBe("rdfa");
  });

  it("reads meta tags with a three-decimal currency", () => {
    const result = page("generic-kwd-meta", "https://oud.example.com.kw/royal");
    expect(result.price).toEqual({ amountMinor: 24500, currency: "KWD" });
    expect(result.availability).toBe("in_stock");
  });

  it("takes the low end of an AggregateOffer range and says it is a range", () => {
    const result = page("generic-price-range", "https://trail.example.ca/socks");
    expect(result.price).toEqual({ amountMinor: 1800, currency: "CAD" });
    expect(result.isPriceRange).toBe(true);
  });

  it("WooCommerce JSON-LD: the priceSpecification without priceType is the price, ListPrice the list price", () => {
    const html = fixturePage("woocommerce-sale").replace(
      /<body[\s\S]*<\/body>/,
      "<body><h1>x</h1></body>",
    );
    const result = extractProduct(html, "https://maisonduthe.example.fr/produit/theiere/");
    expect(result.price).toEqual({ amountMinor: 3990, currency: "EUR" });
    expect(result.listPrice).toEqual({ amountMinor: 4990, currency: "EUR" });
  });
});

describe("extractProduct: a priceSpecification that is not the price", () => {
  const offerPage = (specs: unknown[]) =>
    `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Coffee 1 kg",
      offers: { "@type": "Offer", priceCurrency: "EUR", priceSpecification: specs },
    })}</script></head><body><h1>Coffee 1 kg</h1></body></html>`;
  const item = { "@type": "UnitPriceSpecification", price: "24.90", priceCurrency: "EUR" };

  it("a delivery charge is shipping, never a rival price", () => {
    const r = extractProduct(
      offerPage([
        item,
        { "@type": "DeliveryChargeSpecification", price: "4.95", priceCurrency: "EUR" },
      ]),
      "https://shop.example.de/p/coffee",
    );
    expect(r.status).toBe("ok");
    expect(r.price).toEqual({ amountMinor: 2490, currency: "EUR" });
  });

  it("a price per one kilogram is a unit price; per one piece it is the item's", () => {
    const perKg = {
      "@type": "UnitPriceSpecification",
      price: "12.45",
      priceCurrency: "EUR",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "KGM" },
    };
    const r = extractProduct(offerPage([item, perKg]), "https://shop.example.de/p/coffee");
    expect(r.status).toBe("ok");
    expect(r.price).toEqual({ amountMinor: 2490, currency: "EUR" });
    expect(r.candidates.find((c) => c.price.amountMinor === 1245)?.role).toBe("unit_price");
    const perPiece = { ...perKg, price: "24.90", referenceQuantity: { value: 1, unitCode: "C62" } };
    const alone = extractProduct(offerPage([perPiece]), "https://shop.example.de/p/coffee");
    expect(alone.price).toEqual({ amountMinor: 2490, currency: "EUR" });
  });
});

describe("extractProduct: saying it cannot tell", () => {
  it("two different offers and nothing to choose: ambiguous, with both as candidates with stable keys", () => {
    const result = page("generic-ambiguous-offers", "https://espresso.example.com/bundle");
    expect(result.status).toBe("ambiguous");
    expect(result.price).toBeNull();
    const keys = result.candidates.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    const again = page("generic-ambiguous-offers", "https://espresso.example.com/bundle");
    expect(again.candidates.map((c) => c.key)).toEqual(keys);
  });

  it("uses the user's earlier choice of candidate when it is on the page", () => {
    const first = page("generic-ambiguous-offers", "https://espresso.example.com/bundle");
    const pick = first.candidates.find((c) => c.price.amountMinor === 64900);
    expect(pick).toBeDefined();
    const result = extractProduct(
      fixturePage("generic-ambiguous-offers"),
      "https://espresso.example.com/bundle",
      {
        preferredCandidateKey: pick?.key,
      },
    );
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 64900, currency: "USD" });
    const missing = extractProduct(
      fixturePage("generic-ambiguous-offers"),
      "https://espresso.example.com/bundle",
      {
        preferredCandidateKey: "json_ld:gone",
      },
    );
    expect(missing.status).toBe("ambiguous");
  });

  it("a bare $ with no structured data: USD on a generic domain in English (#34), else its locale or domain", () => {
    const result = page("generic-dollar-unknown", "https://mugs.example.com/mug");
    expect(result.price).toEqual({ amountMinor: 2800, currency: "USD" });
    expect(result.candidates.find((c) => c.key === result.priceKey)?.currencyBasis).toBe("likely");
    const inSpanish = extractProduct(
      fixturePage("generic-dollar-unknown").replace("<html>", '<html lang="es">'),
      "https://mugs.example.com/mug",
    );
    expect(inSpanish.status).toBe("ambiguous");
    expect(inSpanish.price).toBeNull();
    const withLocale = extractProduct(
      fixturePage("generic-dollar-unknown").replace("<html>", '<html lang="en-AU">'),
      "https://mugs.example.com/mug",
    );
    expect(withLocale.price).toEqual({ amountMinor: 2800, currency: "AUD" });
    const withDomain = page("generic-dollar-unknown", "https://mugs.example.ca/mug");
    expect(withDomain.price).toEqual({ amountMinor: 2800, currency: "CAD" });
  });

  it("out of stock with the price dropped: no_price and out_of_stock, not a related product's price", () => {
    const result = page("generic-out-of-stock", "https://lamps.example.com/sconce");
    expect(result.status).toBe("no_price");
    expect(result.price).toBeNull();
    expect(result.availability).toBe("out_of_stock");
    expect(result.title).toBe("Vintage Brass Sconce");
  });

  it("a page with no product signals is not a product (the $0.00 cart and 'over $50' are not prices)", () => {
    const result = page("generic-not-product", "https://tea.example.com/about");
    expect(result.status).toBe("not_product");
    expect(result.price).toBeNull();
  });
});

describe("extractProduct: visible text", () => {
  it("takes the price near the title, not navigation, unit prices, recommendations or the footer", () => {
    const result = page("generic-visible-text", "https://messerladen.example.ch/huntsman");
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 123450, currency: "CHF" });
    const chosen = result.candidates.find((c) => c.key === result.priceKey);
    expect(chosen?.source).toBe("visible_text");
    const credible = result.candidates.filter((c) => c.confidence >= 0.5);
    expect(credible.map((c) => c.price.amountMinor)).toEqual([123450]);
  });
});

describe("extractProduct: output", () => {
  it("matches its schema and names the store", () => {
    const result = page("amazon-de-buybox", "https://www.amazon.de/dp/B09Y2MYL5C");
    expect(ExtractResult.safeParse(result).success).toBe(true);
    expect(result.store).toBe("Amazon");
    expect(result.canonicalUrl).toBe(
      "https://www.amazon.de/Sony-WH-1000XM5-Kopfh%C3%B6rer/dp/B09Y2MYL5C",
    );
    expect(page("generic-microdata", "https://shop.roestwerk.example.de/c40").store).toBe(
      "Example",
    );
  });

  it("never throws on nonsense arguments", () => {
    // @ts-expect-error deliberately wrong types
    expect(extractProduct(null, 42).status).toBe("not_product");
    expect(extractProduct("", "").status).toBe("not_product");
    expect(extractProduct("<html>", "not a url").status).toBe("not_product");
  });
});
