import { type Attrs, attrOf, attrRecord } from "./scan-attrs.ts";
import type { TagName } from "./scan-names.ts";
import {
  type Frame,
  frameTokens,
  NO_RECORDS,
  NO_STRINGS,
  newFrame,
  type ScanState,
  selfTokens,
  top,
} from "./scan-state.ts";
import { appendBreak, closeFrame } from "./scan-text.ts";
import type { ElementRecord } from "./scan-types.ts";
import {
  ADD_TO_CART,
  ADD_TO_CART_TOKEN,
  BUY_WORDS,
  CART_LIKE_TOKEN,
  EMPHASIS,
  EXCLUDED,
  HIDDEN_CLASS,
  INTERESTING,
  PER_UNIT,
  PRICE_WORD,
  QUANTITY,
  SOLD_OUT_WORDS,
  STOCK_WORD,
  STRUCK,
  TITLE_WORD,
  TOKEN_ATTRS,
  VOID,
} from "./scan-words.ts";

const MAX_ATTR = 4_096;
const MAX_RECORDS = 4_000;
const MAX_ANCESTOR_FRAMES = 30;
const RAW_TAGS = new Set(["script", "style", "title", "textarea"]);

/** Selector tokens of up to 30 elements from `frame` outwards, to the <body> at most. */
function ancestorsFrom(frame: Frame): string[] {
  const out: string[] = [];
  for (
    let f: Frame | null = frame, n = 0;
    f?.parent && n < MAX_ANCESTOR_FRAMES;
    f = f.parent, n++
  ) {
    for (const t of frameTokens(f)) out.push(t);
    if (f.tag === "body") break;
  }
  return out;
}

/**
 * A kept element. Its ancestors' tokens are read for few of the elements a page keeps (store
 * rules, microdata anchors): they are listed on first read, from the element's parent, whose
 * chain of open elements and their attributes do not change after it opened.
 */
class KeptElement implements ElementRecord {
  order: number;
  tag: string;
  attrs: Readonly<Record<string, string>>;
  tokens: readonly string[];
  text = "";
  parts: string[] = [];
  isStruck: boolean;
  isExcluded: boolean;
  isHidden: boolean;
  isPerUnit: boolean;
  prop: string | null;
  propSource: "microdata" | "rdfa" | null;
  scopeType: string | null;
  scopeId: number;
  isInProductScope: boolean;
  readonly #parent: Frame;
  #ancestors: readonly string[] | null = null;

  constructor(
    s: ScanState,
    frame: Frame,
    parent: Frame,
    fields: {
      attrs: Readonly<Record<string, string>>;
      tokens: readonly string[];
      prop: string | null;
      propSource: "microdata" | "rdfa" | null;
    },
  ) {
    this.order = s.order;
    this.tag = frame.tag;
    this.attrs = fields.attrs;
    this.tokens = fields.tokens;
    this.isStruck = frame.isStruck;
    this.isExcluded = frame.isExcluded;
    this.isHidden = frame.isHidden;
    this.isPerUnit = frame.isPerUnit;
    this.prop = fields.prop;
    this.propSource = fields.propSource;
    this.scopeType = parent.scopeType;
    this.scopeId = parent.scopeId;
    this.isInProductScope = parent.isInProductScope;
    this.#parent = parent;
  }

  get ancestors(): readonly string[] {
    this.#ancestors ??= ancestorsFrom(this.#parent);
    return this.#ancestors;
  }
}

function productType(type: string | null): boolean {
  return (
    type !== null &&
    /^(product|productgroup|productmodel|individualproduct|someproducts|vehicle|car|book)$/i.test(
      type,
    )
  );
}

/** Page-level facts from the head and from markers: lang, meta tags, canonical, platforms. */
function noteHead(s: ScanState, name: string, attributes: Attrs): void {
  if (name === "html" && attributes.lang) s.lang = attributes.lang.slice(0, 40);
  if (name === "meta") {
    const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? "").toLowerCase();
    const content = attributes.content;
    if (key && content !== undefined && key.length < 100) {
      const list = s.metas.get(key);
      if (list) {
        if (list.length < 50) list.push(content.slice(0, MAX_ATTR));
      } else s.metas.set(key, [content.slice(0, MAX_ATTR)]);
    }
  }
  if (name === "link") {
    const rel = (attributes.rel ?? "").toLowerCase();
    if (rel === "canonical" && attributes.href && s.canonical === null)
      s.canonical = attributes.href;
  }
  if (
    (name === "img" || name === "link" || name === "script") &&
    (attributes.src ?? attributes.href ?? "").includes("cdn.shopify.com")
  ) {
    s.markers.add("shopify");
  }
  if (
    name === "form" &&
    /\/cart\/add|add-to-cart|addtocart|\/cart\/listing/i.test(attributes.action ?? "")
  ) {
    s.hasAddToCart = true;
  }
  if (name === "body") {
    s.bodyTokens = selfTokens(attributes);
    const cls = attributes.class ?? "";
    if (/woocommerce/.test(cls)) s.markers.add("woocommerce");
    if (/catalog-product-view|page-product-/.test(cls)) s.markers.add("magento");
  }
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

