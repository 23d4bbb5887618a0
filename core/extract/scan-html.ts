import { Tokenizer } from "htmlparser2";

/**
 * One linear pass over the HTML (htmlparser2's tokenizer, with our own bounded tree stack:
 * the full Parser is quadratic on deeply nested input) that keeps only what extraction reads:
 * structured-data blocks, meta tags, microdata/RDFa properties, embedded app state, and the
 * text of price-like, stock-like and title elements with their ancestry.
 */

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
  isInProductScope: boolean;
};

export type ScriptBlock = {
  type: string;
  id: string;
  attrs: Readonly<Record<string, string>>;
  text: string;
};

export type PageScan = {
  lang: string | null;
  title: string | null;
  h1: string | null;
  h1Order: number;
  canonical: string | null;
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
  hasAddToCart: boolean;
  hasCaptcha: boolean;
  bodyTokens: readonly string[];
  /** Markers of platforms seen in scripts, links and classes. */
  markers: ReadonlySet<string>;
  elementCount: number;
};

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "param",
  "keygen",
]);
const CLOSES_P = new Set([
  "div",
  "ul",
  "ol",
  "dl",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "section",
  "article",
  "form",
  "header",
  "footer",
  "nav",
  "aside",
  "main",
  "p",
  "pre",
  "blockquote",
  "figure",
  "hr",
]);
const SELF_SIBLING = new Set(["li", "option", "dt", "dd", "tr", "td", "th"]);
const TOKEN_ATTRS = [
  "data-test",
  "data-testid",
  "data-qa",
  "data-automation-id",
  "data-buy-box-region",
  "data-selector",
  "data-price-type",
  "data-component",
  "data-cy",
  "itemprop",
];
const MAX_ATTR = 4_096;
/** Attributes worth keeping (plus every data-*): the rest (srcset, svg paths, handlers) are skipped. */
const KEPT_ATTRS = new Set([
  "id",
  "class",
  "style",
  "hidden",
  "itemprop",
  "itemscope",
  "itemtype",
  "property",
  "typeof",
  "content",
  "value",
  "href",
  "src",
  "rel",
  "type",
  "name",
  "lang",
  "action",
  "aria-label",
  "datetime",
  "aria-hidden",
]);
const MAX_STACK_SEARCH = 64;
const MAX_RECORDS = 4_000;
const MAX_TEXT = 400;
const MAX_PARTS = 16;
const MAX_SCRIPT = 4_000_000;
const MAX_ANCESTOR_FRAMES = 30;

const PRICE_WORD =
  /price|preis|prix|precio|prezzo|cena|pris|amount|cost|strikethrough|a-offscreen/i;
/** Cheap first test: a token text that matches none of these words needs no other test. */
const INTERESTING =
  /pri[cx]|offscreen|preis|precio|prezzo|cena|pris|amount|cost|strike|through|was|old|list|rrp|sale|cross|previous|original|compare|regular|basis|msrp|uvp|before|standard|del|carousel|recommend|related|similar|also|upsell|up-sell|sponsor|recs-|p13n|sims-|you-may|cart|breadcrumb|newsletter|frequently|bundle|shelf|sticky|accessor|unit|per-|grundpreis|avail|stock|inventory|sold|title|product|name|pdp|buy/i;
const STRUCK =
  /strike|line-through|was-?price|price-?was|old-?price|price-?old|list-?price|rrp|non-?sale|crossed|previous-?price|original-?price|compare-?at|price--was|regular-price|basis-?price|msrp|uvp|before-?price|price-?before|price-?standard|strikethrough|del-price|price-del/i;
const EXCLUDED =
  /carousel|recommend|related|similar|also-?(bought|viewed|like)|upsell|up-sell|cross-?sell|sponsored|recs-|p13n|sims-|you-may|mini-?cart|minicart|cart-?drawer|breadcrumb|newsletter|frequently|bundle|shelf|sticky-?header|accessor/i;
const HIDDEN_CLASS =
  /(?:^|\s)(?:hidden|aok-hidden|a-hidden|d-none|is-hidden|wt-display-none|hide|visually-hidden-none|u-hidden)(?:\s|$)/;
const PER_UNIT =
  /per-?unit|unit-?price|priceperunit|price-?per-?|grundpreis|base-?price-?unit|price-?unit|unitprice|comparison-?price/i;
