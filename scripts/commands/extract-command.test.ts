import { describe, expect, it } from "vitest";
import { fixturePage } from "../../tests/helpers/fixtures.ts";
import { accuracyReport, extractFile, scoreRow } from "./extract-command.ts";

describe("cli extract", () => {
  it("prints the extraction plus file, with a decimal amount next to minor units", () => {
    const line = extractFile(
      "shopify.html",
      fixturePage("shopify-variant"),
      "https://alpenkaese.example/products/bergkaese-premium?variant=41002",
    );
    const json = JSON.parse(JSON.stringify(line));
    expect(json.file).toBe("shopify.html");
    expect(json.status).toBe("ok");
    expect(json.price).toEqual({ amountMinor: 2390, amount: "23.90", currency: "EUR" });
    expect(json.listPrice).toEqual({ amountMinor: 2590, amount: "25.90", currency: "EUR" });
    for (const key of [
      "title",
      "imageUrl",
      "availability",
      "brand",
      "sku",
      "gtin",
      "canonicalUrl",
      "store",
      "candidates",
    ]) {
      expect(json).toHaveProperty(key);
    }
    expect(json.candidates[0]).toMatchObject({
      key: expect.any(String),
      source: expect.any(String),
      path: expect.any(String),
      confidence: expect.any(Number),
    });
  });

  it("JPY and KWD amounts keep their own decimals", () => {
    const jp = extractFile(
      "jp.html",
      fixturePage("amazon-jp-buybox"),
      "https://www.amazon.co.jp/dp/B07X",
    );
    expect(jp.price).toEqual({ amountMinor: 2480, amount: "2480", currency: "JPY" });
    const kw = extractFile(
      "kw.html",
      fixturePage("generic-kwd-meta"),
      "https://oud.example.com.kw/royal",
    );
    expect(kw.price).toEqual({ amountMinor: 24500, amount: "24.500", currency: "KWD" });
  });

  it("scores a manifest: exact price and currency, by store, with misses", () => {
    const line = extractFile(
      "a.html",
      fixturePage("argos-item"),
      "https://www.argos.co.uk/product/1",
    );
    const hit = scoreRow(
      {
        path: "a.html",
        url: "https://www.argos.co.uk/product/1",
        price: "79.99",
        currency: "GBP",
        store: "argos",
      },
      line,
    );
    const miss = scoreRow(
      {
        path: "a.html",
        url: "https://www.argos.co.uk/product/1",
        price: "79.99",
        currency: "EUR",
        store: "argos",
      },
      line,
    );
    const report = accuracyReport([hit, miss]);
    expect(report).toMatchObject({
      pages: 2,
      correct: 1,
      accuracy: 0.5,
      byStore: { argos: { pages: 2, correct: 1 } },
    });
    expect(report.misses).toEqual([
      expect.objectContaining({ expected: "79.99 EUR", got: "79.99 GBP" }),
    ]);
  });
});
