import { type Attrs, attrOf } from "./attrs.ts";
import { spaceParts } from "./chars.ts";
import { EMPHASIS, TOKEN_ATTRS } from "./html.ts";
import { Says } from "./token-words.ts";

/** Tags whose content is raw text (never visible text, never elements). */
export const RAW_TAGS: ReadonlySet<string> = new Set(["script", "style", "title", "textarea"]);

/**
 * What the scan knows of one element, the same for every collector: what it is, where it sits
 * (the flags it inherits from the elements it is in), and where its text starts in the page's
 * text log. The driver makes it when the element opens; nothing changes it after that but the
 * text log (its `textAt`) and, in the slot each owns, one collector. Collectors read the rest.
 */
export class Element {
  readonly tag: string;
  /** The element it opened in (null: the root). */
  readonly parent: Element | null;
  /** Document position: the count of elements opened up to this one. */
  order = 0;
  readonly depth: number;
  /** The depth of the nearest <body> at or above it (-1: none). */
  readonly bodyDepth: number;
  /** Its attributes (kept names only: scan/attrs.ts). */
  attrs: Attrs | null = null;
  /** What its id, class and token attributes say: bits of `Says` (0: nothing, or none). */
  says = 0;
  /** Its own "#id", ".class", "[data-test=value]" tokens: listed on first use (`tokensOf`). */
  tokens: readonly string[] | null = null;
  /** The visible text just before it opened (≤ 120 characters), for the words before a price. */
  before = "";
  /** How many of `before`'s last characters are on the element's own line (no break between). */
  beforeOnLine = 0;
  /** Script, style, title or textarea: its text is raw, never visible. */
  isRaw = false;
  /** It has a data-price… or data-product-price… attribute. */
  hasDataPriceAttr = false;

  // Where it sits, inherited from its parent or set by itself.
  /** <del>, <s>, <strike>, a line-through style. */
  isStruckMarkup = false;
  /** Struck markup, or a class or attribute that says "old", "was", "list price" … */
  isStruck = false;
  /** In navigation, footer, carousels, recommendations … */
  isExcluded = false;
  isHidden = false;
  /** Marked by the browser that rendered the page as not shown (core/page/read-rendered.ts). */
  isUnrendered = false;
  isPerUnit = false;
  /** In <main>, <article> or an element named for the product. */
  isInMain = false;
  /**
   * In a <section> (or <main>, <article>): a <header> there is that section's, not the site's
   * banner (HTML's own rule).
   */
  isInSection = false;
  /** Inside <strong>/<b>/<h1>…<h4>, or a large font size set inline. */
  isEmphasised = false;
  isInForm = false;
  /** The address of the link it is in (`<a href>`, not "#…" nor "javascript:"), ≤ 300 chars. */
  linkHref: string | null = null;
  /** Inside an <option>, a <select>, or a size or colour choice marked not chosen. */
  isInOption = false;
  /**
   * In the section a heading naming a subscription opens ("Subscribe & Save", "Spar-Abo"): that
   * heading's `order`, 0 outside any.
   */
  subscriptionAt = 0;
  /** Microdata/RDFa: the type and id of the item it belongs to, and the property it opens. */
  scopeType: string | null = null;
  scopeId = 0;
  /**
   * The item of type Product (or ProductGroup …) it belongs to: 0 outside any. Microdata's
   * rule: a scope with no `itemprop` is an item of its own wherever it sits; one that is a
   * property (a variant, `hasVariant`) belongs to the item around it, unless the property names
   * another product (`isRelatedTo`, `isSimilarTo` …).
   */
  productScopeId = 0;
  isInProductScope = false;
  prop: string | null = null;

  /**
   * Where its visible text starts in the page's text log (text-log.ts): the position and the
   * chunk of the first text after it opened, -1 while it has none.
   */
  textAt = -1;
  textChunk = -1;

