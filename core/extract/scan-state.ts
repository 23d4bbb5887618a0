import { type Attrs, attrOf } from "./scan-attrs.ts";
import type { BuyControl, ElementRecord, PageScan, PriceText, ScriptBlock } from "./scan-types.ts";
import { TOKEN_ATTRS } from "./scan-words.ts";

/** One open element on the scan's own bounded stack. */
export type Frame = {
  tag: string;
  /** The element it opened in (null: the root), which stays below it on the stack. */
  parent: Frame | null;
  order: number;
  depth: number;
  isStruck: boolean;
  isStruckMarkup: boolean;
  isExcluded: boolean;
  isHidden: boolean;
  isPerUnit: boolean;
  isInMain: boolean;
  isEmphasised: boolean;
  isInForm: boolean;
  isInOption: boolean;
  /** Computed on first use (ancestry of a kept element). */
  tokens: string[] | null;
  tokenAttrs: Attrs | null;
  /** Its own id/class/data tokens speak of a price (PRICE_WORD). */
  hasPriceWord: boolean;
  collectors: ElementRecord[];
  /** The stack position of the nearest <body> at or below this element (-1: none). */
  bodyDepth: number;
  scopeType: string | null;
  scopeId: number;
  isInProductScope: boolean;
  prop: string | null;
  /** Script/style/title raw text collection. */
  raw: string[] | null;
  rawLength: number;
  attrs: Record<string, string>;
  /**
   * Where the element's visible text starts in the page's text log (ScanState.chunks): the
   * position and chunk of the first text after it opened, -1 while it has none. Its text is
   * the log from there; it is read only when the element ends, and only if short.
   */
  textAt: number;
  textChunk: number;
  /** A descendant already gave a price text (the innermost one wins). */
  hasPriceChild: boolean;
  /** Texts of the price texts found inside (capped). */
  childPrices: string[];
  /** Text before the element opened (for context words). */
  before: string;
  /** A button-like element: its text is tested for buy words at its end. */
  isButtonLike: boolean;
  isDisabled: boolean;
  hasBuyToken: boolean;
  /** title, aria-label (and a button's value): words of a control that its text may lack. */
  label: string;
};

/** Everything the scan accumulates; the tokenizer callbacks only mutate this. */
export type ScanState = {
  stack: Frame[];
  root: Frame;
  order: number;
  scopeCounter: number;
  /**
   * The open elements that keep records (collectors), innermost last: text goes to the nearest
   * ones without walking the elements in between (a page may nest thousands).
   */
  collecting: Frame[];
  metas: Map<string, string[]>;
  jsonLd: string[];
  scripts: ScriptBlock[];
  priceElements: ElementRecord[];
  props: ElementRecord[];
  stockElements: ElementRecord[];
  titleElements: ElementRecord[];
  priceTexts: PriceText[];
  buyControls: BuyControl[];
  soldOutTexts: { order: number; text: string; isExcluded: boolean; isInOption: boolean }[];
  /** Price texts waiting for the text that follows them. */
  pendingAfter: PriceText[];
  markers: Set<string>;
  lang: string | null;
  title: string | null;
  titleParts: string[];
  isInTitle: boolean;
  h1: string | null;
  h1Text: string;
  h1Order: number;
  isInH1: boolean;
  canonical: string | null;
  hasAddToCart: boolean;
  bodyTokens: string[];
  /** The last visible text seen (≤ 120 chars), for the words before an element. */
  recent: string;
  /**
   * The visible text in order, one chunk per text and per break mark (see scan-text.ts): every
   * open element's short text is a tail of it, so a text is appended once, not to each element.
   */
  chunks: string[];
  /** Chunk numbers are counted from the page's start: chunks[0] is chunk number chunkBase. */
  chunkBase: number;
  /** When the log grows to this many chunks, chunks no open short element needs are dropped. */
  trimAt: number;
  /** Characters in the log, and at the end of its last text (marks after it not counted). */
  logLength: number;
  textEnd: number;
  /** The last element text read from the log (see textOf in scan-text.ts). */
  lastRead: { chunk: number; logLength: number; text: string };
  /** The last chunk that holds a digit (-1: none yet). */
  digitChunk: number;
  /**
   * The stack's length at the last text: frames above it opened since and hold no text yet,
   * so the next text sets where theirs starts (each frame once: deep nesting stays linear).
   */
  fedTo: number;
  lastWasText: boolean;
  /** What each distinct token text of the page says (scan-open.ts `tokensSay`). */
  tokenSays: Map<string, number>;
  /** The same for elements whose only token is their class, keyed by the class itself. */
  classSays: Map<string, number>;
};

