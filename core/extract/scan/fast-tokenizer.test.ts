import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusDir, htmlFilesUnder, repoRoot } from "../../../tests/helpers/fixtures.ts";
import { createTokenizer, hasFastPaths } from "./fast-tokenizer.ts";

type Callbacks = Parameters<typeof createTokenizer>[0];

const EVENTS = [
  "onattribdata",
  "onattribentity",
  "onattribend",
  "onattribname",
  "oncdata",
  "onclosetag",
  "oncomment",
  "ondeclaration",
  "onend",
  "onopentagend",
  "onopentagname",
  "onprocessinginstruction",
  "onselfclosingtag",
  "ontext",
  "ontextentity",
] as const;

/** Every event either tokenizer emits, with its arguments, written in 1 to 3 chunks. */
function events(html: string, useFastPaths: boolean, chunks = 1): string[] {
  const seen: string[] = [];
  const callbacks = Object.fromEntries(
    EVENTS.map((name) => [name, (...args: unknown[]) => seen.push(`${name}(${args.join(",")})`)]),
  ) as unknown as Callbacks;
  const tokenizer = createTokenizer(callbacks, useFastPaths);
  const size = Math.ceil(html.length / chunks);
  for (let at = 0; at < html.length; at += size) tokenizer.write(html.slice(at, at + size));
  tokenizer.end();
  return seen;
}

const markup = fc.array(
  fc.oneof(
    fc.constantFrom(
      "<div>",
      "</div>",
      '<p class="a b">',
      "<script>",
      "</script>",
      "</scr",
      "<style>",
      "</style>",
      "<title>",
      "</title>",
      "<textarea>",
      "</textarea>",
      "<!--",
      "-->",
      "<!---->",
      "<![CDATA[",
      "]]>",
      "<!doctype html>",
      "<?xml ?>",
      "&amp;",
      "&nbsp",
      "&#36;",
      "&#x20AC;",
      "&euro;",
      "&",
      "<",
      ">",
      "</",
      "<a href='x&amp;y'>",
      '<img alt="&quot;"/>',
      "<div data-x='{\"a\":1} &lt;'>",
      "<span title=\"a 'b' &amp c\">",
      '<a title="',
      "<b id='",
      '"',
      "'",
      "=",
      "<br/>",
      "<DIV\nID=a\tclass='b'/>",
      "<a href=x data-n>",
      "<input disabled/>",
      "</div >",
      "</ div>",
      "</p\n>",
      "<p/ >",
      "<x-y:z a:b=c>",
      "<b\fid=x\rclass=y>",
      "</i\f>",
      "\n",
      " ",
      "€ 19,99",
      "日本語",
    ),
    fc.string({ maxLength: 6 }),
  ),
  { maxLength: 60 },
);

describe("createTokenizer", () => {
  it("uses the fast paths with the installed htmlparser2 (an upgrade that moves them fails here)", () => {
    expect(hasFastPaths).toBe(true);
  });

  it("emits the stock tokenizer's events for random markup, in one chunk or several", () => {
    fc.assert(
      fc.property(markup, fc.integer({ min: 1, max: 3 }), (parts, chunks) => {
        const html = parts.join("");
        expect(events(html, true, chunks)).toEqual(events(html, false, chunks));
      }),
      { numRuns: 1_500 },
    );
  });

  it("emits the stock tokenizer's events for unterminated scripts, comments and text", () => {
    for (const html of [
      "<script>var a = 1 < 2; if (a) {",
      "<style>a{}</sty",
      "<!-- never closed",
      '<a title="never closed',
      "<b data-x='half &amp",
      "text with no tag & an ampersand",
      "<div>x</div>tail",
      "",
      "&",
      "<",
    ]) {
      expect(events(html, true)).toEqual(events(html, false));
    }
  });

  const corpus = corpusDir();
  const files = [
    ...htmlFilesUnder(resolve(repoRoot, "tests/fixtures")),
    ...(corpus ? htmlFilesUnder(corpus) : []),
  ];
  it(`emits the stock tokenizer's events on ${files.length} saved pages${corpus ? "" : " (shared corpus absent: test fixtures only)"}`, () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const html = readFileSync(file, "utf8");
      expect(events(html, true), file).toEqual(events(html, false));
    }
  });
});