  // Slots, each written by one collector only (the collector named) and read by no other.
  /** kept-elements.ts: the records this element keeps. */
  kept: readonly unknown[] = NONE;
  /** price-texts.ts: the texts of the price texts found inside it (capped). */
  childPrices: string[] = NO_STRINGS;
  /** buy-controls.ts: what the element is as a control, when it may be one. */
  control: unknown = null;
  /**
   * price-texts.ts: a choice marked chosen; one of the elements a price text sits in (itself and
   * three above); one of those whose text ended too long to be one choice.
   */
  isChosen = false;
  isInChain = false;
  isLongChoice = false;

  constructor(tag: string, parent: Element | null) {
    this.tag = tag;
    this.parent = parent;
    this.depth = parent ? parent.depth + 1 : 0;
    this.bodyDepth = parent === null ? -1 : tag === "body" ? parent.depth + 1 : parent.bodyDepth;
  }
}

/**
 * Shared empties: most elements never keep records or child prices, so an element starts with
 * these and gets its own array just before its first push. Frozen: a push onto a shared one
 * throws rather than leaking between elements.
 */
const NONE: readonly unknown[] = Object.freeze([]);
export const NO_STRINGS: string[] = Object.freeze([]) as unknown as string[];

/** "#id", ".class", "[data-test=value]" tokens of an element's attributes. */
export function selfTokens(attrs: Attrs): string[] {
  const out: string[] = [];
  const id = attrs.id;
  if (id) out.push(`#${id.slice(0, 200)}`);
  const cls = attrs.class;
  if (cls) {
    // `split(/\s+/)`'s first 24 parts, an empty one at the start counted.
    for (const c of spaceParts(cls.slice(0, 1_000), 24)) out.push(`.${c}`);
  }
  for (const name of TOKEN_ATTRS) {
    const value = attrOf(attrs, name);
    if (value !== undefined) out.push(`[${name}=${value.slice(0, 200)}]`);
  }
  return out;
}

/** The tokens of an element without an id, a class or a token attribute. */
export const NO_TOKENS: readonly string[] = Object.freeze([]);

/** The element's own tokens (listed on first use: most elements are never asked). */
export function tokensOf(el: Element): readonly string[] {
  if (el.tokens === null) el.tokens = el.attrs ? selfTokens(el.attrs) : NO_TOKENS;
  return el.tokens;
}

/** An inline font size of 18px or more (most elements have no style to test). */
function isLargeFont(style: string): boolean {
  if (!style.includes("font")) return false;
  const size = /font(?:-size)?\s*:[^;]*?(\d+)px/.exec(style);
  return size !== null && Number(size[1]) >= 18;
}

/** The flags an element inherits from its parent or sets itself (struck, excluded, hidden …). */
export function placeElement(el: Element, parent: Element, attrs: Attrs): void {
  const name = el.tag;
  const says = el.says;
  const style = attrs.style ? attrs.style.slice(0, 500).toLowerCase() : "";
  el.isStruckMarkup =
    parent.isStruckMarkup ||
    name === "s" ||
    name === "del" ||
    name === "strike" ||
    style.includes("line-through") ||
    attrs.data?.["data-a-strike"] === "true";
  el.isStruck = parent.isStruck || el.isStruckMarkup || (says & Says.struck) !== 0;
  el.isExcluded =
    parent.isExcluded ||
    name === "nav" ||
    name === "footer" ||
    name === "aside" ||
    (name === "header" && !parent.isInMain && !parent.isInSection) ||
    (says & Says.excluded) !== 0;
  el.subscriptionAt = parent.subscriptionAt;
  el.isUnrendered = parent.isUnrendered || attrs.data?.["data-dw-unrendered"] !== undefined;
  el.isHidden =
    el.isUnrendered ||
    parent.isHidden ||
    attrs.hidden !== undefined ||
    (style !== "" && /display\s*:\s*none|visibility\s*:\s*hidden/.test(style)) ||
    (says & Says.hidingClass) !== 0 ||
    (name === "input" && attrs.type === "hidden") ||
    // What a browser does not show: a template (not a declarative shadow root's, which a web
    // component rendered on the server shows), what it shows without scripts only, a dialog
    // not open, a closed <details>'s body (its <summary> shows).
    (name === "template" && attrs.shadowrootmode === undefined && attrs.shadowroot === undefined) ||
    name === "noscript" ||
    (name === "dialog" && attrs.open === undefined) ||
    (parent.tag === "details" && parent.attrs?.open === undefined && name !== "summary");
  el.isPerUnit = parent.isPerUnit || (says & Says.perUnit) !== 0;
  el.isInMain =
    parent.isInMain || name === "main" || name === "article" || (says & Says.product) !== 0;
  el.isInSection = parent.isInSection || name === "section" || el.isInMain;
  el.isEmphasised = parent.isEmphasised || EMPHASIS.has(name) || isLargeFont(style);
  el.isInForm = parent.isInForm || name === "form";
  el.linkHref =
    name === "a" && isLinkElsewhere(attrs.href)
      ? (attrs.href as string).trim().slice(0, 300)
      : parent.linkHref;
  el.isInOption = parent.isInOption || name === "option" || name === "select" || isUnchosen(attrs);
}

