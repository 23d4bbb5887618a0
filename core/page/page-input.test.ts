import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeInPieces } from "./page-input.ts";

const CHARSETS = [
  "utf-8",
  "windows-1252",
  "iso-8859-2",
  "koi8-r",
  "utf-16le",
  "utf-16be",
  "shift_jis",
  "gb18030",
  "euc-jp",
];

describe("decodeInPieces", () => {
  it("gives, joined, what decoding the bytes at once gives, in any charset and piece size", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(...CHARSETS),
        fc.integer({ min: 1, max: 64 }),
        (bytes, charset, pieceBytes) => {
          const pieces = decodeInPieces(bytes, charset, pieceBytes);
          expect(pieces.join("")).toBe(new TextDecoder(charset).decode(bytes));
          expect(pieces.every((piece) => piece !== "")).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("decodes a multi-byte legacy charset whole: Node's streaming decoder may throw on it", () => {
    // gb18030 in pieces of one byte threw "The encoded data was not valid" on these bytes.
    const bytes = Uint8Array.from([129, 48, 0]);
    expect(decodeInPieces(bytes, "gb18030", 1)).toEqual([new TextDecoder("gb18030").decode(bytes)]);
  });

  it("keeps a character whose bytes a piece's end cuts, and drops a byte-order mark once", () => {
    const bytes = new TextEncoder().encode("\uFEFF€ 19,99 😀 日本");
    for (let size = 1; size <= 4; size++) {
      expect(decodeInPieces(bytes, "utf-8", size).join("")).toBe("€ 19,99 😀 日本");
    }
  });

  it("cuts a long page into pieces of at most 32 768 characters", () => {
    const page = `<p>${"é".repeat(100_000)}</p>`;
    const pieces = decodeInPieces(new TextEncoder().encode(page), "utf-8");
    expect(pieces.join("")).toBe(page);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(32_768);
  });
});