const TITLE_WORD = /product-?title|product_title|productname|product-name|pdp-title|item-?title/i;
const STOCK_WORD = /availability|in-?stock|out-?of-?stock|stock-?status|inventory|sold-?out|stock/i;
const ADD_TO_CART =
  /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)|buy[\s_-]?now|in den warenkorb|ajouter au panier|añadir a(l)? (la )?(cesta|carrito|carro)|aggiungi al carrello|in winkelwagen|dodaj do koszyka|lägg i varukorgen|add-to-cart|addtocart/i;
const CAPTCHA =
  /robot check|captcha|are you a (human|robot)|robot or human|verify you are human|pardon our interruption|attention required|access denied|just a moment|unusual traffic|px-captcha/i;

type Frame = {
  tag: string;
  isStruck: boolean;
  isExcluded: boolean;
  isHidden: boolean;
  isPerUnit: boolean;
  isInMain: boolean;
  /** Computed on first use (ancestry of a kept element). */
  tokens: string[] | null;
  tokenAttrs: Record<string, string> | null;
  collectors: ElementRecord[];
  scopeType: string | null;
  scopeId: number;
  isInProductScope: boolean;
  /** Script/style/title raw text collection. */
  raw: string[] | null;
  rawLength: number;
  attrs: Record<string, string>;
};

function selfTokens(attrs: Record<string, string>): string[] {
  const out: string[] = [];
  const id = attrs.id;
  if (id) out.push(`#${id.slice(0, 200)}`);
  const cls = attrs.class;
  if (cls) {
    const list = cls.slice(0, 1_000).split(/\s+/);
    for (let i = 0; i < list.length && i < 24; i++) {
      const c = list[i];
      if (c) out.push(`.${c}`);
    }
  }
  for (const name of TOKEN_ATTRS) {
    const value = attrs[name];
    if (value !== undefined) out.push(`[${name}=${value.slice(0, 200)}]`);
  }
  return out;
}

function productType(type: string | null): boolean {
  return (
    type !== null &&
    /^(product|productgroup|productmodel|individualproduct|someproducts|vehicle|car|book)$/i.test(
      type,
    )
  );
}