/** An address that leaves the page: not empty, not "#…", not "javascript:". */
function isLinkElsewhere(href: string | undefined): boolean {
  if (href === undefined) return false;
  const h = href.trimStart();
  return h !== "" && h[0] !== "#" && !/^javascript:/i.test(h);
}

/**
 * A choice the page marks as not chosen (issue #34 class 6): a size or colour button
 * `aria-pressed="false"`, a radio, option or tab `aria-checked`/`aria-selected="false"` (tiers
 * "Good | Better | Best" as tabs, each with its price). Its price is a
 * variant's, like an <option>'s; the chosen one ("true") is the buy box's.
 */
function isUnchosen(attrs: Attrs): boolean {
  const state =
    attrs["aria-pressed"] ??
    attrs["aria-checked"] ??
    (attrs.role === "radio" || attrs.role === "option" || attrs.role === "tab"
      ? attrs["aria-selected"]
      : undefined);
  return state === "false";
}

function isProductType(type: string | null): boolean {
  return (
    type !== null &&
    /^(product|productgroup|productmodel|individualproduct|someproducts|vehicle|car|book)$/i.test(
      type,
    )
  );
}

/** Properties whose value is another product than the item's own. */
const OTHER_PRODUCT_PROPS = new Set([
  "isRelatedTo",
  "isSimilarTo",
  "isAccessoryOrSparePartFor",
  "isConsumableFor",
]);

/** Microdata and RDFa: the item scope (a new one numbered `nextScopeId`) and the property. */
export function scopeElement(
  el: Element,
  parent: Element,
  attrs: Attrs,
  nextScopeId: () => number,
): void {
  const hasScope = attrs.itemscope !== undefined || attrs.typeof !== undefined;
  const rawType = attrs.itemtype ?? attrs.typeof ?? "";
  const scopeType = hasScope
    ? (rawType.trim().split(/\s+/)[0]?.split(/[/:#]/).pop() ?? "") || "Thing"
    : null;
  const propRaw =
    attrs.itemprop ??
    (attrs.property && !attrs.property.includes(":")
      ? attrs.property
      : attrs.property?.startsWith("schema:")
        ? attrs.property.slice(7)
        : undefined);
  el.prop = propRaw ? (propRaw.trim().split(/\s+/)[0]?.split(/[/#]/).pop() ?? null) : null;
  el.scopeType = hasScope ? scopeType : parent.scopeType;
  el.scopeId = hasScope ? nextScopeId() : parent.scopeId;
  const isProduct = hasScope && isProductType(scopeType);
  el.isInProductScope = parent.isInProductScope || isProduct;
  el.productScopeId = !isProduct
    ? parent.productScopeId
    : el.prop === null || OTHER_PRODUCT_PROPS.has(el.prop) || parent.productScopeId === 0
      ? el.scopeId
      : parent.productScopeId;
}
