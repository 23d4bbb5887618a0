import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readLatin1View, titleAt } from "./page-view.ts";

/** Marker words, the title's tags and filler, so that piece ends fall inside each of them. */
const fragment = fc.oneof(
  fc.constantFrom(
    "<title>",
    "<TITLE lang=en>",
    "<title",
    "</title>",
    "</TITLE>",
    ">",
    "<",
    "Just a moment...",
    "_cf_chl_opt",
    "window._cf_chl_opt",
    "Automated",
    "human",
    "g-recaptcha",
    "CAPTCHA",
    "Incapsula",
    "turnstile",
    "_pxAppId",
    "_pxUuid",
    "_PXVID",
    "é",
    "€",
    "\n",
  ),
  fc.string({ maxLength: 5 }),
);

describe("readLatin1View", () => {
  it("finds the markers and the title of the view in one string, wherever pieces end", () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (parts, pieceBytes) => {
          const bytes = new TextEncoder().encode(parts.join(""));
          const whole = Buffer.from(bytes).toString("latin1");
          const inOne = readLatin1View(bytes, Math.max(1, bytes.length));
          const inPieces = readLatin1View(bytes, pieceBytes);
          expect(inPieces.markers).toEqual(inOne.markers);
          expect(inPieces.at).toEqual(titleAt(whole));
          expect(inOne.at).toEqual(titleAt(whole));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("finds a marker and a title cut by the end of a 64 KB piece", () => {
    for (const shift of [-9, -5, -1, 0, 3]) {
      const pad = "x".repeat(65_536 + shift);
      const page = `<html>${pad}<title>Just a moment...</title><script>window._cf_chl_opt={}</script>`;
      const bytes = new TextEncoder().encode(page.replace(pad, pad.slice(6)));
      const view = readLatin1View(bytes);
      expect(view.markers).toEqual(new Set(["_cf_chl_opt"]));
      expect(view.at).toEqual(titleAt(Buffer.from(bytes).toString("latin1")));
      expect(view.at).not.toBeUndefined();
    }
  });
});
