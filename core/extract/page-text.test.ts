import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import { inPieces, pageTextLength, pageTextPrefix, wholePageText } from "./page-text.ts";
import { budgetOf, OverBudget } from "./read-budget.ts";

describe("a page's text in pieces", () => {
  it("is measured, joined and cut as the same page in one string", () => {
    const pieces = ["<p>ab", "", "cd</p>", "ef"];
    expect(pageTextLength(pieces)).toBe(13);
    expect(pageTextLength("<p>ab")).toBe(5);
    expect(wholePageText(pieces)).toBe("<p>abcd</p>ef");
    expect(wholePageText(pageTextPrefix(pieces, 7))).toBe("<p>abcd");
    expect(pageTextPrefix(pieces, 5)).toEqual(["<p>ab"]);
    expect(wholePageText(pageTextPrefix(pieces, 100))).toBe("<p>abcd</p>ef");
    expect(pageTextPrefix("<p>abcd", 3)).toBe("<p>");
  });
});

describe("inPieces", () => {
  it("cuts long text into pieces of at most the size asked, never inside a surrogate pair", () => {
    expect(inPieces("abcdefg", 3)).toEqual(["abc", "def", "g"]);
    expect(inPieces(["ab", "", "cdefgh"], 3)).toEqual(["ab", "cde", "fgh"]);
    // "😀" is two UTF-16 units: the cut moves before it rather than split it.
    expect(inPieces("ab😀cd", 3)).toEqual(["ab", "😀c", "d"]);
    expect(inPieces("", 3)).toEqual([]);
    const long = "<p>€ 12,90</p>".repeat(5_000);
    expect(inPieces(long).every((piece) => piece.length <= 32_768)).toBe(true);
    expect(inPieces(long).join("")).toBe(long);
  });

  it("gives a page read as the page in one string", () => {
    const filler = "<div class='note'>Lieferung in 2–3 Tagen. 😀 </div>\n".repeat(2_000);
    const page = `<html><head><title>Kanne</title></head><body>${filler}<h1>Kanne</h1>
      <span class="price">24,90 €</span><button>In den Warenkorb</button></body></html>`;
    const url = "https://shop.example.de/kanne";
    expect(inPieces(page, 1_000).length).toBeGreaterThan(50);
    expect(extractProduct(inPieces(page, 1_000), url)).toEqual(extractProduct(page, url));
  });
});

describe("a time budget", () => {
  const page = `<h1>Kettle</h1><p class="price">$24.90</p><button>Add to cart</button>${"<div>Note</div>".repeat(5_000)}`;

  it("stops extraction between two pieces once spent, and is not taken for a failed page", () => {
    let clock = 0;
    const budget = budgetOf(10, () => clock);
    const pieces = inPieces(page, 1_000);
    let checks = 0;
    const counting = {
      isSpent: () => {
        checks++;
        clock += 1;
        return budget.isSpent();
      },
    };
    expect(() => extractProduct(pieces, "https://shop.example/kettle", {}, counting)).toThrow(
      OverBudget,
    );
    // Checked once per piece: spent at the tenth.
    expect(checks).toBe(10);
  });

  it("lets a page read within it be read as without one", () => {
    const url = "https://shop.example/kettle";
    const read = extractProduct(inPieces(page, 1_000), url, {}, budgetOf(60_000));
    expect(read).toEqual(extractProduct(page, url));
    expect(read.price).toEqual({ amountMinor: 2490, currency: "USD" });
  });
});
