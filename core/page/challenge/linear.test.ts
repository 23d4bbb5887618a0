import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EncodedPage } from "../page-input.ts";
import { classifyChallenge, classifyChallengeByEveryRule } from "./index.ts";
import { hasProductOgType, titleAt, withoutRawBlocks, withoutTags } from "./page-view.ts";

/**
 * The challenge check runs on the event loop that answers requests, so its scans of a fetched
 * page are linear. Each one here must find what the regex it replaced finds (the regexes are
 * the oracles), and a crafted page must not hold the thread.
 */
const fragment = fc.constantFrom(
  "<",
  ">",
  "<>",
  "</",
  "<title",
  "<TITLE>",
  "<title lang=en>",
  "</title>",
  "</TiTlE>",
  "<script>",
  "<SCRIPT type=x>",
  "</script>",
  "</Script>",
  "<style>",
  "</style>",
  "<noscript>",
  "</noscript>",
  "<template>",
  "</template>",
  "<scripts>",
  "<script-x>",
  'property="og:type"',
  "property='og:type'",
  'PROPERTY="OG:TYPE"',
  'content="product"',
  "content='Product'",
  'content="article"',
  "a",
  " ",
  "\n",
  "x>",
  "İ",
  "é",
);
const markup = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

describe("the challenge check's scans", () => {
  it("find the title the title regex finds", () => {
    fc.assert(
      fc.property(markup, (html) => {
        const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
        const at = titleAt(html);
        expect(at ? html.slice(at.start, at.end) : undefined).toBe(match?.[1]);
        if (match && at) expect(at.end).toBe(match.index + match[0].length - "</title>".length);
      }),
      { numRuns: 5_000 },
    );
  });

  it("drop the raw blocks and the tags the regexes drop", () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(withoutRawBlocks(html)).toBe(
          html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " "),
        );
        expect(withoutTags(html)).toBe(html.replace(/<[^>]+>/g, " "));
      }),
      { numRuns: 5_000 },
    );
  });

  it("see an og:type of product where the regex does", () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(hasProductOgType(html)).toBe(
          /property=["'](og:type)["'][^>]*content=["']product/i.test(html),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  // Each took this thread seconds to minutes before (a page is read up to 400 000 bytes).
  const crafted: [string, string][] = [
    ["unclosed titles", "<title".repeat(66_000)],
    ["titles without a closing tag", "<title>".repeat(57_000)],
    ["og:type without a tag end", 'property="og:type"'.repeat(22_000)],
    ["tags without an end", "<a".repeat(200_000)],
    ["unclosed scripts", "<script>".repeat(50_000)],
  ];
  it.each(crafted)("%s: answered at once, as text and as bytes", (_name, html) => {
    const started = performance.now();
    for (const status of [200, 503]) {
      classifyChallenge(status, {}, html);
      classifyChallenge(status, {}, new EncodedPage(Buffer.from(html), "utf-8"));
      classifyChallengeByEveryRule(status, {}, html);
    }
    // A hang guard, not a timing target: the regexes took 4 s to several minutes here.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
