import { checkBudget, type ReadBudget } from "../read-budget.ts";
import { CURRENCY_WORD, ELSEWHERE_HEADING, SUBSCRIPTION } from "../vocabulary/patterns.ts";
import type { Attrs } from "./attrs.ts";
import type { BotChallenge } from "./collectors/bot-challenge.ts";
import type { BuyControls } from "./collectors/buy-controls.ts";
import type { HeadAndMeta } from "./collectors/head.ts";
import type { KeptElements } from "./collectors/kept-elements.ts";
import type { PriceTexts } from "./collectors/price-texts.ts";
import type { Scripts } from "./collectors/scripts.ts";
import type { SoldOutTexts } from "./collectors/sold-out.ts";
import { Element, NO_TOKENS, placeElement, RAW_TAGS, scopeElement } from "./element.ts";
import { createTokenizer } from "./fast-tokenizer.ts";
import type { TagName } from "./names.ts";
import { PieceSource } from "./piece-source.ts";
import { TextLog } from "./text-log.ts";
import { NO_TOKEN_TEXT, Says, TokenWords } from "./token-words.ts";
import { type TagEvents, tokenizerEvents } from "./tokenizer-events.ts";

/**
 * The collectors a scan feeds, each called by name (one call site per collector and hook, so
 * that every call is to one known method: a loop over a list of them is several times slower).
 */
export type Collectors = {
  head: HeadAndMeta;
  scripts: Scripts;
  kept: KeptElements;
  prices: PriceTexts;
  buys: BuyControls;
  soldOut: SoldOutTexts;
  challenge: BotChallenge;
};

/** A closing tag closes the nearest open element of its name among this many. */
const MAX_CLOSE_SEARCH = 64;
/** The element or one of its three nearest ancestors is named for a price. */
function isInPriceNamed(el: Element): boolean {
  for (let e: Element | null = el, n = 0; e?.parent && n < 4; e = e.parent, n++)
    if ((e.says & Says.price) !== 0) return true;
  return false;
}

/** A currency sign right before whole units at the end of the text so far ("$99", "€ 24"). */
const SIGNED_UNITS = /(?:^|[^\p{L}\p{N}.,])[$€£¥₹₩]\s?\d{1,5}$/u;

/** A word, then a number ending the text so far ("Series 9", "iPhone 15"), no sign before it. */
const NAME_THEN_NUMBER = /\p{L}[^\s\d\p{Sc}]*\s+\d+$/u;

