import { describe, expect, it } from "vitest";
import { pageTextLength, pageTextPrefix, wholePageText } from "./page-text.ts";

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
