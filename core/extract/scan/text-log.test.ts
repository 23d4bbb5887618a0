import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseSpaces } from "./chars.ts";
import { scanHtml } from "./index.ts";
import { westernDigits } from "./text-log.ts";

describe("collapseSpaces", () => {
  it("is text.replace(/\\s+/g, ' ') for any text", () => {
    const char = fc.constantFrom(
      " ",
      "  ",
      "\n",
      "\t",
      "\r",
      "\f",
      "\v",
      "\u00a0",
      "\u2003",
      "\u3000",
      "a",
      "€",
      "1",
      ",",
    );
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }).map((c) => c.join("")),
        (text) => {
          expect(collapseSpaces(text)).toBe(text.replace(/\s+/g, " "));
        },
      ),
      { numRuns: 3_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), (text) => {
        expect(collapseSpaces(text)).toBe(text.replace(/\s+/g, " "));
      }),
    );
  });
});

describe("an element's short text (the page's text log)", () => {
  const priceTexts = (html: string) => scanHtml(html).priceTexts.map((p) => [p.tag, p.text]);

  it("starts at the element's first text: a break before it is not part of it", () => {
    expect(priceTexts("<div><br><span>$19</span><br><sup>99</sup></div>")).toEqual([
      ["span", "$19"],
      ["div", "$19\n\uE00099"],
    ]);
  });

  it("holds one break mark where several breaks meet", () => {
    expect(priceTexts("<div>Price<p></p><br><p>$5</p></div>")).toEqual([
      ["p", "$5"],
      ["div", "Price\n$5"],
    ]);
  });

  it("is long past 140 characters of text; break marks after the last text do not count", () => {
    const text = `${"a".repeat(136)} $9`;
    expect(priceTexts(`<div>${text}${"<br><sup></sup>".repeat(20)}</div>`)).toHaveLength(1);
    expect(priceTexts(`<div>${text}!!!</div>`)).toEqual([]);
  });
});

describe("an element's classes and token attributes", () => {
  const struckTexts = (html: string) =>
    scanHtml(html)
      .priceTexts.filter((p) => p.isStruckClass)
      .map((p) => p.text);

  it("say the same of every element that repeats them, and past the texts a page may keep", () => {
    // 20 001 distinct classes fill what a page remembers; the price after them is still read.
    const filler = Array.from({ length: 20_001 }, (_, i) => `<i class="c${i}"></i>`).join("");
    const block = '<span class="price-was">€ 30</span><span class="price">€ 20</span>';
    const html = `<div>${block}${block}</div>${filler}<div>${block}</div>`;
    expect(struckTexts(html)).toEqual(["€ 30", "€ 30", "€ 30"]);
    const scan = scanHtml(html);
    // A class list too long to be remembered is read each time.
    const long = `<s class="x"></s><span class="was-price ${"y".repeat(300)}">€ 40</span>`;
    expect(struckTexts(`<p>${long}</p><p>${long}</p>`)).toEqual(["€ 40", "€ 40"]);
    expect(scan.priceTexts.filter((p) => p.tokens.includes(".price")).map((p) => p.text)).toEqual([
      "€ 30",
      "€ 20",
      "€ 30",
      "€ 20",
      "€ 30",
      "€ 20",
    ]);
  });
});

describe("a price text's surroundings", () => {
  const priceText = (html: string) => scanHtml(html).priceTexts.find((t) => t.tag === "span");

  it("are its own tokens and those of the element it sits in, then two more out", () => {
    const text = priceText(
      `<body><div class="g2"><div class="g1"><div class="product-price" itemprop="price"><span>€ 19,99</span></div></div></div></body>`,
    );
    expect(text?.tokens).toBe(" .product-price [itemprop=price] .g1 .g2");
    expect(text?.prop).toBe("price");
  });

  it("make a bare number a price text when the element it sits in is named for a price", () => {
    const text = priceText(
      `<body><div class="g"><div class="price"><span>19,99</span></div></div></body>`,
    );
    expect(text?.text).toBe("19,99");
  });
});

describe("westernDigits", () => {
  it("reads Arabic-Indic and Persian digits and the Arabic marks as the digits every test knows", () => {
    expect(westernDigits("١٬٢٥٠٫٠٠ ر.س")).toBe("1,250.00 ر.س");
    expect(westernDigits("۱۲۳٪")).toBe("123%");
    const plain = "$1,299.00";
    expect(westernDigits(plain)).toBe(plain);
  });
});
