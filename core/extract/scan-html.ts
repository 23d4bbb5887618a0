import type { Tokenizer } from "htmlparser2";
import { createTokenizer } from "./fast-tokenizer.ts";
import { Attrs, keepAttr } from "./scan-attrs.ts";
import { attrNameAt, nameOfTag, type TagName, tagNameAt } from "./scan-names.ts";
import { openTag } from "./scan-open.ts";
import { createScanState, type ScanState, toPageScan } from "./scan-state.ts";
import { appendText, closeFrame, closeTo } from "./scan-text.ts";
import type { PageScan } from "./scan-types.ts";
import { CAPTCHA } from "./scan-words.ts";

export type {
  BuyControl,
  ElementRecord,
  PageScan,
  PriceText,
  ScriptBlock,
} from "./scan-types.ts";

/**
 * One linear pass over the HTML (htmlparser2's tokenizer, with our own bounded tree stack:
 * the full Parser is quadratic on deeply nested input) that keeps only what extraction reads:
 * structured-data blocks, meta tags, microdata/RDFa properties, embedded app state, the text
 * of price-like, stock-like and title elements with their ancestry, every short visible text
 * that looks like a price, and the buy controls. Stages: scan-open.ts (an element starts),
 * scan-text.ts (text and an element's end), scan-state.ts (what is kept).
 */
export function scanHtml(html: string): PageScan {
  const s = createScanState(html);
  const tokenizer = createTokenizer(tokenHandlers(s));
  tokenizer.write(html);
  tokenizer.end();
  while (s.stack.length > 1) closeFrame(s);
  if (s.h1 === null && s.h1Text) s.h1 = s.h1Text.replace(/\s+/g, " ").trim();
  if (s.title === null && s.titleParts.length > 0)
    s.title = s.titleParts.join("").replace(/\s+/g, " ").trim();
  const head = `${s.title ?? ""} ${s.h1 ?? ""}`;
  const hasCaptcha =
    CAPTCHA.test(head) ||
    /validateCaptcha|captcha-delivery|cf-challenge|challenge-platform|px-captcha/.test(
      html.length > 300_000 ? "" : html,
    );
  return toPageScan(s, hasCaptcha);
}

/** The tokenizer's callbacks: collect a tag's name and kept attributes, then hand over. */
function tokenHandlers(s: ScanState): ConstructorParameters<typeof Tokenizer>[1] {
  const { html } = s;
  let tag: TagName = nameOfTag("");
  let attrs = new Attrs();
  let attrName = "";
  let attrValue = "";
  let isAttrKept = false;
  let hasDataPriceAttr = false;
  let hasTokenAttr = false;
  const finishOpen = (isSelfClosing: boolean): void => {
    const opened = tag;
    const attributes = attrs;
    s.lastWasText = false;
    openTag(s, opened, attributes, isSelfClosing, hasDataPriceAttr, hasTokenAttr);
  };
  const text = (value: string): void => {
    appendText(s, value);
    s.lastWasText = true;
  };
  return {
    onattribdata(start, end) {
      if (isAttrKept && attrValue.length < 1_100_000) attrValue += html.slice(start, end);
    },
    onattribentity(codepoint) {
      if (isAttrKept) attrValue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (isAttrKept && attrName) keepAttr(attrs, attrName, attrValue);
      attrName = "";
      attrValue = "";
    },
    onattribname(start, end) {
      const known = attrNameAt(html, start, end);
      attrName = known.name;
      attrValue = "";
      isAttrKept = known.isKept;
      if (known.isDataPrice) hasDataPriceAttr = true;
      if (known.isToken) hasTokenAttr = true;
    },
    oncdata() {},
    onclosetag(start, end) {
      s.lastWasText = false;
      const closed = tagNameAt(html, start, end);
      const { name } = closed;
      if (name === "title" && s.isInTitle) {
        s.title = s.titleParts.join("").replace(/\s+/g, " ").trim();
        s.isInTitle = false;
      }
      if (name === "h1" && s.isInH1) s.h1 = s.h1Text.replace(/\s+/g, " ").trim();
      closeTo(s, closed);
    },
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onopentagend() {
      finishOpen(false);
    },
    onopentagname(start, end) {
      tag = tagNameAt(html, start, end);
      attrs = new Attrs();
      hasDataPriceAttr = false;
      hasTokenAttr = false;
    },
    onprocessinginstruction() {},
    onselfclosingtag() {
      finishOpen(true);
    },
    ontext(start, end) {
      text(html.slice(start, end));
    },
    ontextentity(codepoint) {
      text(String.fromCodePoint(codepoint));
    },
  };
}
