import { SOLD_OUT_ALL, SOLD_OUT_WORDS, VARIANT_WORDS } from "../../vocabulary/patterns.ts";
import { collapseLines } from "../chars.ts";
import { Hooks } from "../collector.ts";
import type { Element } from "../element.ts";
import type { TextLog } from "../text-log.ts";
import type { SoldOutText } from "../types.ts";

const MAX_SOLD_OUT_TEXTS = 50;

/** What stays of a sold-out text once its sold-out words go: a size or colour label ("XL", "10.5", "Black"). */
const LABEL = /^[\p{Lu}\d][\p{L}\d./]{0,4}$/u;

/**
 * Sold-out words that speak of one variant, not of the product (issue #34 class 8): a size,
 * colour or variant named beside them ("Size L is out of stock", "Farbe Rot: ausverkauft"), or
 * a short label and nothing else ("M - Sold out", "10.5 (sold out)").
 */
export function isVariantSoldOut(text: string): boolean {
  if (VARIANT_WORDS.test(text)) return true;
  const rest = text
    .replace(SOLD_OUT_ALL, " ")
    .replace(/[\s\p{P}\p{S}]+/gu, " ")
    .trim();
  return LABEL.test(rest);
}

const collapse = collapseLines;

/**
 * Sold-out texts: the innermost short visible text (3 to 80 characters) that says the product is
 * sold out, unavailable, or offers to notify, in many languages.
 */
export class SoldOutTexts extends Hooks {
  readonly soldOutTexts: SoldOutText[] = [];
  private readonly log: TextLog;
  /** The last text tested: wrappers around one text repeat it. */
  private lastTest = { text: "", says: false };

  constructor(log: TextLog) {
    super();
    this.log = log;
  }

  override close(el: Element, _parent: Element): void {
    if (el.isRaw || el.isHidden || !this.log.isShort(el)) return;
    const length = this.log.lengthOf(el);
    if (length < 3 || length > 80) return;
    const last = this.soldOutTexts[this.soldOutTexts.length - 1];
    if (last && last.order >= el.order) return;
    const text = this.log.textOf(el);
    if (this.soldOutTexts.length < MAX_SOLD_OUT_TEXTS && this.saysSoldOut(text)) {
      this.soldOutTexts.push({
        order: el.order,
        text: collapse(text),
        isExcluded: el.isExcluded,
        isInOption: el.isInOption,
        isVariant: isVariantSoldOut(text),
      });
    }
  }

  private saysSoldOut(text: string): boolean {
    if (text !== this.lastTest.text) this.lastTest = { text, says: SOLD_OUT_WORDS.test(text) };
    return this.lastTest.says;
  }
}
