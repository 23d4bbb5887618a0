import { ISO_CODES } from "../../../money/currencies.ts";
import {
  CURRENCY_NAMED,
  PLATFORM_ASSET,
  PLATFORM_BODY,
  PRICE_IN_CART_NOTICE,
  PRICES_STATED_IN,
  PRICES_STATED_LEAD,
  RESULT_COUNT,
} from "../../vocabulary/patterns.ts";
import type { Attrs } from "../attrs.ts";
import { lowerWords } from "../chars.ts";
import { Hooks } from "../collector.ts";
import { type Element, selfTokens } from "../element.ts";
import { BREAKS_LINE } from "../html.ts";
import { TextMemo } from "../memo.ts";
import type { TextLog } from "../text-log.ts";

const MAX_ATTR = 4_096;
/** How many elements after the first <h1> a count of results may open. */
const RESULT_COUNT_SPAN = 12;
/** How far (in elements) after the first <h1> a notice that the price shows in the cart is read. */
const PRICE_IN_CART_SPAN = 40;

/**
 * Head and meta: the page's language, meta tags, canonical link, <title>, first <h1>, the
 * <body>'s tokens, and the platforms its links and body classes name.
 */
export class HeadAndMeta extends Hooks {
  lang: string | null = null;
  /** Meta tags by lower-cased property/name, every value in document order (≤ 50 each). */
  readonly metas = new Map<string, string[]>();
  canonical: string | null = null;
  /** `<link rel="alternate" hreflang>`: the languages and regions the page is offered in. */
  readonly hreflangs: { lang: string; href: string }[] = [];
  /**
   * ISO codes an element states as the currency in use: a selected `<option>` of a currency
   * selector, a `data-currency` attribute.
   */
  readonly selectedCurrencies = new Map<string, number>();
  /**
   * ISO codes a shown text gives with their sign, as a country and currency selector shows the
   * one in use ("Canada (CAD $)", "United States (USD $)"), counted by code.
   */
  readonly shownCurrencies = new Map<string, number>();
  /**
   * The currency each shown sentence stating the prices' currency names, when it names one
   * ("All prices are in AUD", "Prices shown in CAD"; not "prices in USD, CAD or AUD").
   */
  readonly sentenceCurrencies = new Set<string>();
  /** Blocks holding the words of such a sentence, read whole at their end. */
  private readonly sentenceBlocks = new Set<Element>();
  bodyTokens: string[] = [];
  /** Platforms named by links (Shopify's CDN) and body classes. */
  readonly markers = new Set<string>();
  private title: string | null = null;
  private titleParts: string[] = [];
  private isInTitle = false;
  private h1: string | null = null;
  private h1Text = "";
  h1Order = -1;
  private isInH1 = false;
  /**
   * Where the first element of the body that names the product as og:title or <title> do
   * stands (`namesTitle`): the title a person sees on a page with no <h1> (a classified ad's
   * posting title, a title styled as a <div>) or whose first <h1> is the site's logo.
   */
  titleMatchOrder = -1;
  /** A count of results right after the first <h1> ("1,032 items"): its order, -1 when none. */
  resultCountOrder = -1;
  /** A notice right after the first <h1> that the price shows only in the cart: its order, -1 when none. */
  priceInCartOrder = -1;
  /** The first <h1> stands in a header, navigation or footer (a logo's, not a product's). */
  isH1Excluded = false;
  /**
   * The first shown <h1> outside header, navigation and footer whose words name the product as
   * og:title or <title> do: the title when a pop-up's or a promotion's <h1> ("15% sparen", "Sign
   * up for 10% off") comes before it, names scrambled or unknown.
   */
  titleH1Order = -1;
  /**
   * The names a title element of the body may show, once read (undefined: not read yet):
   * og:title and the page's <title>, whole and their longest part between separators ("Walnut
   * Desk | Brand" → "walnut desk"), each as its words.
   */
  private titleTargets: readonly TitleTarget[] | undefined;
  private namesTitle = new TextMemo((_text: string) => false);
  private readonly log: TextLog;

  constructor(log: TextLog) {
    super();
    this.log = log;
  }

