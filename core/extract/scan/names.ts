import { isKeptAttr, KEPT_ATTRS } from "./attrs.ts";
import { BREAKS_LINE, CLOSES_P, SELF_SIBLING, TOKEN_ATTRS, VOID } from "./html.ts";

/**
 * Tag and attribute names as the scan meets them: one shared string per name (so that every
 * later comparison and set lookup on it is a pointer test, not a character walk) and what the
 * scan does with it, looked up once per name instead of in several sets per element.
 */

/** What the scan does with an attribute of this name. */
export type AttrName = {
  name: string;
  /** Its value is kept (KEPT_ATTRS, or any data-*). */
  isKept: boolean;
  /** data-price…, data-product-price…: the element speaks of a price. */
  isDataPrice: boolean;
  /** One of TOKEN_ATTRS: a selector token of the element. */
  isToken: boolean;
};

/** What the scan does at an element of this name. */
export type TagName = {
  name: string;
  isVoid: boolean;
  breaksLine: boolean;
  closesP: boolean;
  isSelfSibling: boolean;
};

/** Names a page may add, at most (a page of random names falls back to unshared strings). */
const MAX_LEARNT = 4_096;
const TOKEN_ATTR_SET = new Set(TOKEN_ATTRS);

function attrName(name: string): AttrName {
  return {
    name,
    isKept: isKeptAttr(name),
    isDataPrice: name.startsWith("data-price") || name.startsWith("data-product-price"),
    isToken: TOKEN_ATTR_SET.has(name),
  };
}

function tagName(name: string): TagName {
  return {
    name,
    isVoid: VOID.has(name),
    breaksLine: BREAKS_LINE.has(name),
    closesP: CLOSES_P.has(name),
    isSelfSibling: SELF_SIBLING.has(name),
  };
}

/** Names this long at most are found in the page itself, without a string made for them. */
const MAX_FOUND_IN_PAGE = 16;

function namer<T extends { name: string }>(
  make: (name: string) => T,
  known: Iterable<string>,
  maxLength: number,
) {
  const names = new Map<string, T>();
  // The known names by length and first character (ASCII), to compare in place in the page.
  const byStart: (T[] | undefined)[] = new Array((MAX_FOUND_IN_PAGE + 1) * 128);
  for (const name of known) {
    if (names.has(name)) continue;
    const entry = make(name);
    names.set(name, entry);
    const first = name.charCodeAt(0);
    if (name.length <= MAX_FOUND_IN_PAGE && first < 128) {
      const slot = name.length * 128 + first;
      byStart[slot] = [...(byStart[slot] ?? []), entry];
    }
  }
  let learnt = 0;
  /** `raw` as written (any case) → its entry, shared with every other element of that name. */
  const of = (raw: string): T => {
    const exact = names.get(raw);
    if (exact) return exact;
    const lower = raw.toLowerCase();
    const found = names.get(lower);
    if (found) return found;
    const made = make(lower);
    if (learnt < MAX_LEARNT) {
      learnt++;
      names.set(lower, made);
    }
    return made;
  };
  /** The name at `source[start, end)` (cut at maxLength): a known lower-case name in place. */
  const at = (source: string, start: number, end: number): T => {
    const length = Math.min(end, start + maxLength) - start;
    const first = source.charCodeAt(start);
    if (length <= MAX_FOUND_IN_PAGE && first < 128) {
      const candidates = byStart[length * 128 + first];
      if (candidates) {
        for (const entry of candidates) if (source.startsWith(entry.name, start)) return entry;
      }
    }
    return of(source.slice(start, start + length));
  };
  return { of, at };
}

const COMMON_TAGS = [
  ...VOID,
  ...BREAKS_LINE,
  ...["a", "span", "i", "b", "s", "del", "strike", "strong", "em", "small", "big", "sup", "sub"],
  ...["html", "head", "body", "title", "script", "style", "noscript", "template", "textarea"],
  ...["svg", "path", "g", "use", "picture", "video", "iframe", "u", "abbr", "time", "data"],
];
const COMMON_ATTRS = [
  ...KEPT_ATTRS,
  ...TOKEN_ATTRS,
  ...["srcset", "sizes", "loading", "width", "height", "role", "tabindex", "target", "onclick"],
  ...["d", "viewbox", "fill", "xmlns", "focusable", "aria-expanded", "aria-controls", "for"],
];

const tags = namer(tagName, COMMON_TAGS, 40);
const attrs = namer(attrName, COMMON_ATTRS, 100);
/** A tag name as written (any case). */
export const nameOfTag: (raw: string) => TagName = tags.of;
/** The tag name at `source[start, end)`, cut at 40 characters. */
export const tagNameAt: (source: string, start: number, end: number) => TagName = tags.at;
/** An attribute name as written (any case). */
export const nameOfAttr: (raw: string) => AttrName = attrs.of;
/** The attribute name at `source[start, end)`, cut at 100 characters. */
export const attrNameAt: (source: string, start: number, end: number) => AttrName = attrs.at;
