import type { TagName } from "./scan-names.ts";
import { type Frame, frameTokens, NO_STRINGS, type ScanState, top } from "./scan-state.ts";
import type { PriceText } from "./scan-types.ts";
import {
  ADD_TO_CART,
  BUY_WORDS,
  CART_NOUN,
  CURRENCY_HINT,
  PLATFORM_WORD,
  PLATFORMS,
  PRICE_WORD,
  SOLD_OUT_WORDS,
} from "./scan-words.ts";

const MAX_TEXT = 400;
const MAX_PARTS = 16;
const MAX_SCRIPT = 4_000_000;
/** An element with more visible text than this is not one price. */
const MAX_SHORT_TEXT = 160;
const MAX_PRICE_TEXTS = 800;
const MAX_RECENT = 120;
const MAX_AFTER = 40;
const HAS_DIGIT = /\d/;

/**
 * Visible text goes to the page's text log once (ScanState.chunks). An open element's short
 * text is the log from its first text on, so elements opened since the last text (and only
 * they: each is set once, whatever the nesting) learn here where theirs starts.
 */
function logText(s: ScanState, text: string): void {
  if (text === "") return;
  for (let i = s.fedTo; i < s.stack.length; i++) {
    const f = s.stack[i] as Frame;
    f.textAt = s.logLength;
    f.textChunk = s.chunkBase + s.chunks.length;
  }
  s.fedTo = s.stack.length;
  s.chunks.push(text);
  if (HAS_DIGIT.test(text)) s.digitChunk = s.chunkBase + s.chunks.length - 1;
  s.logLength += text.length;
  s.textEnd = s.logLength;
  if (s.chunks.length >= s.trimAt) trimLog(s);
}

/**
 * An element is long once its text has grown past the cap at one of its texts (a break mark
 * after the last text does not make it long): then it is not one price, nor one control.
 */
function isLong(s: ScanState, frame: Frame): boolean {
  return frame.textAt >= 0 && s.textEnd - frame.textAt > MAX_SHORT_TEXT;
}

/**
 * The element's visible text so far: "" before its first text. Nested elements that end
 * together share one text (the same first chunk and the same log): it is joined once, not
 * once per element (a thousand wrappers around one price and its breaks stay linear).
 */
function textOf(s: ScanState, frame: Frame): string {
  if (frame.textAt < 0) return "";
  const last = s.lastRead;
  if (last.chunk === frame.textChunk && last.logLength === s.logLength) return last.text;
  const { chunks } = s;
  let i = frame.textChunk - s.chunkBase;
  let text = chunks[i] ?? "";
  for (i++; i < chunks.length; i++) text += chunks[i];
  s.lastRead = { chunk: frame.textChunk, logLength: s.logLength, text };
  return text;
}

/**
 * Drops the chunks before the first one an open short element still needs: long elements and
 * closed ones never read theirs again, so the log holds ~a few hundred chunks, not the page.
 */
function trimLog(s: ScanState): void {
  let keepFrom = s.chunkBase + s.chunks.length;
  for (let i = Math.min(s.fedTo, s.stack.length) - 1; i > 0; i--) {
    const f = s.stack[i] as Frame;
    if (f.textAt < 0 || isLong(s, f)) break;
    keepFrom = f.textChunk;
  }
  const drop = keepFrom - s.chunkBase;
  if (drop > 0) {
    s.chunks = s.chunks.slice(drop);
    s.chunkBase = keepFrom;
  }
  s.trimAt = s.chunks.length + 4_096;
}

/**
 * A line break or a <sup> marker: numbers are never joined across a break. It goes to the log
 * unless the log already ends with it: every open element's non-empty text ends where the log
 * ends, so it is the same test as each element's; elements with no text yet start after it.
 */
export function appendBreak(s: ScanState, mark: string): void {
  const last = s.chunks[s.chunks.length - 1];
  if (last !== undefined && !last.endsWith(mark)) {
    s.chunks.push(mark);
    s.logLength += mark.length;
  }
  if (mark === "\n" && !s.recent.endsWith(" ")) s.recent += " ";
}

