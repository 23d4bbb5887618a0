import type { Tokenizer } from "htmlparser2";
import { Attrs, keepAttr, NO_ATTRS } from "./attrs.ts";
import { attrNameAt, nameOfTag, type TagName, tagNameAt } from "./names.ts";
import type { PieceSource } from "./piece-source.ts";

/** What the tokenizer's events become: the scan's driver (driver.ts). */
export type TagEvents = {
  open(
    tag: TagName,
    attrs: Attrs,
    isSelfClosing: boolean,
    hasDataPriceAttr: boolean,
    hasTokenAttr: boolean,
  ): void;
  text(text: string): void;
  endTag(tag: TagName): void;
};

/**
 * The tokenizer's callbacks: a tag's name and its kept attributes are collected here, then
 * the element, its text and its end are handed to the driver. A name, text or attribute value
 * is read from the page's pieces (piece-source.ts).
 */
export function tokenizerEvents(
  source: PieceSource,
  driver: TagEvents,
): ConstructorParameters<typeof Tokenizer>[1] {
  let tag: TagName = nameOfTag("");
  let attrs = NO_ATTRS;
  let attrName = "";
  let attrValue = "";
  let isAttrKept = false;
  let hasDataPriceAttr = false;
  let hasTokenAttr = false;
  const finishOpen = (isSelfClosing: boolean): void => {
    driver.open(tag, attrs, isSelfClosing, hasDataPriceAttr, hasTokenAttr);
  };
  const text = (value: string): void => driver.text(value);
  const attribData = (value: string): void => {
    if (isAttrKept && attrValue.length < 1_100_000) attrValue += value;
  };
  source.onEmit((kind, value) => (kind === "text" ? text(value) : attribData(value)));
  /**
   * A name at `[start, end)`: in place in the current piece, else joined from the pieces (a
   * position before the page's start is read in the page in one string, as `slice` reads it).
   */
  const nameAt = <T>(
    at: (source: string, start: number, end: number) => T,
    start: number,
    end: number,
  ): T => {
    if (start >= source.base) return at(source.piece, start - source.base, end - source.base);
    if (start < 0) return at(source.whole(), start, end);
    return at(source.slice(start, end), 0, end - start);
  };
  return {
    onattribdata(start, end) {
      // A value the scan does not keep is never read (nor held across pieces: nothing is).
      if (isAttrKept && source.data("attrib", start, end)) attribData(source.slice(start, end));
    },
    onattribentity(codepoint) {
      source.flush();
      if (isAttrKept) attrValue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      source.flush();
      if (isAttrKept && attrName) {
        if (attrs === NO_ATTRS) attrs = new Attrs();
        keepAttr(attrs, attrName, attrValue);
      }
      attrName = "";
      attrValue = "";
    },
    onattribname(start, end) {
      source.flush();
      const known = nameAt(attrNameAt, start, end);
      attrName = known.name;
      attrValue = "";
      isAttrKept = known.isKept;
      if (known.isDataPrice) hasDataPriceAttr = true;
      if (known.isToken) hasTokenAttr = true;
    },
    oncdata() {
      source.flush();
    },
    onclosetag(start, end) {
      source.flush();
      driver.endTag(nameAt(tagNameAt, start, end));
    },
    oncomment() {
      source.flush();
    },
    ondeclaration() {
      source.flush();
    },
    onend() {
      source.flush();
    },
    onopentagend() {
      source.flush();
      finishOpen(false);
    },
    onopentagname(start, end) {
      source.flush();
      tag = nameAt(tagNameAt, start, end);
      attrs = NO_ATTRS;
      hasDataPriceAttr = false;
      hasTokenAttr = false;
    },
    onprocessinginstruction() {
      source.flush();
    },
    onselfclosingtag() {
      source.flush();
      finishOpen(true);
    },
    ontext(start, end) {
      if (source.data("text", start, end)) text(source.slice(start, end));
    },
    ontextentity(codepoint) {
      source.flush();
      text(String.fromCodePoint(codepoint));
    },
  };
}