  override open(el: Element, parent: Element, attrs: Attrs, _isLeaf: boolean): void {
    const name = el.tag;
    if (name === "html" && attrs.lang) this.lang = attrs.lang.slice(0, 40);
    if (name === "meta") {
      const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? "").toLowerCase();
      const content = attrs.content;
      if (key && content !== undefined && key.length < 100) {
        const list = this.metas.get(key);
        if (list) {
          if (list.length < 50) list.push(content.slice(0, MAX_ATTR));
        } else this.metas.set(key, [content.slice(0, MAX_ATTR)]);
        // The names to find are read again once og:title is known (it may follow the body's
        // first elements: a page's markup puts metas anywhere).
        if (key === "og:title" || key === "og:site_name") this.titleTargets = undefined;
      }
    }
    if (name === "link") {
      const rel = (attrs.rel ?? "").toLowerCase();
      if (rel === "canonical" && attrs.href && this.canonical === null) this.canonical = attrs.href;
      if (attrs.hreflang && attrs.href && this.hreflangs.length < 300)
        this.hreflangs.push({ lang: attrs.hreflang.slice(0, 20), href: attrs.href.slice(0, 500) });
    }
    if (name === "img" || name === "link" || name === "script") {
      const address = attrs.src ?? attrs.href ?? "";
      for (const [platform, pattern] of PLATFORM_ASSET)
        if (pattern.test(address)) this.markers.add(platform);
    }
    if (name === "option" && attrs.selected !== undefined) this.stateCurrency(attrs.value);
    const data = attrs.data;
    if (data !== null) {
      this.stateCurrency(data["data-currency"]);
      this.stateCurrency(data["data-currency-code"]);
    }
    if (name === "body") {
      this.bodyTokens = selfTokens(attrs);
      const cls = attrs.class ?? "";
      for (const [platform, pattern] of PLATFORM_BODY)
        if (pattern.test(cls)) this.markers.add(platform);
    }
    if (name === "h1" && this.h1Order < 0) {
      this.isInH1 = true;
      this.h1Order = el.order;
      this.isH1Excluded = el.isExcluded;
    }
    // A <title> inside a microdata or RDFa item is the item's, not the page's.
    if (name === "title" && this.title === null && !parent.scopeType) this.isInTitle = true;
  }

  /** A block holding a sentence stating the prices' currency: the one currency it names. */
  private readSentence(el: Element): void {
    if (this.sentenceCurrencies.size >= 5 || this.log.lengthOf(el) > 400) return;
    const named = currenciesStatedIn(this.log.textOf(el).replace(/\s+/g, " "));
    if (named.size === 1) for (const code of named) this.sentenceCurrencies.add(code);
  }

  private stateCurrency(value: string | undefined): void {
    if (value === undefined || value.length !== 3) return;
    const code = value.toUpperCase();
    if (!ISO_CODES.has(code)) return;
    this.selectedCurrencies.set(code, (this.selectedCurrencies.get(code) ?? 0) + 1);
  }

  override text(text: string, el: Element, _isContinued: boolean): void {
    if (this.isInH1 && this.h1Text.length < 1_000) this.h1Text += text;
    // A sentence stating the prices' currency is read whole at its block's end (the currency may
    // stand in an element of its own: "All prices are in <strong>AUD</strong>").
    if (!el.isHidden && text.length < 400 && this.sentenceBlocks.size < 10) {
      if (PRICES_STATED_LEAD.test(text)) {
        let block: Element | null = el;
        while (block && !BREAKS_LINE.has(block.tag)) block = block.parent;
        if (block) this.sentenceBlocks.add(block);
      }
    }
    if (!el.isHidden && text.length < 200 && text.includes("(") && this.shownCurrencies.size < 20)
      for (const m of text.matchAll(CODE_WITH_SIGN)) {
        const code = m[1] as string;
        if (ISO_CODES.has(code))
          this.shownCurrencies.set(code, (this.shownCurrencies.get(code) ?? 0) + 1);
      }
  }

  override rawText(text: string, _el: Element): void {
    if (this.isInTitle && this.titleParts.length < 50) this.titleParts.push(text);
  }

  /** The title and the h1 are read at their own closing tag. */
  override endTag(name: string): void {
    if (name === "title" && this.isInTitle) {
      this.title = this.titleParts.join("").replace(/\s+/g, " ").trim();
      this.isInTitle = false;
      this.titleTargets = undefined;
    }
    if (name === "h1" && this.isInH1) this.h1 = this.h1Text.replace(/\s+/g, " ").trim();
  }

  override close(el: Element, _parent: Element): void {
    if (this.sentenceBlocks.size > 0 && this.sentenceBlocks.delete(el)) this.readSentence(el);
    if (this.resultCountOrder < 0 && this.h1Order >= 0 && el.order > this.h1Order)
      this.matchResultCount(el);
    if (this.priceInCartOrder < 0 && this.h1Order >= 0 && el.order > this.h1Order)
      this.matchPriceInCart(el);
    if (el.tag === "h1") {
      this.isInH1 = false;
      if (this.titleH1Order < 0 && !el.isExcluded && !el.isHidden && el.textAt >= 0)
        this.matchTitleH1(el);
    }
    if (el.tag === "title") this.isInTitle = false;
    if (this.titleMatchOrder < 0 && (this.h1Order < 0 || this.isH1Excluded) && el.textAt >= 0)
      this.matchTitle(el);
  }

  /**
   * A count of results within a few elements after the first <h1> ("1,032 items", "Showing 1-24
   * of 48 results"): the heading is a list's.
   */
  private matchResultCount(el: Element): void {
    if (el.order - this.h1Order > RESULT_COUNT_SPAN || el.isExcluded || el.isHidden) return;
    const length = this.log.lengthOf(el);
    if (length < 7 || length > 60 || !this.log.hasDigit(el)) return;
    const text = this.log.textOf(el).replace(/\s+/g, " ").trim();
    if (RESULT_COUNT.test(text)) this.resultCountOrder = el.order;
  }

  /** "See price in cart" within a few elements after the first <h1>, shown, in no other product's row. */
  private matchPriceInCart(el: Element): void {
    if (el.order - this.h1Order > PRICE_IN_CART_SPAN || el.isExcluded || el.isHidden) return;
    const length = this.log.lengthOf(el);
    if (length < 8 || length > 80) return;
    if (PRICE_IN_CART_NOTICE.test(this.log.textOf(el))) this.priceInCartOrder = el.order;
  }

  private matchTitle(el: Element): void {
    const targets = this.targets();
    if (targets.length === 0 || el.isExcluded || !this.log.isShort(el)) return;
    // A breadcrumb's last step names the product too ("Coffee Makers > <span>Nespresso …"), in
    // an inline element right after a separator: not the title (a block after "… today >" may be).
    if (INLINE.has(el.tag) && endsWithSeparator(el.before)) return;
    // Half a name's words need about a third of its characters: shorter texts name nothing.
    const length = this.log.lengthOf(el);
    const shortest = targets[targets.length - 1]?.text.length ?? 0;
    if (length < Math.max(6, shortest / 3) || length > (targets[0]?.text.length ?? 0) + 40) return;
    if (this.namesTitle.of(this.log.textOf(el))) this.titleMatchOrder = el.order;
    // A heading below <h1> naming the title's shorter part ("Kawakawa Balm 50 g | Te Whenua
    // Botanicals", no og:site_name saying which part is the store's).
    else if (HEADING.has(el.tag)) {
      const words = wordsOf(this.log.textOf(el));
      if (targets.some((t) => t.isHeadingOnly && namesTitle(words, t)))
        this.titleMatchOrder = el.order;
    }
  }

  private matchTitleH1(el: Element): void {
    const targets = this.targets();
    const length = this.log.lengthOf(el);
    if (targets.length === 0 || length > (targets[0]?.text.length ?? 0) + 40) return;
    if (this.namesTitle.of(this.log.textOf(el))) this.titleH1Order = el.order;
  }

  /**
   * The names a title element may show, read again once og:title or <title> changed them, and
   * whether a text names one of them (each distinct text tested once: wrappers around one text
   * repeat it).
   */
  private targets(): readonly TitleTarget[] {
    if (this.titleTargets !== undefined) return this.titleTargets;
    const targets = titleTargets(
      this.metas.get("og:title")?.[0],
      this.title,
      this.metas.get("og:site_name")?.[0],
    );
    this.titleTargets = targets;
    this.namesTitle = new TextMemo((text) => {
      const words = wordsOf(text);
      return targets.some((t) => !t.isHeadingOnly && namesTitle(words, t));
    });
    return targets;
  }

  /** The title and the first h1, also when their closing tag never came. */
  titleAndH1(): { title: string | null; h1: string | null } {
    if (this.h1 === null && this.h1Text) this.h1 = this.h1Text.replace(/\s+/g, " ").trim();
    if (this.title === null && this.titleParts.length > 0)
      this.title = this.titleParts.join("").replace(/\s+/g, " ").trim();
    return { title: this.title, h1: this.h1 };
  }
}