/** What an element's id, class and token attributes say: one bit per word list of scan-words.ts. */
const Says = {
  anything: 1,
  price: 2,
  struck: 4,
  excluded: 8,
  perUnit: 16,
  product: 32,
  buyToken: 64,
  cartLike: 128,
  stock: 256,
  title: 512,
} as const;

/**
 * Token texts remembered per page at most, each of at most this many characters: a hostile
 * page's millions of long class lists cost at most ~8 MB of memory, not their own size.
 */
const MAX_TOKEN_TEXTS = 20_000;
const MAX_TOKEN_TEXT_LENGTH = 200;

/** Every word list of scan-words.ts tested on `tokenText` (none but INTERESTING if it fails). */
function wordsIn(tokenText: string): number {
  return INTERESTING.test(tokenText)
    ? Says.anything |
        (PRICE_WORD.test(tokenText) ? Says.price : 0) |
        (STRUCK.test(tokenText) ? Says.struck : 0) |
        (EXCLUDED.test(tokenText) ? Says.excluded : 0) |
        (PER_UNIT.test(tokenText) ? Says.perUnit : 0) |
        (/product|pdp|buy-?box/i.test(tokenText) ? Says.product : 0) |
        (ADD_TO_CART_TOKEN.test(tokenText) ? Says.buyToken : 0) |
        (CART_LIKE_TOKEN.test(tokenText) ? Says.cartLike : 0) |
        (STOCK_WORD.test(tokenText) ? Says.stock : 0) |
        (TITLE_WORD.test(tokenText) ? Says.title : 0)
    : 0;
}

/** The token text of an element whose only token is its class, and of any other element. */
const classTokenText = (cls: string): string => `${cls.slice(0, 1_000)} `;
const sameText = (tokenText: string): string => tokenText;

/** `memo.get(key)`, else `wordsIn(tokenText(key))` remembered under `key` within the page's bounds. */
function remembered(
  s: ScanState,
  memo: Map<string, number>,
  key: string,
  tokenText: (key: string) => string,
): number {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const says = wordsIn(tokenText(key));
  if (key.length <= MAX_TOKEN_TEXT_LENGTH && s.tokenSays.size + s.classSays.size < MAX_TOKEN_TEXTS)
    memo.set(key, says);
  return says;
}

/** An element without an id, a class or a token attribute: its tokens say nothing. */
const NO_TOKENS = -1;

/**
 * What the element's id, class and token attributes say (`wordsIn` their token text), or
 * NO_TOKENS. Every word list is tested once per distinct text on a page (elements repeat their
 * classes: ~120 000 texts on the benchmark pages, ~12 000 distinct). Most elements have a class
 * and nothing else: the class itself is the key, with no token text made to look it up.
 */
function tokensSay(s: ScanState, attributes: Attrs, hasTokenAttr: boolean): number {
  const cls = attributes.class;
  if (!attributes.id && !hasTokenAttr) {
    if (!cls) return NO_TOKENS;
    return remembered(s, s.classSays, cls, classTokenText);
  }
  const tokenText = tokenTextOf(attributes, hasTokenAttr);
  if (tokenText === "") return NO_TOKENS;
  return remembered(s, s.tokenSays, tokenText, sameText);
}

/** An inline font size of 18px or more (most elements have no style to test). */
function isLargeFont(style: string): boolean {
  if (!style.includes("font")) return false;
  const size = /font(?:-size)?\s*:[^;]*?(\d+)px/.exec(style);
  return size !== null && Number(size[1]) >= 18;
}

