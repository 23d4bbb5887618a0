import { collapseSpaces } from "./chars.ts";
import type { Element } from "./element.ts";

/**
 * An element with more visible text than this is not one price, nor one control. Counted on
 * white space collapsed as shown (no indentation), so 140 is already generous: a price text is
 * read only up to 120 (visible-features.ts); 160 cost ~3 % and changed no answer.
 */
const MAX_SHORT_TEXT = 140;
const MAX_RECENT = 120;
const SPACE = 0x20;
const HAS_DIGIT = /\d/;

/**
 * The page's visible text in order, one chunk per text and per break mark, kept once for all
 * elements: every open element's short text is a tail of it, so a text is appended once, not to
 * each element, and an element's text is read (joined) only when it ends, and only if a
 * collector asks for it. The driver appends; collectors read an ending element's text through
 * `isShort`, `hasDigit`, `lengthOf` and `textOf`.
 */
export class TextLog {
  /** The open elements, innermost last (the driver's stack, read here, never changed). */
  private readonly stack: readonly Element[];
  private chunks: string[] = [];
  /** Chunk numbers are counted from the page's start: chunks[0] is chunk number chunkBase. */
  private chunkBase = 0;
  /** When the log grows to this many chunks, chunks no open short element needs are dropped. */
  private trimAt = 4_096;
  /** Characters in the log, and at the end of its last text (marks after it not counted). */
  private logLength = 0;
  private textEnd = 0;
  /** The last element text read from the log (see textOf). */
  private lastRead = { chunk: -1, logLength: -1, text: "" };
  /** The last chunk that holds a digit (-1: none yet). */
  private digitChunk = -1;
  /**
   * The stack's length at the last text: elements above it opened since and hold no text yet,
   * so the next text sets where theirs starts (each element once: deep nesting stays linear).
   */
  private fedTo = 1;
  /** The last visible text seen (≤ 120 characters), for the words before an element. */
  recent = "";
  /**
   * `recent` ends with a space. Kept apart because `recent` grows by `+=` (a string of joined
   * pieces), which `endsWith` would copy into one string first at each of a page's texts.
   */
  private recentEndsWithSpace = false;
  /** How many of `recent`'s last characters are on the current line (since the last break). */
  recentOnLine = 0;

  constructor(stack: readonly Element[]) {
    this.stack = stack;
  }

  /** Visible text inside the innermost open element (`isHidden`: that element is hidden). */
  append(given: string, isHidden: boolean): void {
    // White space collapses as the browser shows it: a line break in the markup is a space
    // ("<span>978,00</span>\n<span>€</span>" is "978,00 €"; only break marks separate lines),
    // and indentation between tags does not make an element's text long.
    const text = westernDigits(collapseSpaces(given));
    if (text !== "") {
      const { stack } = this;
      for (let i = this.fedTo; i < stack.length; i++) {
        const el = stack[i] as Element;
        el.textAt = this.logLength;
        el.textChunk = this.chunkBase + this.chunks.length;
      }
      this.fedTo = stack.length;
      this.chunks.push(text);
      if (HAS_DIGIT.test(text)) this.digitChunk = this.chunkBase + this.chunks.length - 1;
      this.logLength += text.length;
      this.textEnd = this.logLength;
      if (this.chunks.length >= this.trimAt) this.trim();
    }
    if (!isHidden) {
      if (!(text === " " && this.recentEndsWithSpace) && text !== "") {
        this.recent += text;
        this.recentOnLine += text.length;
        this.recentEndsWithSpace = text.charCodeAt(text.length - 1) === SPACE;
      }
      // (The cut keeps the end, and so whether it is a space.)
      if (this.recent.length > MAX_RECENT * 2) this.recent = this.recent.slice(-MAX_RECENT);
    }
  }