/**
 * Text goes to the records of the nearest open elements that keep some (8 records, rounded up to
 * a whole element), up to the innermost <body>.
 */
function feedCollectors(s: ScanState, text: string): void {
  const isBlank = text.trim() === "";
  const bodyDepth = top(s).bodyDepth;
  let fed = 0;
  for (let k = s.collecting.length - 1; k >= 0 && fed < 8; k--) {
    const f = s.collecting[k] as Frame;
    if (f.depth < bodyDepth) break;
    for (const record of f.collectors) {
      fed++;
      if (record.text.length < MAX_TEXT) record.text += text;
      if (isBlank) continue;
      if (s.lastWasText && record.parts.length > 0) {
        const last = record.parts.length - 1;
        if ((record.parts[last] ?? "").length < MAX_TEXT) record.parts[last] += text;
      } else if (record.parts.length < MAX_PARTS) {
        record.parts.push(text);
      }
    }
  }
}

const NON_SPACE = /\S/;
/** Whitespace that `\s+` → " " would change: a run, or one character other than a space. */
const SPACES_TO_COLLAPSE = /\s\s|[^\S ]/;

/**
 * `text.replace(/\s+/g, " ")`, without its regex or a new string in the two common cases: the
 * blank text between tags (seven texts in ten) and words with single spaces.
 */
export function collapseSpaces(text: string): string {
  if (!NON_SPACE.test(text)) return text === "" ? "" : " ";
  return SPACES_TO_COLLAPSE.test(text) ? text.replace(/\s+/g, " ") : text;
}

function feedAfter(s: ScanState, text: string): void {
  if (s.pendingAfter.length === 0) return;
  const keep: PriceText[] = [];
  const words = collapseSpaces(text);
  for (const p of s.pendingAfter) {
    if (words === " " && p.after.endsWith(" ")) continue;
    p.after += words;
    if (p.after.length < MAX_AFTER) keep.push(p);
    else p.after = p.after.slice(0, MAX_AFTER);
  }
  s.pendingAfter = keep;
}

export function appendText(s: ScanState, text: string): void {
  const frame = top(s);
  if (frame.raw) {
    if (frame.rawLength < MAX_SCRIPT) {
      frame.raw.push(text);
      frame.rawLength += text.length;
    }
    if (s.isInTitle && s.titleParts.length < 50) s.titleParts.push(text);
    return;
  }
  if (s.isInH1 && s.h1Text.length < 1_000) s.h1Text += text;
  logText(s, text);
  feedAfter(s, text);
  if (!frame.isHidden) {
    // Whitespace runs collapse: the words before a price are counted in words, not in the
    // indentation between tags.
    const words = collapseSpaces(text);
    if (!(words === " " && s.recent.endsWith(" "))) s.recent += words;
    if (s.recent.length > MAX_RECENT * 2) s.recent = s.recent.slice(-MAX_RECENT);
  }
  if (s.collecting.length > 0) feedCollectors(s, text);
}

const collapse = (text: string) =>
  text
    .replace(/[ \t\r\f\v\u00A0]*\n[\s\u00A0]*/g, "\n")
    .replace(/[ \t\r\f\v]+/g, " ")
    .trim();

/** The element's own tokens, then those of the three elements it sits in (to <html>). */
function nearTokens(frame: Frame): string {
  let out = frameTokens(frame).join(" ");
  for (let f = frame.parent, n = 0; f?.parent && n < 3 && out.length < 300; f = f.parent, n++) {
    out += ` ${frameTokens(f).join(" ")}`;
  }
  return out.slice(0, 300).toLowerCase();
}

function nearPriceWord(frame: Frame): boolean {
  if (frame.hasPriceWord) return true;
  for (let f = frame.parent, n = 0; f?.parent && n < 3; f = f.parent, n++)
    if (f.hasPriceWord) return true;
  return false;
}