/** A text ending in a whole amount, its sign before it and its cents written ("$45.00", "€ 1.299,00"). */
const SIGNED_WHOLE = /\p{Sc}\s?\d[\d.,' ]*[.,]\d{2}$/u;

/** A text ending in an amount and its currency written after it ("52.999 TL", "49,99 €"). */
const AMOUNT_THEN_CURRENCY = new RegExp(
  `\\d[\\d.,' ]*\\s?(?:${CURRENCY_WORD}|[A-Z]{3}|\\p{Sc})\\s*$`,
  "u",
);

/** Words naming a subscription, and no figure but a percentage ("Subscribe & Save 15%"). */
function isSubscriptionHeading(text: string): boolean {
  return SUBSCRIPTION.test(text) && !/\d(?![\d\s]*%)/.test(text);
}

/**
 * Elements that hold the whole page: a heading naming other products directly in them before the
 * title ("Recently viewed" above it, in the body) names no section of theirs; after the title it
 * still shuts out what follows ("Customers also viewed" under the buy box).
 */
const PAGE_LEVEL = new Set(["body", "html", "main"]);

/** Headings that may name a row of other products ("Customers also viewed"). */
const SECTION_HEADINGS = new Set(["h2", "h3", "h4"]);

/**
 * The driver of the scan: one linear pass of htmlparser2's tokenizer (with the fast paths of
 * fast-tokenizer.ts) over the page or its pieces (decision 0039), its own bounded element stack
 * (the full Parser is quadratic on deeply nested input), what every element is and where it
 * sits (element.ts), the page's visible-text log (text-log.ts), and one event per element start,
 * text, raw text, closing tag and element end for each collector (collector.ts). It keeps
 * nothing of the page itself: the collectors do.
 */
export class ScanDriver implements TagEvents {
  /** The open elements, innermost last; the root (never closed) first. */
  private readonly stack: Element[];
  private readonly root: Element;
  readonly log: TextLog;
  private readonly words = new TokenWords();
  private c: Collectors | null = null;
  /** Elements opened so far. */
  private order = 0;
  private scopes = 0;
  private readonly nextScopeId = () => ++this.scopes;
  /** The event before was text (a text cut by an entity comes in several). */
  private lastWasText = false;
  /**
   * The last chunk of the log tested with AMOUNT_THEN_CURRENCY, which said no (a yes appends a
   * break, a chunk of its own): the inline elements opening one after another after a text test
   * that same text, once.
   */
  private notAmountThenCurrency = "";

  constructor() {
    this.root = new Element("#root", null);
    this.stack = [this.root];
    this.log = new TextLog(this.stack);
  }

  /**
   * Reads the page's pieces in order into `collectors`; then every open element ends. Throws
   * OverBudget before a piece once `budget` is spent.
   */
  run(pieces: readonly string[], collectors: Collectors, budget?: ReadBudget): void {
    this.c = collectors;
    const source = new PieceSource(pieces);
    const tokenizer = createTokenizer(tokenizerEvents(source, this));
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      checkBudget(budget);
      source.enter(i);
      collectors.challenge.piece(piece);
      tokenizer.write(piece);
    }
    tokenizer.end();
    source.flush();
    while (this.stack.length > 1) this.closeTop();
  }

  /** Elements the page opened. */
  get elementCount(): number {
    return this.order;
  }

  private top(): Element {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  /** An element starts (from tokenizer-events.ts, as every event below). */
  open(
    tag: TagName,
    attrs: Attrs,
    isSelfClosing: boolean,
    hasDataPriceAttr: boolean,
    hasTokenAttr: boolean,
  ): void {
    const { name } = tag;
    this.lastWasText = false;
    this.order++;
    // Elements a start closes by itself: an <li> the next <li>, a <p> a <div>.
    const current = this.top();
    if (tag.isSelfSibling && current.tag === name) this.closeTop();
    else if ((name === "td" || name === "th") && (current.tag === "td" || current.tag === "th"))
      this.closeTop();
    else if (tag.closesP && current.tag === "p") this.closeTop();
    const parent = this.top();

    const says = this.words.of(attrs, hasTokenAttr);
    const el = new Element(name, parent);
    el.order = this.order;
    el.attrs = attrs;
    if (says === NO_TOKEN_TEXT) el.tokens = NO_TOKENS;
    else el.says = says;
    el.hasDataPriceAttr = hasDataPriceAttr;
    el.before = this.log.recent;
    el.beforeOnLine = this.log.recentOnLine;
    el.isRaw = RAW_TAGS.has(name);
    placeElement(el, parent, attrs);
    scopeElement(el, parent, attrs, this.nextScopeId);
    const isLeaf = tag.isVoid || isSelfClosing;

    const c = this.c as Collectors;
    c.head.open(el, parent, attrs, isLeaf);
    c.scripts.open(el, parent, attrs, isLeaf);
    c.kept.open(el, parent, attrs, isLeaf);
    c.prices.open(el, parent, attrs, isLeaf);
    c.buys.open(el, parent, attrs, isLeaf);
    c.soldOut.open(el, parent, attrs, isLeaf);
    c.challenge.open(el, parent, attrs, isLeaf);

    if (tag.breaksLine) this.log.appendBreak("\n");
    if (name === "sup" || (el.says & Says.cents) !== 0) this.log.appendBreak("\uE000");
    // Units then cents in an inline element of its own, unnamed ("<span>$809</span><span>97</span>"
    // in a price-named element, or "<span>$</span><span>99</span><span>99</span>" anywhere: a
    // sign right before the units): marked as a <sup> is; read as cents only when exactly two
    // digits follow (visible-features.ts), else the mark goes (issue #34 class 2).
    else if (!tag.breaksLine && this.log.endsWithDigit()) {
      const tail = this.log.recent.slice(-24);
      // A whole amount, its sign before it and its cents written ("$45.00"), then an element of
      // its own ("<span>3 bids</span>"): two boxes on screen, never "$45.003".
      if (SIGNED_WHOLE.test(tail)) this.log.appendBreak("\n");
      else if (isInPriceNamed(parent) || SIGNED_UNITS.test(tail)) this.log.appendBreak("\uE000");
      // A name ending in a number, then an element of its own ("<span>iPhone 15</span><span>799,00
      // €</span>", a script's markup with no space between): on screen two boxes, never one
      // number "15799,00".
      // (A number in a text of its own, "<span>294</span><span>元</span>", is an amount's.)
      else if (NAME_THEN_NUMBER.test(tail) && NAME_THEN_NUMBER.test(this.log.lastChunk()))
        this.log.appendBreak("\n");
    }
    // An amount with its currency after it, whole, then an element of its own ("<span>52.999
    // TL</span><span>49.999 TL</span>"): two boxes on screen, never "TL49.999".
    else if (!tag.breaksLine && this.endsWithAmountThenCurrency(this.log.lastChunk()))
      this.log.appendBreak("\n");
    if (!isLeaf) this.stack.push(el);
    // A read-only text field shows its value as text ("Price <input readonly value="£18.50">").
    else if (name === "input" && attrs.readonly !== undefined && isShownValue(attrs)) {
      this.stack.push(el);
      this.text(attrs.value as string);
      this.lastWasText = false;
      this.closeTop();
    }
  }

  private endsWithAmountThenCurrency(chunk: string): boolean {
    if (chunk === this.notAmountThenCurrency) return false;
    if (AMOUNT_THEN_CURRENCY.test(chunk)) return true;
    this.notAmountThenCurrency = chunk;
    return false;
  }

  /** Text: raw in a script, style, title or textarea, else visible. */
  text(text: string): void {
    const el = this.top();
    const c = this.c as Collectors;
    if (el.isRaw) {
      c.head.rawText(text, el);
      c.scripts.rawText(text, el);
      c.kept.rawText(text, el);
      c.prices.rawText(text, el);
      c.buys.rawText(text, el);
      c.soldOut.rawText(text, el);
      c.challenge.rawText(text, el);
      this.lastWasText = true;
      return;
    }
    const isContinued = this.lastWasText;
    // Not shown by the browser that rendered the page (core/page/read-rendered.ts): no text a
    // person reads, so neither the log nor the price, buy and sold-out texts; the readers of
    // markup (microdata, scripts) still hear it.
    const isShown = !el.isUnrendered;
    if (isShown) this.log.append(text, el.isHidden);
    c.head.text(text, el, isContinued);
    c.scripts.text(text, el, isContinued);
    c.kept.text(text, el, isContinued);
    if (isShown) {
      c.prices.text(text, el, isContinued);
      c.buys.text(text, el, isContinued);
      c.soldOut.text(text, el, isContinued);
    }
    c.challenge.text(text, el, isContinued);
    this.lastWasText = true;
  }

  /** A closing tag: collectors hear it, then it closes the nearest open element of its name. */
  endTag(tag: TagName): void {
    const { name } = tag;
    this.lastWasText = false;
    const c = this.c as Collectors;
    c.head.endTag(name);
    c.scripts.endTag(name);
    c.kept.endTag(name);
    c.prices.endTag(name);
    c.buys.endTag(name);
    c.soldOut.endTag(name);
    c.challenge.endTag(name);
    const { stack } = this;
    for (let i = stack.length - 1, n = 0; i > 0 && n < MAX_CLOSE_SEARCH; i--, n++) {
      if (stack[i]?.tag === name) {
        while (stack.length > i) this.closeTop();
        if (tag.breaksLine) this.log.appendBreak("\n");
        return;
      }
    }
  }

  /** The innermost open element ends. */
  private closeTop(): void {
    const el = this.stack.pop();
    this.log.popped(this.stack.length);
    if (!el) return;
    const parent = el.parent ?? this.root;
    const c = this.c as Collectors;
    c.head.close(el, parent);
    c.scripts.close(el, parent);
    c.kept.close(el, parent);
    c.prices.close(el, parent);
    c.buys.close(el, parent);
    c.soldOut.close(el, parent);
    c.challenge.close(el, parent);
    // A heading naming other products ("Customers also viewed", "Ähnliche Artikel"): what its
    // section holds after it is not the product's own box (issue #34, precision).
    // Any element may stand as that heading when it opens its section's text: a <div> with the
    // words alone, first in its parent ("<section><div>Similar products</div>…").
    if (parent.isExcluded || el.textAt < 0) return;
    // A heading naming a subscription ("Subscribe & Save 15%", "Spar-Abo") opening its section's
    // text: the amounts after it there are the subscription's, not the one-time price. Its text
    // is built once for both tests, and only for short texts (a short one with digits is a
    // figure, "$12.74", not such a heading).
    const isHeadingTag = SECTION_HEADINGS.has(el.tag);
    const opensSection = el.textAt === parent.textAt && !el.isRaw;
    const length = opensSection ? this.log.lengthOf(el) : 0;
    // (No closure to build it lazily: one would be made for every element that ends.)
    let text: string | null = null;
    if (
      parent.subscriptionAt === 0 &&
      opensSection &&
      length <= 60 &&
      (length >= 15 || !this.log.hasDigit(el))
    ) {
      text = this.log.textOf(el);
      if (isSubscriptionHeading(text)) parent.subscriptionAt = el.order;
    }
    if (
      !(PAGE_LEVEL.has(parent.tag) && (this.c as Collectors).head.h1Order < 0) &&
      (isHeadingTag
        ? this.log.isShort(el)
        : opensSection && length <= 80 && !this.log.hasDigit(el)) &&
      this.isHeadingText(text ?? this.log.textOf(el), isHeadingTag)
    )
      parent.isExcluded = true;
  }

  /** A heading's words naming other products; not a heading tag: short and without digits. */
  private isHeadingText(text: string, isHeadingTag: boolean): boolean {
    if (!isHeadingTag && (text.length > 60 || /\d/.test(text))) return false;
    return ELSEWHERE_HEADING.test(text);
  }
}

/** A text field's value a person reads: a text input's, with a digit, short. */
function isShownValue(attrs: Attrs): boolean {
  const type = attrs.type?.toLowerCase() ?? "text";
  const value = attrs.value;
  return type === "text" && value !== undefined && value.length <= 40 && /\d/.test(value);
}