  /**
   * A line break or a <sup> marker: numbers are never joined across a break. It goes to the log
   * unless the log already ends with it: every open element's non-empty text ends where the log
   * ends, so it is the same test as each element's; elements with no text yet start after it.
   */
  appendBreak(mark: "\n" | "\uE000"): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last !== undefined && !last.endsWith(mark)) {
      this.chunks.push(mark);
      this.logLength += mark.length;
    }
    if (mark === "\n") this.recentOnLine = 0;
    if (mark === "\n" && !this.recentEndsWithSpace) {
      this.recent += " ";
      this.recentEndsWithSpace = true;
    }
  }

  /** The log ends with a digit (its last chunk is text, not a break mark). */
  endsWithDigit(): boolean {
    const last = this.chunks[this.chunks.length - 1];
    if (last === undefined) return false;
    const code = last.charCodeAt(last.length - 1);
    return code >= 48 && code <= 57;
  }

  /** The log's last chunk of text, whole ("" after a break mark or before any text). */
  lastChunk(): string {
    return this.chunks[this.chunks.length - 1] ?? "";
  }

  /** The driver popped an element: the stack is this long now. */
  popped(stackLength: number): void {
    if (this.fedTo > stackLength) this.fedTo = stackLength;
  }

  /**
   * An element is long once its text has grown past the cap at one of its texts (a break mark
   * after the last text does not make it long): then it is not one price, nor one control.
   */
  isShort(el: Element): boolean {
    return !(el.textAt >= 0 && this.textEnd - el.textAt > MAX_SHORT_TEXT);
  }

  /** A short element whose text holds a digit. */
  hasDigit(el: Element): boolean {
    return this.isShort(el) && el.textAt >= 0 && this.digitChunk >= el.textChunk;
  }

  /** The length of the element's text so far, break marks included. */
  lengthOf(el: Element): number {
    return el.textAt < 0 ? 0 : this.logLength - el.textAt;
  }

  /**
   * The element's visible text so far: "" before its first text. Nested elements that end
   * together share one text (the same first chunk and the same log): it is joined once, not
   * once per element (a thousand wrappers around one price and its breaks stay linear).
   */
  textOf(el: Element): string {
    if (el.textAt < 0) return "";
    const last = this.lastRead;
    if (last.chunk === el.textChunk && last.logLength === this.logLength) return last.text;
    const { chunks } = this;
    let i = el.textChunk - this.chunkBase;
    let text = chunks[i] ?? "";
    for (i++; i < chunks.length; i++) text += chunks[i];
    this.lastRead = { chunk: el.textChunk, logLength: this.logLength, text };
    return text;
  }

  /**
   * Drops the chunks before the first one an open short element still needs: long elements and
   * closed ones never read theirs again, so the log holds ~a few hundred chunks, not the page.
   */
  private trim(): void {
    const { stack } = this;
    let keepFrom = this.chunkBase + this.chunks.length;
    for (let i = Math.min(this.fedTo, stack.length) - 1; i > 0; i--) {
      const el = stack[i] as Element;
      if (el.textAt < 0 || !this.isShort(el)) break;
      keepFrom = el.textChunk;
    }
    const drop = keepFrom - this.chunkBase;
    if (drop > 0) {
      this.chunks = this.chunks.slice(drop);
      this.chunkBase = keepFrom;
    }
    this.trimAt = this.chunks.length + 4_096;
  }
}

/** Arabic-Indic and Persian digits, and the Arabic percent, decimal and thousands marks. */
const EASTERN_DIGITS = /[\u0660-\u066C\u06F0-\u06F9]/;
const EASTERN_DIGITS_ALL = new RegExp(EASTERN_DIGITS.source, "g");

/**
 * "١٬٢٥٠٫٠٠ ر.س" as "1,250.00 ر.س": Arabic-Indic and Persian digits read as the digits every
 * test of the scan and the readers knows (core/money reads them alike).
 */
export function westernDigits(text: string): string {
  if (!EASTERN_DIGITS.test(text)) return text;
  return text.replace(EASTERN_DIGITS_ALL, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x066b) return ".";
    if (code === 0x066c) return ",";
    if (code === 0x066a) return "%";
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
