/** What one pass over a page keeps for the readers (see index.ts). */

/** An element kept for later reading, with its own and its ancestors' selector tokens. */
export type ElementRecord = {
  order: number;
  tag: string;
  attrs: Readonly<Record<string, string>>;
  /** "#id", ".class", "[data-test=value]" tokens of the element itself. */
  tokens: readonly string[];
  /** Tokens of up to 30 ancestors, nearest first. */
  ancestors: readonly string[];
  /** Whitespace-collapsed text content (capped). */
  text: string;
  /** Text of each descendant text run, in order (capped). */
  parts: string[];
  isStruck: boolean;
  isExcluded: boolean;
  isHidden: boolean;
  isPerUnit: boolean;
  /** Microdata/RDFa: property name, the type of the item it belongs to, and that item's id. */
  prop: string | null;
  propSource: "microdata" | "rdfa" | null;
  scopeType: string | null;
  scopeId: number;
  /** The product item the property belongs to (0: none), to tell products apart (element.ts). */
  productScopeId: number;
  isInProductScope: boolean;
};

export type ScriptBlock = {
  type: string;
  id: string;
  attrs: Readonly<Record<string, string>>;
  text: string;
};

/**
 * The innermost element whose short visible text holds a number next to a currency (or a bare
 * number in a price-named element): a candidate for the visible price, whatever the store's
 * markup or language. Features for scoring are measured here, once.
 */
export type PriceText = {
  /** Element order at open (document position). */
  order: number;
  tag: string;
  /** Visible text; "\n" where a block or line break separates parts, "\uE000" before a <sup>. */
  text: string;
  /** Own and nearest ancestors' id/class/data tokens, lower-cased, space-joined (capped). */
  tokens: string;
  /** Visible text just before the element (≤ 60 chars) and just after it (≤ 40 chars). */
  before: string;
  /** The end of `before` on the element's own line: no block or line break between (≤ 60). */
  lineBefore: string;
  after: string;
  /** The start of `after` on the element's own line: up to a block or line break (≤ 40). */
  lineAfter: string;
  /** <del>, <s>, <strike> or a line-through style (markup, not a class name). */
  isStruckMarkup: boolean;
  /** A class or attribute that says "old", "was", "list price" … */
  isStruckClass: boolean;
  isExcluded: boolean;
  isHidden: boolean;
  isPerUnit: boolean;
  isInMain: boolean;
  isInProductScope: boolean;
  /** Inside <strong>/<b>/<h1>…<h4>, or a large font size set inline. */
  isEmphasised: boolean;
  /** Inside a <form>, an <option> or a <select>. */
  isInForm: boolean;
  /** The address of the link it is in (`<a href>`, not "#…" nor "javascript:"), else null. */
  linkHref: string | null;
  isInOption: boolean;
  /** In the label of a radio button not checked (an option, whether or not the page checks another). */
  isUncheckedRadio: boolean;
  /** The order of the heading naming a subscription whose section it is in; 0 outside any. */
  subscriptionAt: number;
  /** Microdata/RDFa property of the element or its parent ("price"), if any. */
  prop: string | null;
  /** Element depth in the tree. */
  depth: number;
  /** Texts of descendants that are price texts themselves (their amounts are theirs). */
  childPrices: readonly string[];
};

/** A control that puts the product in the cart (any language, found by structure and words). */
export type BuyControl = {
  order: number;
  isDisabled: boolean;
  /** Its text says sold out / unavailable / notify me. */
  saysSoldOut: boolean;
  /** Its text says pre-order ("Pre-order now", "Vorbestellen"). */
  saysPreorder: boolean;
  /**
   * A variant's button that says it is sold out ("M - Sold out"), without buy words or an
   * add-to-cart token: an option of the product, not its buy control (issue #34 class 8).
   */
  isVariantOption: boolean;
  /** Found by its words (any listed language) rather than by structure alone. */
  hasBuyWords: boolean;
  /** A quantity field (structure of a buy box), not a button. */
  isQuantity: boolean;
  /** In navigation, footer, carousels or recommendations. */
  isExcluded: boolean;
  /** A link or box (not a button or input): before the title it is the header's, not the buy box's. */
  isLink: boolean;
};

/** A short visible text saying the product is sold out. */
export type SoldOutText = {
  order: number;
  text: string;
  isExcluded: boolean;
  isInOption: boolean;
  /** Speaks of one size, colour or variant ("Size L is sold out", "M - Sold out"). */
  isVariant: boolean;
};

export type PageScan = {
  lang: string | null;
  title: string | null;
  h1: string | null;
  h1Order: number;
  /** The first body element whose text is the page's og:title (-1: none, or a product <h1> came first). */
  titleMatchOrder: number;
  /** A count of results right after the first <h1> ("1,032 items"): a list's heading (-1: none). */
  resultCountOrder: number;
  /** A notice right after the first <h1> that the price shows only in the cart ("See price in cart"; -1: none). */
  priceInCartOrder: number;
  /** The first shown <h1> outside header, navigation and footer naming the product as og:title or <title> do (-1: none). */
  titleH1Order: number;
  /** The first <h1> stands in a header, navigation or footer. */
  isH1Excluded: boolean;
  canonical: string | null;
  /** `<link rel="alternate" hreflang>` of the page, in document order. */
  hreflangs: readonly { lang: string; href: string }[];
  /**
   * ISO codes the page states as its currency outside its prices: scripts (data layer,
   * analytics, settings), a selected currency option, `data-currency` attributes; with counts.
   */
  statedCurrencies: ReadonlyMap<string, number>;
  /**
   * The currency a shown sentence states the page's prices are in ("All prices are in AUD"),
   * each sentence naming one; several sentences naming different ones decide nothing.
   */
  sentenceCurrencies: ReadonlySet<string>;
  /** Meta tags by lower-cased property/name, every value in document order. */
  metas: ReadonlyMap<string, readonly string[]>;
  jsonLd: readonly string[];
  scripts: readonly ScriptBlock[];
  /** Elements whose id/class/data attributes speak of a price. */
  priceElements: readonly ElementRecord[];
  /** Microdata (itemprop) and RDFa (property) elements. */
  props: readonly ElementRecord[];
  /** Elements whose id/class speak of availability or stock. */
  stockElements: readonly ElementRecord[];
  /** Elements whose id/class name them the product title (`#productTitle`, `.product-title`). */
  titleElements: readonly ElementRecord[];
  /** Every short visible text that looks like a price (see PriceText). */
  priceTexts: readonly PriceText[];
  /** Buy controls and quantity inputs, in document order. */
  buyControls: readonly BuyControl[];
  /** Short visible texts saying the product is sold out (with their order). */
  soldOutTexts: readonly SoldOutText[];
  hasAddToCart: boolean;
  /**
   * The variant the page's add-to-cart form adds: its hidden `<input name="id">` (Shopify's
   * product form), the one the buy box shows. Null when the page has none.
   */
  cartVariantId: string | null;
  hasCaptcha: boolean;
  bodyTokens: readonly string[];
  /** Markers of platforms seen in scripts, links and classes. */
  markers: ReadonlySet<string>;
  elementCount: number;
};
