import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusDir, htmlFilesUnder, repoRoot } from "../../../tests/helpers/fixtures.ts";
import { EncodedPage } from "../page-input.ts";
import { classifyChallenge, classifyChallengeByEveryRule } from "./index.ts";

/**
 * `classifyChallenge` skips every rule whose marker word or ASCII pattern is not on the page,
 * looked for in bytes without decoding them. That may not change an answer: on every saved page
 * and on random markup made of the rules' own words (as text, UTF-8 and windows-1252 bytes), it
 * answers as the same rules run in full on the text.
 */

const STATUSES = [200, 403, 503] as const;
const HEADER_SETS = [{}, { "x-datadome": "protected" }, { "cf-mitigated": "challenge" }] as const;

/** A page given as bytes is read as the text of its first 400 000 bytes. */
const READ_LENGTH = 400_000;

function expectSameAnswers(html: string): void {
  const utf8 = new EncodedPage(new TextEncoder().encode(html), "utf-8");
  const utf8Read = new TextDecoder().decode(utf8.bytes.subarray(0, READ_LENGTH));
  const isLatin = [...html].every((char) => char.charCodeAt(0) <= 0xff);
  const latin = new EncodedPage(Buffer.from(html, "latin1"), "windows-1252");
  for (const status of STATUSES) {
    for (const headers of HEADER_SETS) {
      const why = `HTTP ${status} ${JSON.stringify(headers)}`;
      expect(classifyChallenge(status, headers, html), `text, ${why}`).toEqual(
        classifyChallengeByEveryRule(status, headers, html),
      );
      expect(classifyChallenge(status, headers, utf8), `UTF-8 bytes, ${why}`).toEqual(
        classifyChallengeByEveryRule(status, headers, utf8Read),
      );
      if (isLatin) {
        const latinRead = new TextDecoder("windows-1252").decode(
          latin.bytes.subarray(0, READ_LENGTH),
        );
        expect(classifyChallenge(status, headers, latin), `windows-1252 bytes, ${why}`).toEqual(
          classifyChallengeByEveryRule(status, headers, latinRead),
        );
      }
    }
  }
}

/** The rules' words and phrases in several spellings, tags, entities and non-ASCII text. */
const fragment = fc.constantFrom(
  "<title>",
  "</title>",
  "<TITLE lang=en>",
  "Just a moment...",
  "just a  moment",
  "Attention Required! | Cloudflare",
  "Amazon.com",
  "Robot Check",
  "Robot or human?",
  "Access Denied",
  "access\u00a0denied",
  "<script>window._cf_chl_opt={}</script>",
  '<div class="cf-wrapper">',
  '<div id="cf-error-details">',
  "You have been blocked",
  '<form action="/errors/validateCaptcha">',
  "Enter the characters you see below",
  "To discuss automated access to Amazon data",
  "AUTOMATED",
  "HuMaN",
  '<div id="px-captcha">',
  '<script src="https://captcha.px-cdn.net/x.js"></script>',
  "Press &amp; Hold",
  "press & hold",
  "window._pxAppId='PX1';",
  '<script src="https://geo.captcha-delivery.com/c.js"></script>',
  "Incapsula incident ID",
  "Request unsuccessful. Incapsula",
  '<script src="/_Incapsula_Resource?x=1"></script>',
  "<iframe>",
  "Reference&#32;#18.2f3e4b5c.1700000000.abc",
  "You don't have permission to access",
  '<div class="g-recaptcha">',
  '<script src="https://www.google.com/recaptcha/api.js"></script>',
  '<div class="h-captcha"></div>',
  '<div class="cf-turnstile"></div>',
  "Verify you are human",
  "verify you are h&#117;man",
  "are you a robot",
  "unusual traffic",
  "&#117;nusual traffic",
  '<script type="application/ld+json">{"@type": "Product"}</script>',
  "Add to cart",
  "<p>",
  "</p>",
  " ",
  "\n",
  "€ 19,99",
  "価格 ¥1,980",
  "😀",
  "prix à 19,99 ¤ ÿ µ",
  "Ω",
);
const markup = fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join(""));
/** Some pages long enough to count as large, where the size tests matter. */
const padded = fc
  .tuple(markup, fc.constantFrom(0, 3_500), markup)
  .map(([a, pad, b]) => `${a}${"<span>x</span> ".repeat(pad / 15)}${b}`);

describe("the challenge check's fast path answers as every rule run in full", () => {
  it("on every saved page, as text and as UTF-8 bytes", () => {
    const corpus = corpusDir();
    const files = [
      ...htmlFilesUnder(resolve(repoRoot, "tests/fixtures")),
      ...(corpus ? htmlFilesUnder(corpus) : []),
    ];
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expectSameAnswers(readFileSync(file, "utf8"));
  });

  it("on random markup made of the rules' words", () => {
    fc.assert(
      fc.property(fc.oneof(markup, padded), (html) => expectSameAnswers(html)),
      { numRuns: 1_500 },
    );
  });

  it("on bytes in other charsets (single-byte, and UTF-16, which is decoded first)", () => {
    const page = readFileSync(
      resolve(repoRoot, "tests/fixtures/challenges/cloudflare-just-a-moment.html"),
      "utf8",
    );
    const latin = new EncodedPage(
      Buffer.from(`${page}<p>Prix : 19,99 €</p>`, "latin1"),
      "windows-1252",
    );
    expect(classifyChallenge(403, {}, latin)).toEqual(
      classifyChallengeByEveryRule(403, {}, latin.text),
    );
    expect(classifyChallenge(403, {}, latin)).toEqual({
      vendor: "cloudflare",
      challenge: "js_challenge",
    });
    const utf16 = new EncodedPage(Buffer.from(page, "utf16le"), "utf-16le");
    expect(classifyChallenge(403, {}, utf16)).toEqual({
      vendor: "cloudflare",
      challenge: "js_challenge",
    });
  });
});
