import { describe, expect, it } from "vitest";
import { fixturePage } from "../../../tests/helpers/fixtures.ts";
import { extractProduct } from "../extract-product.ts";

/** Each store rule on a page written to look like that store's product page. */
type Case = {
  page: string;
  url: string;
  rule: string;
  price: { amountMinor: number; currency: string } | null;
  listMinor?: number | null;
  status?: string;
  availability?: string;
  title?: RegExp;
};

const cases: Case[] = [
  {
    page: "amazon-de-buybox",
    url: "https://www.amazon.de/dp/B09Y2MYL5C?th=1&psc=1",
    rule: "Amazon",
    price: { amountMinor: 29999, currency: "EUR" },
    listMinor: 41900,
    availability: "in_stock",
    title: /Sony WH-1000XM5/,
  },
  {
    page: "amazon-jp-buybox",
    url: "https://www.amazon.co.jp/dp/B07XJ8C8F5",
    rule: "Amazon",
    price: { amountMinor: 2480, currency: "JPY" },
    listMinor: 3300,
    availability: "in_stock",
  },
  {
    page: "ebay-item",
    url: "https://www.ebay.com/itm/123456789",
    rule: "eBay",
    price: { amountMinor: 38999, currency: "USD" },
    listMinor: 44999,
  },
  {
    page: "walmart-next-data",
    url: "https://www.walmart.com/ip/Instant-Pot/123",
    rule: "Walmart",
    price: { amountMinor: 7900, currency: "USD" },
    listMinor: 9995,
    availability: "in_stock",
  },
  {
    page: "target-tgt-data",
    url: "https://www.target.com/p/stanley/-/A-86993233",
    rule: "Target",
    price: { amountMinor: 3500, currency: "USD" },
    listMinor: 4500,
  },
  {
    page: "bestbuy-sale",
    url: "https://www.bestbuy.com/site/samsung-65/6535.p",
    rule: "Best Buy",
    price: { amountMinor: 159999, currency: "USD" },
    listMinor: 219999,
  },
  {
    page: "aliexpress-item",
    url: "https://www.aliexpress.com/item/1005004.html",
    rule: "AliExpress",
    price: { amountMinor: 2347, currency: "USD" },
    listMinor: 4694,
  },
  {
    page: "etsy-listing",
    url: "https://www.etsy.com/uk/listing/123/wallet",
    rule: "Etsy",
    price: { amountMinor: 3000, currency: "GBP" },
  },
  {
    page: "ikea-us-product",
    url: "https://www.ikea.com/us/en/p/poang-armchair-00301.html",
    rule: "IKEA",
    price: { amountMinor: 12900, currency: "USD" },
    listMinor: 14900,
  },
  {
    page: "newegg-item",
    url: "https://www.newegg.com/p/N82E16819113793",
    rule: "Newegg",
    price: { amountMinor: 36900, currency: "USD" },
    listMinor: 44900,
    availability: "in_stock",
  },
  {
    page: "homedepot-item",
    url: "https://www.homedepot.com/p/DEWALT/204279858",
    rule: "The Home Depot",
    price: { amountMinor: 9900, currency: "USD" },
    listMinor: 17900,
  },
  {
    page: "zalando-de-product",
    url: "https://www.zalando.de/nike-air-force-1.html",
    rule: "Zalando",
    price: { amountMinor: 11999, currency: "EUR" },
    availability: "in_stock",
  },
  {
    page: "mediamarkt-de-product",
    url: "https://www.mediamarkt.de/de/product/_apple-ipad-air.html",
    rule: "MediaMarkt",
    price: { amountMinor: 59900, currency: "EUR" },
    listMinor: 69900,
  },
  {
    page: "argos-item",
    url: "https://www.argos.co.uk/product/9301409",
    rule: "Argos",
    price: { amountMinor: 7999, currency: "GBP" },
    listMinor: 9999,
  },
  {
    page: "currys-item",
    url: "https://www.currys.co.uk/products/samsung-tab-10255.html",
    rule: "Currys",
    price: { amountMinor: 34900, currency: "GBP" },
    listMinor: 44900,
  },
  {
    page: "shopify-variant",
    url: "https://alpenkaese.example/products/bergkaese-premium?variant=41002",
    rule: "Shopify",
    price: { amountMinor: 2390, currency: "EUR" },
    listMinor: 2590,
    availability: "in_stock",
  },
  {
    page: "woocommerce-sale",
    url: "https://maisonduthe.example.fr/produit/theiere/",
    rule: "WooCommerce",
    price: { amountMinor: 3990, currency: "EUR" },
    listMinor: 4990,
    availability: "in_stock",
  },
  {
    page: "magento-product",
    url: "https://fietsshop.example.nl/fietslamp-led-set.html",
    rule: "Magento",
    price: { amountMinor: 2995, currency: "EUR" },
    listMinor: 3495,
  },
  {
    page: "bigcommerce-product",
    url: "https://outdoorco.example.com.au/merino-beanie/",
    rule: "BigCommerce",
    price: { amountMinor: 3995, currency: "AUD" },
    listMinor: 4995,
  },
  {
    page: "amazon-us-unavailable",
    url: "https://www.amazon.com/dp/B075SDMMMV",
    rule: "Amazon",
    price: null,
    status: "no_price",
    availability: "out_of_stock",
  },
];