/** Flags an element inherits from its parent or sets itself (struck, excluded, hidden, …). */
function setFlags(frame: Frame, parent: Frame, attributes: Attrs, says: number): void {
  const name = frame.tag;
  const style = attributes.style ? attributes.style.slice(0, 500).toLowerCase() : "";
  frame.isStruckMarkup =
    parent.isStruckMarkup ||
    name === "s" ||
    name === "del" ||
    name === "strike" ||
    style.includes("line-through") ||
    attributes.data?.["data-a-strike"] === "true";
  frame.isStruck = parent.isStruck || frame.isStruckMarkup || (says & Says.struck) !== 0;
  frame.isExcluded =
    parent.isExcluded ||
    name === "nav" ||
    name === "footer" ||
    name === "aside" ||
    (name === "header" && !parent.isInMain) ||
    (says & Says.excluded) !== 0;
  frame.isHidden =
    parent.isHidden ||
    attributes.hidden !== undefined ||
    (style !== "" && /display\s*:\s*none|visibility\s*:\s*hidden/.test(style)) ||
    (attributes.class !== undefined &&
      // Every hiding class holds "hid" or "none": most classes skip the pattern.
      (attributes.class.includes("hid") || attributes.class.includes("none")) &&
      HIDDEN_CLASS.test(attributes.class)) ||
    (name === "input" && attributes.type === "hidden");
  frame.isPerUnit = parent.isPerUnit || (says & Says.perUnit) !== 0;
  frame.isInMain =
    parent.isInMain || name === "main" || name === "article" || (says & Says.product) !== 0;
  frame.isEmphasised = parent.isEmphasised || EMPHASIS.has(name) || isLargeFont(style);
  frame.isInForm = parent.isInForm || name === "form";
  frame.isInOption = parent.isInOption || name === "option" || name === "select";
  frame.isDisabled =
    attributes.disabled !== undefined ||
    attributes["aria-disabled"] === "true" ||
    (attributes.class !== undefined &&
      /disabled/i.test(attributes.class) &&
      /(?:^|[\s_-])disabled(?:$|[\s_-])/i.test(attributes.class));
  // A real button named for the cart ("button-cart") is a buy control whatever its words.
  frame.hasBuyToken =
    (says & Says.buyToken) !== 0 ||
    ((name === "button" || name === "input") && (says & Says.cartLike) !== 0);
  if (
    attributes.title !== undefined ||
    attributes["aria-label"] !== undefined ||
    (name === "button" && attributes.value !== undefined)
  )
    frame.label =
      `${attributes.title ?? ""} ${attributes["aria-label"] ?? ""} ${name === "button" ? (attributes.value ?? "") : ""}`.slice(
        0,
        300,
      );
  // (role="button" is not read: role is not among the kept attributes.)
  frame.isButtonLike =
    name === "button" ||
    (name === "input" && /^(submit|button|image)$/i.test(attributes.type ?? "")) ||
    ((name === "a" || name === "div" || name === "span") && (says & Says.cartLike) !== 0);
}

