import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixturePage, repoRoot } from "../../tests/helpers/fixtures.ts";
import { extractProduct } from "./extract-product.ts";
import { ExtractResult } from "./types.ts";

/**
 * Random, truncated and hostile HTML: extraction never throws and always returns a valid result.
 * Hostile inputs also get a generous wall-clock bound: a hang guard, not a speed target (speed
 * is measured in bench/extract).
 */
const HANG_GUARD_MS = 15_000;

const fragment = fc.oneof(
  fc.constantFrom(
    "<div>",
    "</div>",
    '<span class="price">',
    "</span>",
    "<p>",
    "<li>",
    "<del>",
    "</del>",
    "<h1>",
    "</h1>",
    "<nav>",
    '<script type="application/ld+json">',
    "</script>",
    "<script>",
    "<!--",
    "-->",
    '<meta property="og:price:amount" content="12,99">',
    '<meta property="og:price:currency" content="EUR">',
    '<div itemscope itemtype="https://schema.org/Product">',
    '<span itemprop="price" content="9.99">',
    '{"@type":"Product","offers":{"price":',
    '"19.99","priceCurrency":"USD"}}',
    "$1,234.56",
    "1.234,56 €",
    "¥1,234",
    "CHF 1'234.50",
    "<![CDATA[",
    "]]>",
    "&nbsp;",
    "&#x20AC;",
    "&amp;",
    "<",
    ">",
    '"',
    "'",
    '<input type="hidden" id="twister-plus-price-data-price" value="12.48">',
    '<div id="corePriceDisplay_desktop_feature_div">',
    '<span class="a-offscreen">',
    '<script type="application/json" data-product-json>{"variants":[{"id":1,"price":1299}]}',
  ),
  fc.string({ maxLength: 30 }),
);

function check(html: string, url: string): void {
  const result = extractProduct(html, url);
  const parsed = ExtractResult.safeParse(result);
  expect(parsed.success).toBe(true);
  if (result.price) expect(Number.isInteger(result.price.amountMinor)).toBe(true);
}

describe("extractProduct on random and broken HTML", () => {
  it("random tag soup never throws", () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 80 }),
        fc.constantFrom(
          "https://www.amazon.com/dp/X",
          "https://shop.example.de/p?variant=1",
          "nonsense",
          "",
        ),
        (parts, url) => check(parts.join(""), url),
      ),
      { numRuns: 400 },
    );
  });

  it("every fixture page cut at random points never throws", () => {
    const pages = readdirSync(resolve(repoRoot, "tests/fixtures/pages"))
      .filter((f) => f.endsWith(".html"))
      .map((f) => fixturePage(f.replace(/\.html$/, "")));
    fc.assert(
      fc.property(
        fc.constantFrom(...pages),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (html, cut) =>
          check(html.slice(0, Math.floor(html.length * cut)), "https://www.example.com/p/1"),
      ),
      { numRuns: 300 },
    );
  });

  const hostile: [string, () => string][] = [
    ["100k nested tags", () => `${"<div>".repeat(100_000)}$1.00${"</div>".repeat(100_000)}`],
    [
      "100k nested price spans, never closed",
      () => `${'<span class="price">'.repeat(100_000)}$1.00`,
    ],
    [
      // Each break went to every open element in turn: minutes before the text log.
      "20k nested elements around a price, then 20k alternating break marks",
      () =>
        `${"<span>".repeat(20_000)}$1.00${"<br><sup></sup>".repeat(10_000)}${"</span>".repeat(20_000)}`,
    ],
    [
      // Text walked every open element down to the ones that keep records: quadratic.
      "100k nested price-named elements, each with its own text",
      () => '<span class="price">$1'.repeat(100_000),
    ],
    [
      "100k nested title- and stock-named elements, each with its own text",
      () => '<div class="product-title">x<div class="stock">y'.repeat(50_000),
    ],
    [
      "100k mismatched closing tags",
      () => `${"<div><p>".repeat(50_000)}${"</span></li>".repeat(100_000)}`,
    ],
    [
      "a megabyte-long attribute",
      () => `<div class="price" data-x="${"a".repeat(1_000_000)}">$5</div>`,
    ],
    [
      "a 10 MB page",
      () =>
        `<html><body>${'<div class="item"><span class="price">$12.99</span><p>Lorem ipsum</p></div>'.repeat(140_000)}</body></html>`,
    ],
    [
      "10 MB of JSON-LD offers",
      () =>
        `<script type="application/ld+json">{"@type":"Product","offers":[${'{"@type":"Offer","price":"1.00"},'.repeat(300_000)}]}</script>`,
    ],
    [
      "deeply nested JSON",
      () =>
        `<script type="application/ld+json">${"[".repeat(100_000)}${"]".repeat(100_000)}</script>`,
    ],
  ];
  it.each(hostile)("%s: a result, within the hang guard", (_name, make) => {
    const html = make();
    const started = performance.now();
    check(html, "https://www.amazon.com/dp/B000");
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});