export function scanHtml(html: string): PageScan {
  const metas = new Map<string, string[]>();
  const jsonLd: string[] = [];
  const scripts: ScriptBlock[] = [];
  const priceElements: ElementRecord[] = [];
  const props: ElementRecord[] = [];
  const stockElements: ElementRecord[] = [];
  const titleElements: ElementRecord[] = [];
  const markers = new Set<string>();
  let lang: string | null = null;
  let title: string | null = null;
  let h1: string | null = null;
  let h1Order = -1;
  let canonical: string | null = null;
  let hasAddToCart = false;
  let bodyTokens: string[] = [];
  let order = 0;
  let scopeCounter = 0;
  let textCollectors = 0;

  const root: Frame = {
    tag: "#root",
    isStruck: false,
    isExcluded: false,
    isHidden: false,
    isPerUnit: false,
    isInMain: false,
    tokens: [],
    tokenAttrs: null,
    collectors: [],
    scopeType: null,
    scopeId: 0,
    isInProductScope: false,
    raw: null,
    rawLength: 0,
    attrs: {},
  };
  const stack: Frame[] = [root];
  const h1Record: { text: string } = { text: "" };
  const titleParts: string[] = [];
  let isInH1 = false;
  let isInTitle = false;
  let isInButton = 0;
  let buttonText = "";

  let tagName = "";
  let attrs: Record<string, string> = {};
  let attrName = "";
  let attrValue = "";
  let isAttrKept = false;
  let hasDataPriceAttr = false;
  let lastWasText = false;

  const top = (): Frame => stack[stack.length - 1] ?? root;

  const ancestorsOf = (): string[] => {
    const out: string[] = [];
    for (let i = stack.length - 1, n = 0; i > 0 && n < MAX_ANCESTOR_FRAMES; i--, n++) {
      const frame = stack[i];
      if (!frame) break;
      if (frame.tokens === null)
        frame.tokens = frame.tokenAttrs ? selfTokens(frame.tokenAttrs) : [];
      for (const t of frame.tokens) out.push(t);
      if (frame.tag === "body") break;
    }
    return out;
  };

  const closeFrame = (): void => {
    const frame = stack.pop();
    if (!frame) return;
    textCollectors -= frame.collectors.length;
    if (frame.raw) {
      const text = frame.raw.join("");
      if (frame.tag === "script") {
        const type = (frame.attrs.type ?? "").toLowerCase();
        if (type.includes("ld+json")) jsonLd.push(text);
        else if (
          type.includes("json") ||
          frame.attrs.id ||
          /__TGT_DATA__|runParams|ShopifyAnalytics|Shopify\.|__NEXT_DATA__|__PRELOADED_STATE__|var meta =|window\.App|__INITIAL_STATE__|woocommerce|Magento|BCData|data-product-json|"divisor"/.test(
            text.slice(0, 20_000),
          )
        ) {
          scripts.push({ type, id: frame.attrs.id ?? "", attrs: frame.attrs, text });
        }
        if (/cdn\.shopify\.com|Shopify\.shop|ShopifyAnalytics/.test(text.slice(0, 100_000)))
          markers.add("shopify");
        if (/BCData|bigcommerce/i.test(text.slice(0, 100_000))) markers.add("bigcommerce");
        if (/Magento_|mage\/|"Magento/.test(text.slice(0, 100_000))) markers.add("magento");
        if (/woocommerce|wc_add_to_cart/i.test(text.slice(0, 100_000))) markers.add("woocommerce");
      }
    }
    for (const record of frame.collectors) {
      record.text = record.text.replace(/\s+/g, " ").trim();
    }
    if (frame.tag === "h1") isInH1 = false;
    if (frame.tag === "title") isInTitle = false;
    if (frame.tag === "button" || frame.tag === "a") {
      isInButton--;
      if (isInButton === 0) {
        if (ADD_TO_CART.test(buttonText)) hasAddToCart = true;
        buttonText = "";
      }
    }
  };

  const closeTo = (name: string): void => {
    for (let i = stack.length - 1, n = 0; i > 0 && n < MAX_STACK_SEARCH; i--, n++) {
      if (stack[i]?.tag === name) {
        while (stack.length > i) closeFrame();
        return;
      }
    }
  };

  const appendText = (text: string): void => {
    const frame = top();
    if (frame.raw) {
      if (frame.rawLength < MAX_SCRIPT) {
        frame.raw.push(text);
        frame.rawLength += text.length;
      }
      if (isInTitle && titleParts.length < 50) titleParts.push(text);
      return;
    }
    if (isInH1 && h1Record.text.length < 1_000) h1Record.text += text;
    if (isInButton > 0 && buttonText.length < 200) buttonText += text;
    if (textCollectors === 0) return;
    const isBlank = text.trim() === "";
    // Innermost collectors only: bounded work per text run, whatever the nesting.
    let fed = 0;
    for (let i = stack.length - 1; i > 0 && fed < 8; i--) {
      const f = stack[i];
      if (!f) break;
      for (const record of f.collectors) {
        fed++;
        if (record.text.length < MAX_TEXT) record.text += text;
        if (isBlank) continue;
        if (lastWasText && record.parts.length > 0) {
          const last = record.parts.length - 1;
          if ((record.parts[last] ?? "").length < MAX_TEXT) record.parts[last] += text;
        } else if (record.parts.length < MAX_PARTS) {
          record.parts.push(text);
        }
      }
      if (f.tag === "body") break;
    }
  };

  const openTag = (
    name: string,
    attributes: Record<string, string>,
    isSelfClosing: boolean,
  ): void => {
    order++;
    const current = top();
    if (SELF_SIBLING.has(name) && current.tag === name) closeFrame();
    else if ((name === "td" || name === "th") && (current.tag === "td" || current.tag === "th"))
      closeFrame();
    else if (CLOSES_P.has(name) && current.tag === "p") closeFrame();
    const parent = top();

    if (name === "html" && attributes.lang) lang = attributes.lang.slice(0, 40);
    if (name === "meta") {
      const key = (
        attributes.property ??
        attributes.name ??
        attributes.itemprop ??
        ""
      ).toLowerCase();
      const content = attributes.content;
      if (key && content !== undefined && key.length < 100) {
        const list = metas.get(key);
        if (list) {
          if (list.length < 50) list.push(content.slice(0, MAX_ATTR));
        } else metas.set(key, [content.slice(0, MAX_ATTR)]);
      }
    }
    if (name === "link") {
      const rel = (attributes.rel ?? "").toLowerCase();
      if (rel === "canonical" && attributes.href && canonical === null) canonical = attributes.href;
      if (attributes.href?.includes("cdn.shopify.com")) markers.add("shopify");
    }
    if (
      (name === "img" || name === "link" || name === "script") &&
      (attributes.src ?? attributes.href ?? "").includes("cdn.shopify.com")
    ) {
      markers.add("shopify");
    }
    if (name === "input" || name === "button") {
      const label = `${attributes.value ?? ""} ${attributes.name ?? ""} ${attributes.id ?? ""} ${attributes["aria-label"] ?? ""}`;
      if (ADD_TO_CART.test(label.slice(0, 300))) hasAddToCart = true;
    }
    if (
      name === "form" &&
      /\/cart\/add|add-to-cart|addtocart|\/cart\/listing/i.test(attributes.action ?? "")
    ) {
      hasAddToCart = true;
    }

    let tokenText = "";
    if (attributes.id) tokenText += `${attributes.id.slice(0, 200)} `;
    if (attributes.class) tokenText += `${attributes.class.slice(0, 1_000)} `;
    for (const attr of TOKEN_ATTRS) {
      const v = attributes[attr];
      if (v !== undefined) tokenText += `${attr}=${v.slice(0, 200)} `;
    }
    const hasTokens = tokenText !== "";
    const isInteresting = hasTokens && INTERESTING.test(tokenText);
    if (name === "body") {
      bodyTokens = selfTokens(attributes);
      const cls = attributes.class ?? "";
      if (/woocommerce/.test(cls)) markers.add("woocommerce");
      if (/catalog-product-view|page-product-/.test(cls)) markers.add("magento");
    }
    const style = attributes.style ? attributes.style.slice(0, 500).toLowerCase() : "";
    const isStruck =
      parent.isStruck ||
      name === "s" ||
      name === "del" ||
      name === "strike" ||
      (isInteresting && STRUCK.test(tokenText)) ||
      style.includes("line-through") ||
      attributes["data-a-strike"] === "true";
    const isExcluded =
      parent.isExcluded ||
      name === "nav" ||
      name === "footer" ||
      name === "aside" ||
      (name === "header" && !parent.isInMain) ||
      (isInteresting && EXCLUDED.test(tokenText));
    const isHidden =
      parent.isHidden ||
      attributes.hidden !== undefined ||
      /display\s*:\s*none|visibility\s*:\s*hidden/.test(style) ||
      (attributes.class !== undefined && HIDDEN_CLASS.test(attributes.class)) ||
      (name === "input" && attributes.type === "hidden");
    const isPerUnit = parent.isPerUnit || (isInteresting && PER_UNIT.test(tokenText));
    const isInMain =
      parent.isInMain ||
      name === "main" ||
      name === "article" ||
      (isInteresting && /product|pdp|buy-?box/i.test(tokenText));

    // Microdata and RDFa scopes. A property element that opens its own scope belongs to the parent.
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
    const prop = propRaw ? (propRaw.trim().split(/\s+/)[0]?.split(/[/#]/).pop() ?? null) : null;

    const frame: Frame = {
      tag: name,
      isStruck,
      isExcluded,
      isHidden,
      isPerUnit,
      isInMain,
      tokens: hasTokens ? null : [],
      tokenAttrs: hasTokens ? attributes : null,
      collectors: [],
      scopeType: hasScope ? scopeType : parent.scopeType,
      scopeId: hasScope ? ++scopeCounter : parent.scopeId,
      isInProductScope: parent.isInProductScope || (hasScope && productType(scopeType)),
      raw:
        name === "script" ||
        name === "style" ||
        name === "title" ||
        name === "textarea" ||
        name === "template"
          ? []
          : null,
      rawLength: 0,
      attrs: name === "script" ? attributes : {},
    };
    if (name === "template") frame.raw = null;

    const wants = {
      price: (isInteresting && PRICE_WORD.test(tokenText)) || hasDataPriceAttr,
      prop: prop !== null && prop !== "",
      stock: isInteresting && STOCK_WORD.test(tokenText),
      title: isInteresting && titleElements.length < 20 && TITLE_WORD.test(tokenText),
    };
    if (wants.price || wants.prop || wants.stock || wants.title) {
      const kept: Record<string, string> = {};
      for (const [k, v] of Object.entries(attributes)) {
        if (k === "class" || k === "style") continue;
        kept[k] = v.slice(0, MAX_ATTR);
      }
      const tokens = selfTokens(attributes);
      frame.tokens = tokens;
      const record: ElementRecord = {
        order,
        tag: name,
        attrs: kept,
        tokens,
        ancestors: ancestorsOf(),
        text: "",
        parts: [],
        isStruck,
        isExcluded,
        isHidden,
        isPerUnit,
        prop: wants.prop ? prop : null,
        propSource: wants.prop ? (attributes.itemprop ? "microdata" : "rdfa") : null,
        scopeType: parent.scopeType,
        scopeId: parent.scopeId,
        isInProductScope: parent.isInProductScope,
      };
      let isKept = false;
      if (wants.price && priceElements.length < MAX_RECORDS) {
        priceElements.push(record);
        isKept = true;
      }
      if (wants.prop && props.length < MAX_RECORDS) {
        props.push(record);
        isKept = true;
      }
      if (wants.stock && stockElements.length < 300) {
        stockElements.push(record);
        isKept = true;
      }
      if (wants.title) {
        titleElements.push(record);
        isKept = true;
      }
      if (isKept && !VOID.has(name) && !isSelfClosing) {
        frame.collectors.push(record);
        textCollectors++;
      }
    }

    if (name === "h1" && h1Order < 0) {
      isInH1 = true;
      h1Order = order;
    }
    if (name === "title" && title === null && !parent.scopeType) isInTitle = true;
    if (name === "button" || name === "a") isInButton++;

    if (VOID.has(name) || isSelfClosing) {
      if (frame.collectors.length > 0) textCollectors -= frame.collectors.length;
      if (name === "button" || name === "a") isInButton--;
      return;
    }
    stack.push(frame);
  };

  const finishOpen = (isSelfClosing: boolean): void => {
    const name = tagName;
    const attributes = attrs;
    tagName = "";
    attrs = {};
    lastWasText = false;
    openTag(name, attributes, isSelfClosing);
    if (name === "title" && isInTitle) {
      // title text arrives as raw text
    }
  };

  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onattribdata(start, end) {
        if (isAttrKept && attrValue.length < 1_100_000) attrValue += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (isAttrKept) attrValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (isAttrKept && attrName && attrs[attrName] === undefined) attrs[attrName] = attrValue;
        attrName = "";
        attrValue = "";
      },
      onattribname(start, end) {
        attrName = html.slice(start, Math.min(end, start + 100)).toLowerCase();
        attrValue = "";
        isAttrKept = KEPT_ATTRS.has(attrName) || attrName.startsWith("data-");
        if (attrName.startsWith("data-price") || attrName.startsWith("data-product-price"))
          hasDataPriceAttr = true;
      },
      oncdata() {},
      onclosetag(start, end) {
        lastWasText = false;
        const name = html.slice(start, Math.min(end, start + 40)).toLowerCase();
        if (name === "title" && isInTitle) {
          title = titleParts.join("").replace(/\s+/g, " ").trim();
          isInTitle = false;
        }
        if (name === "h1" && isInH1) h1 = h1Record.text.replace(/\s+/g, " ").trim();
        closeTo(name);
      },
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {
        finishOpen(false);
      },
      onopentagname(start, end) {
        tagName = html.slice(start, Math.min(end, start + 40)).toLowerCase();
        attrs = {};
        hasDataPriceAttr = false;
      },
      onprocessinginstruction() {},
      onselfclosingtag() {
        finishOpen(true);
      },
      ontext(start, end) {
        appendText(html.slice(start, end));
        lastWasText = true;
      },
      ontextentity(codepoint) {
        appendText(String.fromCodePoint(codepoint));
        lastWasText = true;
      },
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  while (stack.length > 1) closeFrame();
  if (h1 === null && h1Record.text) h1 = h1Record.text.replace(/\s+/g, " ").trim();
  if (title === null && titleParts.length > 0)
    title = titleParts.join("").replace(/\s+/g, " ").trim();

  const head = `${title ?? ""} ${h1 ?? ""}`;
  const hasCaptcha =
    CAPTCHA.test(head) ||
    /validateCaptcha|captcha-delivery|cf-challenge|challenge-platform|px-captcha/.test(
      html.length > 300_000 ? "" : html,
    );
  return {
    lang,
    title,
    h1,
    h1Order,
    canonical,
    metas,
    jsonLd,
    scripts,
    priceElements,
    props,
    stockElements,
    titleElements,
    hasAddToCart,
    hasCaptcha,
    bodyTokens,
    markers,
    elementCount: order,
  };
}