/**
 * Shared empties: most elements never collect records, child prices or tokens, so a frame
 * starts with these and gets its own array just before its first push. Frozen: a push onto
 * a shared one throws rather than leaking between elements.
 */
export const NO_RECORDS: ElementRecord[] = Object.freeze([]) as unknown as ElementRecord[];
export const NO_STRINGS: string[] = Object.freeze([]) as unknown as string[];
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function newFrame(tag: string, parent: Frame | null): Frame {
  return {
    tag,
    parent,
    order: 0,
    depth: parent ? parent.depth + 1 : 0,
    isStruck: false,
    isStruckMarkup: false,
    isExcluded: false,
    isHidden: false,
    isPerUnit: false,
    isInMain: false,
    isEmphasised: false,
    isInForm: false,
    isInOption: false,
    tokens: NO_STRINGS,
    tokenAttrs: null,
    hasPriceWord: false,
    collectors: NO_RECORDS,
    bodyDepth: parent === null ? -1 : tag === "body" ? parent.depth + 1 : parent.bodyDepth,
    scopeType: null,
    scopeId: 0,
    isInProductScope: false,
    prop: null,
    raw: null,
    rawLength: 0,
    attrs: NO_ATTRS,
    textAt: -1,
    textChunk: -1,
    hasPriceChild: false,
    childPrices: NO_STRINGS,
    before: "",
    isButtonLike: false,
    isDisabled: false,
    hasBuyToken: false,
    label: "",
  };
}

export function createScanState(): ScanState {
  const root = newFrame("#root", null);
  return {
    stack: [root],
    root,
    order: 0,
    scopeCounter: 0,
    collecting: [],
    metas: new Map(),
    jsonLd: [],
    scripts: [],
    priceElements: [],
    props: [],
    stockElements: [],
    titleElements: [],
    priceTexts: [],
    buyControls: [],
    soldOutTexts: [],
    pendingAfter: [],
    markers: new Set(),
    lang: null,
    title: null,
    titleParts: [],
    isInTitle: false,
    h1: null,
    h1Text: "",
    h1Order: -1,
    isInH1: false,
    canonical: null,
    hasAddToCart: false,
    bodyTokens: [],
    recent: "",
    chunks: [],
    chunkBase: 0,
    trimAt: 4_096,
    logLength: 0,
    textEnd: 0,
    lastRead: { chunk: -1, logLength: -1, text: "" },
    digitChunk: -1,
    fedTo: 1,
    lastWasText: false,
    tokenSays: new Map(),
    classSays: new Map(),
  };
}

export const top = (s: ScanState): Frame => s.stack[s.stack.length - 1] ?? s.root;

export function toPageScan(s: ScanState, hasCaptcha: boolean): PageScan {
  return {
    lang: s.lang,
    title: s.title,
    h1: s.h1,
    h1Order: s.h1Order,
    canonical: s.canonical,
    metas: s.metas,
    jsonLd: s.jsonLd,
    scripts: s.scripts,
    priceElements: s.priceElements,
    props: s.props,
    stockElements: s.stockElements,
    titleElements: s.titleElements,
    priceTexts: s.priceTexts,
    buyControls: s.buyControls,
    soldOutTexts: s.soldOutTexts,
    hasAddToCart: s.hasAddToCart,
    hasCaptcha,
    bodyTokens: s.bodyTokens,
    markers: s.markers,
    elementCount: s.order,
  };
}

export function selfTokens(attrs: Attrs): string[] {
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
    const value = attrOf(attrs, name);
    if (value !== undefined) out.push(`[${name}=${value.slice(0, 200)}]`);
  }
  return out;
}

export function frameTokens(frame: Frame): string[] {
  if (frame.tokens === null)
    frame.tokens = frame.tokenAttrs ? selfTokens(frame.tokenAttrs) : NO_STRINGS;
  return frame.tokens;
}
