import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alternation, entriesOf, OTHER_AMOUNT_CONCEPTS, sourceOf } from "./patterns.ts";
import { prefixTreeAlternation } from "./prefix-tree.ts";
import { CLASS_NAMES, type Entry, p, VISIBLE_WORDS } from "./words.ts";

const asWritten = (word: string): string => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const tree = (entries: readonly Entry[], flags: string) =>
  new RegExp(prefixTreeAlternation(entries, asWritten, sourceOf), flags);
const plain = (entries: readonly Entry[], flags: string) => new RegExp(alternation(entries), flags);

describe("prefixTreeAlternation", () => {
  it("writes shared starts once", () => {
    expect(
      prefixTreeAlternation(["price", "preis", "prix", "bag", "bags"], asWritten, sourceOf),
    ).toBe("(?:(?:pr(?:i(?:ce|x)|eis)|bag))");
  });

  it("joins a pattern to the tree by its plain start, each of its alternatives", () => {
    const entries = [
      "price",
      p(/pay(?:ment)?s? of/, "payments of"),
      p(/\bship|\d\s*months?\b/, "3 months"),
      p(/\d\s*mois\b/, "3 mois"),
      p(/\d+ bids?/, "3 bids"),
      p(/pri(?:x|s)/, "prix"),
    ];
    expect(prefixTreeAlternation(entries, asWritten, sourceOf)).toBe(
      "(?:(?:p(?:ri(?:ce|(?:x|s))|ay(?:ment)?s? of)|\\bship|\\d(?:\\s*months?\\b|\\s*mois\\b|\\d* bids?)))",
    );
  });

  it("moves a lookbehind first after the plain start that follows it", () => {
    const entries = [
      p(/(?<!non-?)member(?: price| pay)/, "member price"),
      p(/(?<!non-?)members(?![a-z])/, "members"),
      p(/(?<=a(?:b|c))\d+ x/, "ab3 x"),
      p(/(?<![a-z])(?:rrp)/, "rrp"),
    ];
    expect(prefixTreeAlternation(entries, asWritten, sourceOf)).toBe(
      "(?:(?:member(?:s(?<!(?:non-?)members)(?![a-z])|(?<!(?:non-?)member)(?: price| pay))|\\d(?<=(?:a(?:b|c))\\d)\\d* x)|(?<![a-z])(?:rrp))",
    );
    const text = fc
      .array(
        fc.constantFrom(
          "non",
          "-",
          "member",
          "s",
          " price",
          " pay",
          "M",
          "x",
          "ab",
          "ac",
          "3",
          " x",
        ),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join(""));
    for (const flags of ["i", ""]) {
      const a = tree(entries, flags);
      const b = plain(entries, flags);
      fc.assert(
        fc.property(text, (t) => {
          expect(a.test(t)).toBe(b.test(t));
        }),
        { numRuns: 5_000 },
      );
    }
  });

  it("tests every text as the plain alternation does, on the vocabulary's lists", () => {
    const lists = [
      entriesOf(...Object.values(CLASS_NAMES)),
      entriesOf(VISIBLE_WORDS.soldOut),
      entriesOf(VISIBLE_WORDS.elsewhereHeading),
      entriesOf(...OTHER_AMOUNT_CONCEPTS.map((concept) => VISIBLE_WORDS[concept])),
      entriesOf(VISIBLE_WORDS.shipping, VISIBLE_WORDS.shippingCondition),
    ];
    for (const entries of lists) {
      const words = entries.map((e) => (typeof e === "string" ? e : e.example));
      // Texts made of pieces of the words (cut, joined, in other cases) and a few other characters.
      const piece = fc.oneof(
        fc
          .constantFrom(...words)
          .chain((w) =>
            fc.tuple(fc.nat(w.length), fc.nat(w.length)).map(([a, b]) => w.slice(a, a + b + 1)),
          ),
        fc.constantFrom(" ", "-", "_", "İ", "K", "x", "1", "non"),
      );
      const text = fc
        .array(fc.tuple(piece, fc.boolean()), { maxLength: 8 })
        .map((parts) => parts.map(([p, upper]) => (upper ? p.toUpperCase() : p)).join(""));
      for (const flags of ["i", ""]) {
        const a = tree(entries, flags);
        const b = plain(entries, flags);
        fc.assert(
          fc.property(text, (t) => {
            expect(a.test(t)).toBe(b.test(t));
          }),
          { numRuns: 3_000 },
        );
      }
    }
  });
});
