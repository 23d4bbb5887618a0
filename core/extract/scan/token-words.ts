import {
  CHOSEN_CLASS,
  HIDDEN_CLASS,
  HIDDEN_CLASS_HINTS,
  INTERESTING,
  TOKEN_LISTS,
} from "../vocabulary/patterns.ts";
import { type Attrs, attrOf } from "./attrs.ts";
import { TOKEN_ATTRS } from "./html.ts";

/**
 * What an element's id, class and token attributes say, as bits: the word lists of the
 * vocabulary are tested once per distinct token text of a page, and every element and collector
 * reads the bits.
 */
export const Says = {
  price: 1,
  struck: 2,
  excluded: 4,
  perUnit: 8,
  product: 16,
  buyToken: 32,
  cartLike: 64,
  stock: 128,
  title: 256,
  cents: 512,
  // What the class alone says (not the id nor a token attribute): `classSays`.
  /** A chosen choice (CHOSEN_CLASS). */
  chosen: 1024,
  /** A class that hides the element (HIDDEN_CLASS), not shown from some width on either. */
  hidingClass: 2048,
} as const;

/** An element without an id, a class or a token attribute: its tokens say nothing. */
export const NO_TOKEN_TEXT = -1;

/**
 * Token texts remembered per page at most, each of at most this many characters: a hostile
 * page's millions of long class lists cost at most ~8 MB of memory, not their own size.
 */
const MAX_TOKEN_TEXTS = 20_000;
const MAX_TOKEN_TEXT_LENGTH = 200;

const L = TOKEN_LISTS;

/**
 * Every class-name list tested on `tokenText` (none unless INTERESTING, made of them all,
 * passes). One test per list, written out, as the scan had them before the vocabulary.
 */
function wordsIn(tokenText: string): number {
  return INTERESTING.test(tokenText)
    ? (L.price.test(tokenText) ? Says.price : 0) |
        (L.struck.test(tokenText) ? Says.struck : 0) |
        (L.excluded.test(tokenText) ? Says.excluded : 0) |
        (L.perUnit.test(tokenText) ? Says.perUnit : 0) |
        (L.product.test(tokenText) ? Says.product : 0) |
        (L.buyToken.test(tokenText) ? Says.buyToken : 0) |
        (L.cartLike.test(tokenText) ? Says.cartLike : 0) |
        (L.stock.test(tokenText) ? Says.stock : 0) |
        (L.title.test(tokenText) ? Says.title : 0) |
        (L.cents.test(tokenText) ? Says.cents : 0)
    : 0;
}

function tokenTextOf(attributes: Attrs, hasTokenAttr: boolean): string {
  let tokenText = "";
  if (attributes.id) tokenText += `${attributes.id.slice(0, 200)} `;
  if (attributes.class) tokenText += `${attributes.class.slice(0, 1_000)} `;
  if (!hasTokenAttr) return tokenText;
  for (const attr of TOKEN_ATTRS) {
    const v = attrOf(attributes, attr);
    if (v !== undefined) tokenText += `${attr}=${v.slice(0, 200)} `;
  }
  return tokenText;
}

/**
 * A responsive utility showing the element from some width on ("hidden lg:block", "d-none
 * d-md-block"): shown on a desktop, where a person reads the page.
 */
const SHOWN_AT_WIDTH =
  /(?:^|\s)(?:(?:sm|md|lg|xl|2xl):(?:block|flex|inline|inline-block|inline-flex|grid|table)|d-(?:sm|md|lg|xl|xxl)-(?:block|flex|inline|inline-block|inline-flex|grid|table))(?:\s|$)/;

/** A class list may hold a hiding class (the pre-filter of HIDDEN_CLASS): most do not. */
function mayHide(cls: string): boolean {
  for (const hint of HIDDEN_CLASS_HINTS) if (cls.includes(hint)) return true;
  return false;
}

/** What an element's class list alone says: chosen, hiding (bits of `Says`). */
function classSays(cls: string): number {
  return (
    (CHOSEN_CLASS.test(cls) ? Says.chosen : 0) |
    (mayHide(cls) && HIDDEN_CLASS.test(cls) && !SHOWN_AT_WIDTH.test(cls) ? Says.hidingClass : 0)
  );
}

/** What an element whose only token is its class says: its words and what its class says. */
const classWords = (cls: string): number => wordsIn(`${cls.slice(0, 1_000)} `) | classSays(cls);

/**
 * What elements' tokens say, each distinct token text tested once per page (decision 0039:
 * elements repeat their classes, ~120 000 texts on the benchmark pages, ~12 000 distinct). Most
 * elements have a class and nothing else: the class itself is the key, with no token text made
 * to look it up.
 */
export class TokenWords {
  private readonly byText = new Map<string, number>();
  private readonly byClass = new Map<string, number>();

  /** What the element's id, class and token attributes say (bits of `Says`), or NO_TOKEN_TEXT. */
  of(attributes: Attrs, hasTokenAttr: boolean): number {
    const cls = attributes.class;
    if (!attributes.id && !hasTokenAttr) {
      if (!cls) return NO_TOKEN_TEXT;
      return this.remembered(this.byClass, cls, classWords);
    }
    const tokenText = tokenTextOf(attributes, hasTokenAttr);
    if (tokenText === "") return NO_TOKEN_TEXT;
    // (A token text does not tell which part of it is the class: that is read on its own.)
    const says = this.remembered(this.byText, tokenText, wordsIn);
    return cls ? says | classSays(cls) : says;
  }

  /** `memo.get(key)`, else `wordsOf(key)` remembered within the page's bounds. */
  private remembered(
    memo: Map<string, number>,
    key: string,
    wordsOf: (key: string) => number,
  ): number {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const says = wordsOf(key);
    if (
      key.length <= MAX_TOKEN_TEXT_LENGTH &&
      this.byText.size + this.byClass.size < MAX_TOKEN_TEXTS
    )
      memo.set(key, says);
    return says;
  }
}