describe("store rules on saved-page look-alikes", () => {
  it.each(cases)("$page → $rule", (c) => {
    const result = extractProduct(fixturePage(c.page), c.url);
    expect(result.rule).toBe(c.rule);
    expect(result.status).toBe(c.status ?? "ok");
    expect(result.price).toEqual(c.price);
    if (c.listMinor !== undefined) expect(result.listPrice?.amountMinor ?? null).toBe(c.listMinor);
    if (c.availability) expect(result.availability).toBe(c.availability);
    if (c.title) expect(result.title).toMatch(c.title);
    if (c.price) {
      const chosen = result.candidates.find((k) => k.key === result.priceKey);
      expect(chosen?.price).toEqual(c.price);
    }
  });

  it("Amazon: ignores other sellers, carousels and the unit price", () => {
    const result = extractProduct(
      fixturePage("amazon-de-buybox"),
      "https://www.amazon.de/dp/B09Y2MYL5C",
    );
    const amounts = result.candidates
      .filter((c) => c.role === "price" && c.source === "store_rule")
      .map((c) => c.price.amountMinor);
    expect(new Set(amounts)).toEqual(new Set([29999]));
    expect(
      result.candidates.some(
        (c) => c.price.amountMinor === 27900 && c.role === "price" && c.confidence > 0.5,
      ),
    ).toBe(false);
  });

  it("Amazon: the price to pay is read from its own element, also when styled a-text-price (JP)", () => {
    for (const [page, url] of [
      ["amazon-jp-buybox", "https://www.amazon.co.jp/dp/B07XJ8C8F5"],
      ["amazon-de-buybox", "https://www.amazon.de/dp/B09Y2MYL5C"],
    ] as const) {
      const result = extractProduct(fixturePage(page), url);
      const chosen = result.candidates.find((c) => c.key === result.priceKey);
      expect(chosen?.path).toMatch(/span\.a-offscreen$/);
      expect(chosen?.confidence).toBe(0.95);
      expect(chosen?.currencyBasis).toBe("symbol");
    }
  });

  it("Amazon: a robot-check page is not a product", () => {
    const result = extractProduct(
      fixturePage("amazon-us-captcha"),
      "https://www.amazon.com/dp/B075SDMMMV",
    );
    expect(result.status).toBe("not_product");
    expect(result.price).toBeNull();
    expect(result.availability).toBe("unknown");
  });

  it("store rules are keyed by domain: the Amazon page on another domain is not read as Amazon", () => {
    const result = extractProduct(
      fixturePage("amazon-de-buybox"),
      "https://shop.example.de/kopfhoerer",
    );
    expect(result.rule).toBeNull();
  });

  it("Shopify: without ?variant= the first available variant is taken and flagged as a from-price", () => {
    const result = extractProduct(
      fixturePage("shopify-variant"),
      "https://alpenkaese.example/products/bergkaese-premium",
    );
    expect(result.price).toEqual({ amountMinor: 1290, currency: "EUR" });
    expect(result.isPriceRange).toBe(true);
    const soldOut = extractProduct(
      fixturePage("shopify-variant"),
      "https://alpenkaese.example/products/bergkaese-premium?variant=41003",
    );
    expect(soldOut.price).toEqual({ amountMinor: 4490, currency: "EUR" });
    expect(soldOut.availability).toBe("out_of_stock");
  });

  it("Etsy: without the buy box, the embedded {amount, divisor} money is read in minor units", () => {
    const html = fixturePage("etsy-listing").replace(
      /<div data-buy-box>[\s\S]*?<\/form>\s*<\/div>/,
      "",
    );
    const result = extractProduct(html, "https://www.etsy.com/uk/listing/123/wallet");
    expect(result.price).toEqual({ amountMinor: 3000, currency: "GBP" });
    expect(result.candidates.find((c) => c.key === result.priceKey)?.source).toBe("app_state");
  });

  it("Etsy: the buy-box price wins over a disagreeing JSON-LD amount, which stays a candidate", () => {
    const result = extractProduct(
      fixturePage("etsy-listing"),
      "https://www.etsy.com/uk/listing/123/wallet",
    );
    expect(
      result.candidates.some((c) => c.source === "json_ld" && c.price.amountMinor === 2500),
    ).toBe(true);
    expect(result.notes.join(" ")).toMatch(/disagrees/);
  });
});