/** Microdata and RDFa: the item scope and the property an element opens. */
function setScope(frame: Frame, parent: Frame, s: ScanState, attributes: Attrs) {
  const hasScope = attributes.itemscope !== undefined || attributes.typeof !== undefined;
  const rawType = attributes.itemtype ?? attributes.typeof ?? "";
  const scopeType = hasScope
    ? (rawType.trim().split(/\s+/)[0]?.split(/[/:#]/).pop() ?? "") || "Thing"
    : null;
  const propRaw =
    attributes.itemprop ??
    (attributes.property && !attributes.property.includes(":")
      ? attributes.property
      : attributes.property?.startsWith("schema:")
        ? attributes.property.slice(7)
        : undefined);
  frame.prop = propRaw ? (propRaw.trim().split(/\s+/)[0]?.split(/[/#]/).pop() ?? null) : null;
  frame.scopeType = hasScope ? scopeType : parent.scopeType;
  frame.scopeId = hasScope ? ++s.scopeCounter : parent.scopeId;
  frame.isInProductScope = parent.isInProductScope || (hasScope && productType(scopeType));
}

/** Keep the element for the readers when it speaks of a price, stock, title or a property. */
function keepRecords(
  s: ScanState,
  frame: Frame,
  parent: Frame,
  attributes: Attrs,
  says: number,
  hasDataPriceAttr: boolean,
): void {
  const wantsPrice = frame.hasPriceWord || hasDataPriceAttr;
  const wantsProp = frame.prop !== null && frame.prop !== "";
  const wantsStock = (says & Says.stock) !== 0;
  const wantsTitle = s.titleElements.length < 20 && (says & Says.title) !== 0;
  if (!(wantsPrice || wantsProp || wantsStock || wantsTitle)) return;
  const kept = attrRecord(attributes, MAX_ATTR, (name) => name === "class" || name === "style");
  const tokens = selfTokens(attributes);
  frame.tokens = tokens;
  const record = new KeptElement(s, frame, parent, {
    attrs: kept,
    tokens,
    prop: wantsProp ? frame.prop : null,
    propSource: wantsProp ? (attributes.itemprop ? "microdata" : "rdfa") : null,
  });
  let isKept = false;
  const keep = (list: ElementRecord[], cap: number, want: boolean) => {
    if (want && list.length < cap) {
      list.push(record);
      isKept = true;
    }
  };
  keep(s.priceElements, MAX_RECORDS, wantsPrice);
  keep(s.props, MAX_RECORDS, wantsProp);
  keep(s.stockElements, 300, wantsStock);
  keep(s.titleElements, 20, wantsTitle);
  if (isKept && !VOID.has(frame.tag)) {
    if (frame.collectors === NO_RECORDS) frame.collectors = [];
    frame.collectors.push(record);
  }
}

/** A void input that is itself a buy control (a quantity field, a submit with buy words). */
function noteInput(s: ScanState, frame: Frame, attributes: Attrs): void {
  const label =
    `${attributes.value ?? ""} ${attributes.name ?? ""} ${attributes.id ?? ""} ${attributes["aria-label"] ?? ""}`.slice(
      0,
      300,
    );
  if (ADD_TO_CART.test(label)) s.hasAddToCart = true;
  const isQuantity =
    (frame.tag === "input" || frame.tag === "select") &&
    attributes.type !== "hidden" &&
    QUANTITY.test(`${attributes.name ?? ""} ${attributes.id ?? ""} ${attributes.class ?? ""}`);
  const value = attributes.value ?? attributes["aria-label"] ?? attributes.title ?? "";
  const hasBuyWords = frame.isButtonLike && BUY_WORDS.test(value);
  // An image that is the buy button: its add-to-cart token and its alt/title words say so.
  const isImageButton =
    frame.tag === "img" &&
    frame.hasBuyToken &&
    BUY_WORDS.test(`${attributes.alt ?? ""} ${attributes.title ?? ""}`);
  if (isQuantity || hasBuyWords || isImageButton || (frame.isButtonLike && frame.hasBuyToken)) {
    s.buyControls.push({
      order: s.order,
      isDisabled: frame.isDisabled,
      saysSoldOut: SOLD_OUT_WORDS.test(value),
      hasBuyWords: hasBuyWords || isImageButton,
      isQuantity,
      isExcluded: frame.isExcluded,
      isLink: false,
    });
  }
}

export function openTag(
  s: ScanState,
  tag: TagName,
  attributes: Attrs,
  isSelfClosing: boolean,
  hasDataPriceAttr: boolean,
  hasTokenAttr = true,
): void {
  const { name } = tag;
  s.order++;
  const current = top(s);
  if (tag.isSelfSibling && current.tag === name) closeFrame(s);
  else if ((name === "td" || name === "th") && (current.tag === "td" || current.tag === "th"))
    closeFrame(s);
  else if (tag.closesP && current.tag === "p") closeFrame(s);
  const parent = top(s);
  noteHead(s, name, attributes);

  const tokensSaid = tokensSay(s, attributes, hasTokenAttr);
  const hasTokens = tokensSaid !== NO_TOKENS;
  const says = hasTokens ? tokensSaid : 0;
  const frame = newFrame(name, parent);
  frame.order = s.order;
  frame.tokens = hasTokens ? null : NO_STRINGS;
  frame.tokenAttrs = hasTokens ? attributes : null;
  frame.hasPriceWord = (says & Says.price) !== 0;
  frame.before = s.recent;
  frame.raw = RAW_TAGS.has(name) ? [] : null;
  if (name === "script") frame.attrs = attrRecord(attributes);
  setFlags(frame, parent, attributes, says);
  setScope(frame, parent, s, attributes);
  keepRecords(s, frame, parent, attributes, says, hasDataPriceAttr);
  if (name === "input" || name === "select" || name === "img") noteInput(s, frame, attributes);

  if (name === "h1" && s.h1Order < 0) {
    s.isInH1 = true;
    s.h1Order = s.order;
  }
  if (name === "title" && s.title === null && !parent.scopeType) s.isInTitle = true;
  if (tag.breaksLine) appendBreak(s, "\n");
  if (name === "sup") appendBreak(s, "\uE000");
  if (tag.isVoid || isSelfClosing) return;
  if (frame.collectors.length > 0) s.collecting.push(frame);
  s.stack.push(frame);
}
