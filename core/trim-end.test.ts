import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { trimEnd } from "./trim-end.ts";

describe("trimEnd", () => {
  it("is the end-anchored regex replace, for one character or several", () => {
    const text = fc
      .array(fc.constantFrom("0", "1", "/", ";", ".", ")", "”", " ", "a"), { maxLength: 12 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (value) => {
        expect(trimEnd(value, "0")).toBe(value.replace(/0+$/, ""));
        expect(trimEnd(value, "/")).toBe(value.replace(/\/+$/, ""));
        expect(trimEnd(value, ").”")).toBe(value.replace(/[).”]+$/u, ""));
      }),
      { numRuns: 3_000 },
    );
  });
});
