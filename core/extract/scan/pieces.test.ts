import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusDir, htmlFilesUnder, repoRoot } from "../../../tests/helpers/fixtures.ts";
import { scanHtml } from "./index.ts";

/** The page cut at the given positions (in any order, repeats and out-of-range ones ignored). */
function cutAt(html: string, positions: readonly number[]): string[] {
  const cuts = [...new Set(positions.filter((p) => p > 0 && p < html.length))].sort(
    (a, b) => a - b,
  );
  const pieces: string[] = [];
  let from = 0;
  for (const cut of [...cuts, html.length]) {
    pieces.push(html.slice(from, cut));
    from = cut;
  }
  return pieces;
}

function cutEvery(html: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < html.length; at += size) pieces.push(html.slice(at, at + size));
  return pieces;
}

/** Markup where a cut may fall inside any kind of token: names, values, entities, raw text. */
const markup = fc.array(
  fc.oneof(
    fc.constantFrom(
      "<div>",
      "</div>",
      '<span class="price">',
      '<span class="price-was">',
      "</span>",
      "<del>",
      "</del>",
      "<h1>",
      "</h1>",
      "<title>",
      "</title>",
      "<button>",
      "</button>",
      '<a class="add-to-cart">',
      "</a>",
      "<p>",
      "<li>",
      "<nav>",
      "<script>",
      '<script type="application/ld+json">',
      "</script>",
      "</scr",
      "<style>",
      "</style>",
      "<!--",
      "-->",
      "<![CDATA[",
      "]]>",
      "<!doctype html>",
      '<meta property="og:price:amount" content="12,99">',
      '<div itemscope itemtype="https://schema.org/Product">',
      '<span itemprop="price" content="9.99">',
      '<div data-price="1299" data-testid="buy-box">',
      '<input type="hidden" name="qty" value="1">',
      '<a title="x &amp; y">',
      "<div data-x='{\"a\":1} &lt;'>",
      '{"@type":"Product","offers":{"price":"19.99","priceCurrency":"USD"}}',
      "Sold out",
      "Add to cart",
      "$1,234.56",
      "1.234,56 €",
      "&nbsp;",
      "&#x20AC;",
      "&#36;",
      "&amp;",
      "&euro;",
      "&",
      "<",
      ">",
      "</",
      '"',
      "'",
      "=",
      "\n",
      " ",
      "日本語",
    ),
    fc.string({ maxLength: 8 }),
  ),
  { maxLength: 80 },
);

describe("scanHtml of a page in pieces", () => {
  it("keeps what the page in one string keeps, wherever the cuts fall (random markup)", () => {
    fc.assert(
      fc.property(
        markup,
        fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 40 }),
        (parts, positions) => {
          const html = parts.join("");
          expect(scanHtml(cutAt(html, positions))).toEqual(scanHtml(html));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("keeps the same with a cut between every two characters", () => {
    fc.assert(
      fc.property(markup, (parts) => {
        const html = parts.join("");
        expect(scanHtml(cutEvery(html, 1))).toEqual(scanHtml(html));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps an element's text parts the same however its whitespace is split off", () => {
    // Found by the property above (seed -1574394669): read whole, "\n" and "</" came as two
    // texts and the blank one was dropped; in pieces they came as one.
    for (const html of [
      '<span class="price-was">\n</',
      '<span class="price">CHF <!-- -->19.50</span>',
      '<p class="price">a <b>x</b> b</p>',
    ]) {
      expect(scanHtml(cutEvery(html, 1)), html).toEqual(scanHtml(html));
    }
  });

  it("joins a text and an attribute value cut by a piece's end back into one", () => {
    const html = `<p class="price">EUR 1${" ".repeat(50)}9,99</p><a title="${"x".repeat(40)}">Add to cart</a>`;
    for (let cut = 1; cut < html.length; cut++) {
      expect(scanHtml(cutAt(html, [cut, cut + 3])), `cut at ${cut}`).toEqual(scanHtml(html));
    }
  });

  it("reads no pieces as an empty page", () => {
    expect(scanHtml([])).toEqual(scanHtml(""));
    expect(scanHtml(["", ""])).toEqual(scanHtml(""));
  });

  it("finds the page-wide captcha markers across a cut", () => {
    const html = "<html><body><script>var u = '/errors/validateCaptcha';</script></body></html>";
    expect(scanHtml(html).hasCaptcha).toBe(true);
    const at = html.indexOf("Captcha");
    expect(scanHtml(cutAt(html, [at - 3, at + 2])).hasCaptcha).toBe(true);
    expect(scanHtml(cutEvery(html, 1)).hasCaptcha).toBe(true);
  });

  const corpus = corpusDir();
  const files = [
    ...htmlFilesUnder(resolve(repoRoot, "tests/fixtures")),
    ...(corpus ? htmlFilesUnder(corpus) : []),
  ];
  it(`keeps the same on ${files.length} saved pages cut every 32 768 and every 1 021 characters${corpus ? "" : " (shared corpus absent: test fixtures only)"}`, () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const html = readFileSync(file, "utf8");
      const whole = scanHtml(html);
      expect(scanHtml(cutEvery(html, 32_768)), file).toEqual(whole);
      expect(scanHtml(cutEvery(html, 1_021)), file).toEqual(whole);
    }
  });
});
