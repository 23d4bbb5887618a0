import { type Attrs, attrRecord } from "../attrs.ts";
import { collapseSpaces } from "../chars.ts";
import { Hooks } from "../collector.ts";
import { type Element, selfTokens, tokensOf } from "../element.ts";
import { VOID } from "../html.ts";
import { Says } from "../token-words.ts";
import type { ElementRecord } from "../types.ts";

const MAX_ATTR = 4_096;
const MAX_RECORDS = 4_000;
const MAX_ANCESTOR_ELEMENTS = 30;
const MAX_TEXT = 400;
const MAX_PARTS = 16;
/** Text reaches the records of this many nearest keeping elements (rounded up to an element). */
const MAX_FED = 8;

/** Selector tokens of up to 30 elements from `el` outwards, to the <body> at most. */
function ancestorsFrom(el: Element): string[] {
  const out: string[] = [];
  for (
    let e: Element | null = el, n = 0;
    e?.parent && n < MAX_ANCESTOR_ELEMENTS;
    e = e.parent, n++
  ) {
    for (const t of tokensOf(e)) out.push(t);
    if (e.tag === "body") break;
  }
  return out;
}

/**
 * A kept element. Its ancestors' tokens are read for few of the elements a page keeps (store
 * rules, microdata anchors): they are listed on first read, from the element's parent, whose
 * chain of elements and their attributes do not change after it opened.
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
  productScopeId: number;
  isInProductScope: boolean;
  readonly #parent: Element;
  #ancestors: readonly string[] | null = null;
  /**
   * Whitespace that opened no part yet: it starts the part that continues it. A page read whole
   * and the same page read in pieces may split "\n</" into "\n" and "</" or not; the parts
   * must come out the same either way (scan/pieces.test.ts). A private field of the record (never
   * in what it shows), not a WeakMap's entry: a page's blank texts set it thousands of times.
   */
  #pendingBlank = "";

  /** The whitespace held for the next part ("" when none), no longer held. */
  takePendingBlank(): string {
    const pending = this.#pendingBlank;
    this.#pendingBlank = "";
    return pending;
  }

  holdPendingBlank(blank: string): void {
    this.#pendingBlank = blank;
  }

  constructor(
    el: Element,
    parent: Element,
    fields: {
      attrs: Readonly<Record<string, string>>;
      tokens: readonly string[];
      prop: string | null;
      propSource: "microdata" | "rdfa" | null;
    },
  ) {
    this.order = el.order;
    this.tag = el.tag;
    this.attrs = fields.attrs;
    this.tokens = fields.tokens;
    this.isStruck = el.isStruck;
    this.isExcluded = el.isExcluded;
    this.isHidden = el.isHidden;
    this.isPerUnit = el.isPerUnit;
    this.prop = fields.prop;
    this.propSource = fields.propSource;
    this.scopeType = parent.scopeType;
    this.scopeId = parent.scopeId;
    this.productScopeId = parent.productScopeId;
    this.isInProductScope = parent.isInProductScope;
    this.#parent = parent;
  }

  get ancestors(): readonly string[] {
    this.#ancestors ??= ancestorsFrom(this.#parent);
    return this.#ancestors;
  }
}

const recordsOf = (el: Element): KeptElement[] => el.kept as KeptElement[];

/**
 * Kept elements: those whose id/class/data attributes speak of a price, of stock or of the
 * product's title, and microdata/RDFa properties, each with its attributes, tokens, ancestors
 * and (capped) text, for the structured-data readers and the store rules.
 */
export class KeptElements extends Hooks {
  readonly priceElements: ElementRecord[] = [];
  readonly props: ElementRecord[] = [];
  readonly stockElements: ElementRecord[] = [];
  readonly titleElements: ElementRecord[] = [];
  /**
   * The open elements that keep records, innermost last: text goes to the nearest ones without
   * walking the elements in between (a page may nest thousands).
   */
  private readonly keeping: Element[] = [];
  override open(el: Element, parent: Element, attrs: Attrs, isLeaf: boolean): void {
    const wantsPrice = (el.says & Says.price) !== 0 || el.hasDataPriceAttr;
    const wantsProp = el.prop !== null && el.prop !== "";
    const wantsStock = (el.says & Says.stock) !== 0;
    const wantsTitle = this.titleElements.length < 20 && (el.says & Says.title) !== 0;
    if (!(wantsPrice || wantsProp || wantsStock || wantsTitle)) return;
    const kept = attrRecord(attrs, MAX_ATTR, (name) => name === "class" || name === "style");
    const tokens = selfTokens(attrs);
    el.tokens = tokens;
    const record = new KeptElement(el, parent, {
      attrs: kept,
      tokens,
      prop: wantsProp ? el.prop : null,
      propSource: wantsProp ? (attrs.itemprop ? "microdata" : "rdfa") : null,
    });
    let isKept = false;
    const keep = (list: ElementRecord[], cap: number, want: boolean) => {
      if (want && list.length < cap) {
        list.push(record);
        isKept = true;
      }
    };
    keep(this.priceElements, MAX_RECORDS, wantsPrice);
    keep(this.props, MAX_RECORDS, wantsProp);
    keep(this.stockElements, 300, wantsStock);
    keep(this.titleElements, 20, wantsTitle);
    if (isKept && !VOID.has(el.tag)) {
      el.kept = [record];
      if (!isLeaf) this.keeping.push(el);
    }
  }

  /** Text goes to the records of the nearest keeping elements, up to the innermost <body>. */
  override text(text: string, el: Element, isContinued: boolean): void {
    if (this.keeping.length === 0) return;
    const isBlank = text.trim() === "";
    const bodyDepth = el.bodyDepth;
    let fed = 0;
    for (let k = this.keeping.length - 1; k >= 0 && fed < MAX_FED; k--) {
      const keeper = this.keeping[k] as Element;
      if (keeper.depth < bodyDepth) break;
      for (const record of recordsOf(keeper)) {
        fed++;
        if (record.text.length < MAX_TEXT) record.text += text;
        const held = record.takePendingBlank();
        const pending = isContinued ? held : "";
        // Struck text inside an element that is not (an old price in a price block: "<s>1.329,-</s>
        // 1.149,-") is in its text, never one of its parts, which store rules read as amounts.
        if (el.isStruckMarkup && !keeper.isStruckMarkup) continue;
        if (isContinued && record.parts.length > 0 && !pending) {
          const last = record.parts.length - 1;
          if ((record.parts[last] ?? "").length < MAX_TEXT) record.parts[last] += text;
        } else if (isBlank) {
          record.holdPendingBlank(pending + text);
        } else if (record.parts.length < MAX_PARTS) {
          record.parts.push(pending + text);
        }
      }
    }
  }

  override close(el: Element, _parent: Element): void {
    if (el.kept.length === 0) return;
    this.keeping.pop();
    for (const record of recordsOf(el)) record.text = collapseSpaces(record.text).trim();
  }
}