/** An ISO code and its sign in parentheses, as a currency selector shows one: "(CAD $)". */
const CODE_WITH_SIGN = /\(([A-Z]{3})\s?[^\s\p{L}\p{N})]{1,3}\)/gu;
const TITLE_SEPARATORS = /\s+[|\-–—:·»/]\s+/;
const SEPARATORS = ">›»/|\\";

/** The text ends with a separator, white space after it aside (`/[>›»/|\\]\s*$/`). */
function endsWithSeparator(text: string): boolean {
  const end = text.trimEnd();
  return end !== "" && SEPARATORS.includes(end[end.length - 1] as string);
}
const HEADING = new Set(["h2", "h3"]);
const INLINE = new Set(["span", "a", "li", "b", "strong", "em", "i", "small"]);

/**
 * A title to find in the body: its text, lower case, its words, and the share of them an element
 * must show (a whole title 60 %, its product part half).
 */
type TitleTarget = {
  text: string;
  words: ReadonlySet<string>;
  size: number;
  cover: number;
  /** A shorter part, named only by a heading (the longest may be the store's name). */
  isHeadingOnly: boolean;
};

/** `text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)` (chars.ts). */
const wordsOf = lowerWords;

/**
 * og:title and <title>, whole (without the site's name, og:site_name) and their longest part
 * between separators, longest first: the product's name without the store's ("Walnut Desk |
 * Brand", "Brand - Walnut Desk"). Texts under 6 characters name nothing.
 */
