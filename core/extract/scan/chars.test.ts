import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseLines, isSpace, lowerWords, spaceParts } from "./chars.ts";

/** Texts of the characters each walk treats apart, and any other. */
const tricky = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...[" ", "  ", "\n", "\t", "\r", "\f", "\v", "\u00a0", "\u2003", "\u2028", "\u3000"],
        ...["\ufeff", "a", "Z", "é", "É", "ß", "µ", "²", "½", "×", "÷", "ª", "İ", "Σ", "ſ", "K"],
        ...["Ω", "中", "😀", "-", "_", "1", ",", "$", "€"],
      ),
      fc.string({ unit: "grapheme", maxLength: 3 }),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(""));

describe("chars", () => {
  it("isSpace is /\\s/ on every character", () => {
    for (let c = 0; c < 0x10000; c++)
      expect([c, isSpace(c)]).toEqual([c, /\s/.test(String.fromCharCode(c))]);
  });

  it("spaceParts is split(/\\s+/)'s first parts, empty ones left out", () => {
    fc.assert(
      fc.property(tricky, fc.integer({ min: 1, max: 5 }), (text, max) => {
        const parts = text.split(/\s+/).slice(0, max).filter(Boolean);
        expect(spaceParts(text, max)).toEqual(parts);
      }),
      { numRuns: 3_000 },
    );
  });

  it("collapseLines keeps lines as the patterns do", () => {
    const byPattern = (text: string) =>
      text
        .replace(/[ \t\r\f\v\u00A0]*\n[\s\u00A0]*/g, "\n")
        .replace(/[ \t\r\f\v]+/g, " ")
        .trim();
    fc.assert(
      fc.property(tricky, (text) => {
        expect(collapseLines(text)).toBe(byPattern(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it("lowerWords is the lower-case text split on what is no letter nor digit", () => {
    const byPattern = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    fc.assert(
      fc.property(tricky, (text) => {
        expect(lowerWords(text)).toEqual(byPattern(text));
      }),
      { numRuns: 3_000 },
    );
    for (let c = 0; c < 0x100; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      expect(lowerWords(text)).toEqual(byPattern(text));
    }
  });
});
