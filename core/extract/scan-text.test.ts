import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseSpaces } from "./scan-text.ts";

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