function titleTargets(
  og: string | undefined,
  title: string | null,
  siteName: string | undefined,
): readonly TitleTarget[] {
  const site = siteName?.replace(/\s+/g, " ").trim().toLowerCase();
  const texts = new Map<string, number>();
  const shorter = new Set<string>();
  for (const raw of [og, title]) {
    const whole = raw?.replace(/\s+/g, " ").trim().toLowerCase();
    if (!whole) continue;
    const parts = whole.split(TITLE_SEPARATORS);
    const own = parts.filter((part) => part !== site);
    if (own.length === 0) continue;
    texts.set(own.join(" "), 0.6);
    if (parts.length < 2) continue;
    const longest = own.reduce((a, b) => (b.length > a.length ? b : a), "");
    texts.set(longest, 0.5);
    for (const part of own) if (part !== longest) shorter.add(part);
  }
  for (const part of shorter) if (!texts.has(part)) texts.set(part, -0.5);
  return [...texts]
    .filter(([text]) => text.length >= 6)
    .sort(([a], [b]) => b.length - a.length)
    .map(([text, cover]) => {
      const words = new Set(wordsOf(text));
      return { text, words, size: words.size, cover: Math.abs(cover), isHeadingOnly: cover < 0 };
    });
}

/**
 * An element's words name the title when they are two or more, all but one of them the title's
 * (two of five or more: "Details about", a size), and cover its share of its words: the
 * name as the page shows it ("Urban Decay All Nighter Setting Spray" for "Sephora: Urban Decay :
 * All Nighter Setting Spray"), never a breadcrumb's one word nor the store's name.
 */
function namesTitle(words: readonly string[], target: TitleTarget): boolean {
  if (words.length < 2) return false;
  const seen = new Set<string>();
  let foreign = 0;
  for (const w of words) {
    if (target.words.has(w)) seen.add(w);
    else foreign++;
  }
  const allowed = words.length >= 5 ? 2 : words.length >= 3 ? 1 : 0;
  return foreign <= allowed && seen.size >= Math.max(2, Math.ceil(target.cover * target.size));
}

/**
 * The currencies a sentence states the page's prices are in: the ISO codes and currency names
 * in the clause after its words ("All prices are in Australian dollars (AUD)": AUD), none when
 * the text is no such sentence.
 */
export function currenciesStatedIn(text: string): Set<string> {
  const named = new Set<string>();
  const clause = PRICES_STATED_IN.exec(text)?.[1];
  if (!clause) return named;
  for (const m of clause.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g))
    if (ISO_CODES.has(m[1] as string)) named.add(m[1] as string);
  for (const [code, pattern] of CURRENCY_NAMED) if (pattern.test(clause)) named.add(code);
  return named;
}