/** The innermost element with a short text holding a number and a currency → a price text. */
function notePriceText(s: ScanState, frame: Frame, buf: string): boolean {
  const hasCurrency = CURRENCY_HINT.test(buf);
  // Without a currency, only a price-named element or near ancestor makes a price text: the
  // frames' own flags say so before any token list is built.
  if (!hasCurrency && !nearPriceWord(frame)) return false;
  const tokens = nearTokens(frame);
  if (!hasCurrency && !PRICE_WORD.test(tokens)) return false;
  if (s.priceTexts.length >= MAX_PRICE_TEXTS) return false;
  const { parent } = frame;
  const text: PriceText = {
    order: frame.order,
    endOrder: s.order,
    tag: frame.tag,
    text: collapse(buf),
    tokens,
    before: frame.before.slice(-60),
    after: "",
    isStruckMarkup: frame.isStruckMarkup,
    isStruckClass: frame.isStruck && !frame.isStruckMarkup,
    isExcluded: frame.isExcluded,
    isHidden: frame.isHidden,
    isPerUnit: frame.isPerUnit,
    isInMain: frame.isInMain,
    isInProductScope: frame.isInProductScope,
    isEmphasised: frame.isEmphasised,
    isInForm: frame.isInForm,
    isInOption: frame.isInOption,
    prop: frame.prop ?? parent?.prop ?? null,
    depth: frame.depth,
    childPrices: frame.childPrices,
  };
  s.priceTexts.push(text);
  if (s.pendingAfter.length < 20) s.pendingAfter.push(text);
  // A bare number (no currency) does not hide its parent: "€<span>19</span>" is read whole.
  return hasCurrency;
}

/**
 * Buy controls end here: their words decide what they are. A real button counts by its words
 * or its add-to-cart token; a link or a box by its words ("Aggiungi al carrello", "Do košíka"),
 * or by an add/buy token with the cart named in its text or title — a token alone marks a
 * wrapper, not a control (and so does a box around a control already found).
 */
function noteControl(s: ScanState, frame: Frame, buf: string): void {
  const isButton = frame.tag === "button";
  const text = collapseSpaces(buf.slice(0, 200)).trim();
  const isAddToCartText = ADD_TO_CART.test(text);
  if (isAddToCartText) s.hasAddToCart = true;
  // A box that merely holds the button (and prices) is not the button.
  if (!isButton && (text.length > 40 || HAS_DIGIT.test(text))) return;
  const words = frame.label ? `${text} ${frame.label.replace(/\s+/g, " ")}` : text;
  // Each word list is tested once, and only when the answer matters: most links on a page are
  // navigation, settled by the cart test alone.
  let buy: boolean | undefined;
  let soldOut: boolean | undefined;
  let cart: boolean | undefined;
  const hasBuyWords = () => (buy ??= BUY_WORDS.test(words));
  const isSoldOutWords = () => (soldOut ??= SOLD_OUT_WORDS.test(words));
  const namesCart = () => (cart ??= CART_NOUN.test(words));
  if (isButton) {
    if (!hasBuyWords() && !frame.hasBuyToken && !isSoldOutWords()) return;
  } else {
    // A box around a control already found is its wrapper, not a second control.
    const last = s.buyControls[s.buyControls.length - 1];
    if (last && last.order > frame.order) return;
    if (frame.isButtonLike) {
      if (!hasBuyWords() && !isSoldOutWords() && !(frame.hasBuyToken && namesCart())) return;
    } else {
      const isAddToCart =
        (words === text ? isAddToCartText : ADD_TO_CART.test(words)) ||
        (namesCart() && hasBuyWords());
      if (!isAddToCart && !(frame.hasBuyToken && (namesCart() || hasBuyWords()))) return;
    }
  }
  s.buyControls.push({
    order: frame.order,
    isDisabled: frame.isDisabled,
    saysSoldOut: isSoldOutWords(),
    hasBuyWords: hasBuyWords(),
    isQuantity: false,
    isExcluded: frame.isExcluded,
    isLink: !isButton,
  });
}

/** The last text tested for sold-out words: wrappers around one text repeat it. */
let lastSoldOutTest = { text: "", says: false };

