import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeInPieces } from "./page-input.ts";

const CHARSETS = ["utf-8", "windows-1252", "iso-8859-2", "shift_jis", "gb18030", "utf-16le"];

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
      { numRuns: 1_000 },
    );
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