function saysSoldOut(text: string): boolean {
  if (text !== lastSoldOutTest.text) lastSoldOutTest = { text, says: SOLD_OUT_WORDS.test(text) };
  return lastSoldOutTest.says;
}

function noteSoldOut(s: ScanState, frame: Frame, buf: string): void {
  const last = s.soldOutTexts[s.soldOutTexts.length - 1];
  if (last && last.order >= frame.order) return;
  if (s.soldOutTexts.length < 50 && saysSoldOut(buf)) {
    s.soldOutTexts.push({
      order: frame.order,
      text: collapse(buf),
      isExcluded: frame.isExcluded,
      isInOption: frame.isInOption,
    });
  }
}

function finishRaw(s: ScanState, frame: Frame, raw: string[]): void {
  if (frame.tag !== "script") return;
  const text = raw.join("");
  const type = (frame.attrs.type ?? "").toLowerCase();
  const head = text.slice(0, 100_000);
  if (type.includes("ld+json")) s.jsonLd.push(text);
  else if (
    type.includes("json") ||
    frame.attrs.id ||
    /__TGT_DATA__|runParams|ShopifyAnalytics|Shopify\.|__NEXT_DATA__|__PRELOADED_STATE__|var meta =|window\.App|__INITIAL_STATE__|woocommerce|Magento|BCData|data-product-json|"divisor"/.test(
      text.slice(0, 20_000),
    )
  ) {
    s.scripts.push({ type, id: frame.attrs.id ?? "", attrs: frame.attrs, text });
  }
  // A platform is named once: pages with hundreds of scripts test each only until it is seen.
  // Most scripts name none: one pass for a word every platform pattern holds comes first.
  if (!PLATFORM_WORD.test(head)) return;
  for (const [name, pattern] of PLATFORMS) {
    if (!s.markers.has(name) && pattern.test(head)) s.markers.add(name);
  }
}

export function closeFrame(s: ScanState): void {
  const frame = s.stack.pop();
  if (s.fedTo > s.stack.length) s.fedTo = s.stack.length;
  if (!frame) return;
  if (frame.collectors.length > 0) s.collecting.pop();
  if (frame.raw) finishRaw(s, frame, frame.raw);
  for (const record of frame.collectors) record.text = collapseSpaces(record.text).trim();
  if (frame.tag === "h1") s.isInH1 = false;
  if (frame.tag === "title") s.isInTitle = false;
  if (!frame.raw) {
    const parent = top(s);
    // What the element's short text is read for decides whether it is read at all.
    const isShort = !isLong(s, frame);
    const hasDigit = isShort && frame.textAt >= 0 && s.digitChunk >= frame.textChunk;
    const isControl =
      isShort && (frame.tag === "button" || frame.tag === "a" || frame.isButtonLike);
    const length = frame.textAt < 0 ? 0 : s.logLength - frame.textAt;
    const mayBeSoldOut = isShort && !frame.isHidden && length >= 3 && length <= 80;
    const buf = hasDigit || isControl || mayBeSoldOut ? textOf(s, frame) : "";
    const isPrice = hasDigit && notePriceText(s, frame, buf);
    if (isPrice || frame.hasPriceChild) parent.hasPriceChild = true;
    if (parent.childPrices.length < 8 && (isPrice || frame.childPrices.length > 0)) {
      if (parent.childPrices === NO_STRINGS) parent.childPrices = [];
      if (isPrice) parent.childPrices.push(buf);
      else
        for (const c of frame.childPrices)
          if (parent.childPrices.length < 8) parent.childPrices.push(c);
    }
    if (isControl) noteControl(s, frame, buf);
    if (mayBeSoldOut) noteSoldOut(s, frame, buf);
  }
}

/** A closing tag closes the nearest open element of that name (searching at most 64 frames). */
export function closeTo(s: ScanState, tag: TagName): void {
  const { name } = tag;
  for (let i = s.stack.length - 1, n = 0; i > 0 && n < 64; i--, n++) {
    if (s.stack[i]?.tag === name) {
      while (s.stack.length > i) closeFrame(s);
      if (tag.breaksLine) appendBreak(s, "\n");
      return;
    }
  }
}
