import type { Tokenizer } from "htmlparser2";
import { createTokenizer } from "./fast-tokenizer.ts";
import { type PageText, pageTextLength, wholePageText } from "./page-text.ts";
import { Attrs, keepAttr } from "./scan-attrs.ts";
import { attrNameAt, nameOfTag, type TagName, tagNameAt } from "./scan-names.ts";
import { openTag } from "./scan-open.ts";
import { createScanState, type ScanState, toPageScan } from "./scan-state.ts";
import { appendText, closeFrame, closeTo } from "./scan-text.ts";
import type { PageScan } from "./scan-types.ts";
import { CAPTCHA } from "./scan-words.ts";

export type {
  BuyControl,
  ElementRecord,
  PageScan,
  PriceText,
  ScriptBlock,
} from "./scan-types.ts";

const CAPTCHA_MARKERS =
  /validateCaptcha|captcha-delivery|cf-challenge|challenge-platform|px-captcha/;
/** The longest of CAPTCHA_MARKERS' words: a piece is tested with this much of the one before. */
const CAPTCHA_MARKER_LENGTH = "challenge-platform".length;

function hasCaptchaMarker(text: PageText): boolean {
  if (typeof text === "string") return CAPTCHA_MARKERS.test(text);
  let tail = "";
  for (const piece of text) {
    if (CAPTCHA_MARKERS.test(tail + piece)) return true;
    tail = (tail + piece).slice(-(CAPTCHA_MARKER_LENGTH - 1));
  }
  return false;
}

/**
 * One linear pass over the HTML (htmlparser2's tokenizer, with our own bounded tree stack:
 * the full Parser is quadratic on deeply nested input) that keeps only what extraction reads:
 * structured-data blocks, meta tags, microdata/RDFa properties, embedded app state, the text
 * of price-like, stock-like and title elements with their ancestry, every short visible text
 * that looks like a price, and the buy controls. Stages: scan-open.ts (an element starts),
 * scan-text.ts (text and an element's end), scan-state.ts (what is kept).
 *
 * A page in pieces is read exactly as the same page in one string (scan-pieces.test.ts).
 */
export function scanHtml(html: PageText): PageScan {
  const pieces = typeof html === "string" ? [html] : html;
  const s = createScanState();
  const source = new PieceSource(pieces);
  const tokenizer = createTokenizer(tokenHandlers(s, source));
  for (let i = 0; i < pieces.length; i++) {
    source.enter(i);
    tokenizer.write(pieces[i] as string);
  }
  tokenizer.end();
  source.flush();
  while (s.stack.length > 1) closeFrame(s);
  if (s.h1 === null && s.h1Text) s.h1 = s.h1Text.replace(/\s+/g, " ").trim();
  if (s.title === null && s.titleParts.length > 0)
    s.title = s.titleParts.join("").replace(/\s+/g, " ").trim();
  const head = `${s.title ?? ""} ${s.h1 ?? ""}`;
  const hasCaptcha =
    CAPTCHA.test(head) || (pageTextLength(html) <= 300_000 && hasCaptchaMarker(html));
  return toPageScan(s, hasCaptcha);
}

/**
 * The tokenizer's positions count from the page's start; the page comes piece by piece. The
 * current piece answers every position in it in place; a name or text that started in an
 * earlier piece is joined from the pieces it spans. The tokenizer gives the text (or an
 * attribute value) it holds at the end of a piece as one event and the rest as another: such a
 * pair is joined back into the one event that the page in one string gives.
 */
class PieceSource {
  readonly pieces: readonly string[];
  /** Where each piece starts in the page. */
  private readonly starts: number[];
  /** The current piece, where it starts in the page, and where it ends. */
  piece = "";
  base = 0;
  end = 0;
  private index = -1;
  private joined: string | undefined;
  /** A text or attribute value cut by the end of a piece, waiting for its rest (or not). */
  private pending: { kind: "text" | "attrib"; start: number; end: number } | null = null;
  private emit: ((kind: "text" | "attrib", value: string) => void) | null = null;

  constructor(pieces: readonly string[]) {
    this.pieces = pieces;
    this.starts = [];
    let at = 0;
    for (const piece of pieces) {
      this.starts.push(at);
      at += piece.length;
    }
  }

  onEmit(emit: (kind: "text" | "attrib", value: string) => void): void {
    this.emit = emit;
  }

  enter(index: number): void {
    this.index = index;
    this.piece = this.pieces[index] as string;
    this.base = this.starts[index] as number;
    this.end = this.base + this.piece.length;
  }

  /** The whole page, for positions the tokenizer gives before its start (see `slice`). */
  whole(): string {
    this.joined ??= wholePageText(this.pieces);
    return this.joined;
  }

  /**
   * `page.slice(start, end)`. The tokenizer once in a while gives a position before the page's
   * start (-1), which `slice` counts from the page's end: the page in pieces does the same.
   */
  slice(start: number, end: number): string {
    if (start >= this.base && end <= this.end) {
      return this.piece.slice(start - this.base, end - this.base);
    }
    if (start < 0 || end < 0) return this.whole().slice(start, end);
    let i = this.index;
    while (i > 0 && (this.starts[i] as number) > start) i--;
    let out = "";
    for (let at = start; at < end && i < this.pieces.length; i++) {
      const from = this.starts[i] as number;
      const piece = this.pieces[i] as string;
      out += piece.slice(at - from, end - from);
      at = from + piece.length;
    }
    return out;
  }

  /**
   * A text or attribute value `[start, end)`: given now, or held when the current piece ends
   * with it and more pieces follow; one held is joined with the next of its kind that starts
   * where it ends. `false` when it is held, or was joined into the one held.
   */
  data(kind: "text" | "attrib", start: number, end: number): boolean {
    const held = this.pending;
    if (held !== null) {
      if (held.kind === kind && held.end === start) {
        held.end = end;
        if (end === this.end && this.index < this.pieces.length - 1) return false;
        this.pending = null;
        this.emit?.(kind, this.slice(held.start, end));
        return false;
      }
      this.flush();
    }
    if (end === this.end && this.index < this.pieces.length - 1) {
      this.pending = { kind, start, end };
      return false;
    }
    return true;
  }

  /** Gives what is held: anything but its rest comes next. */
  flush(): void {
    const held = this.pending;
    if (held === null) return;
    this.pending = null;
    this.emit?.(held.kind, this.slice(held.start, held.end));
  }
}

/** The tokenizer's callbacks: collect a tag's name and kept attributes, then hand over. */
function tokenHandlers(
  s: ScanState,
  source: PieceSource,
): ConstructorParameters<typeof Tokenizer>[1] {
  let tag: TagName = nameOfTag("");
  let attrs = new Attrs();
  let attrName = "";
  let attrValue = "";
  let isAttrKept = false;
  let hasDataPriceAttr = false;
  let hasTokenAttr = false;
  const finishOpen = (isSelfClosing: boolean): void => {
    const opened = tag;
    const attributes = attrs;
    s.lastWasText = false;
    openTag(s, opened, attributes, isSelfClosing, hasDataPriceAttr, hasTokenAttr);
  };
  const text = (value: string): void => {
    appendText(s, value);
    s.lastWasText = true;
  };
  const attribData = (value: string): void => {
    if (isAttrKept && attrValue.length < 1_100_000) attrValue += value;
  };
  source.onEmit((kind, value) => (kind === "text" ? text(value) : attribData(value)));
  /**
   * A name at `[start, end)`: in place in the current piece, else joined from the pieces (a
   * position before the page's start is read in the page in one string, as `slice` reads it).
   */
  const nameAt = <T>(
    at: (source: string, start: number, end: number) => T,
    start: number,
    end: number,
  ): T => {
    if (start >= source.base) return at(source.piece, start - source.base, end - source.base);
    if (start < 0) return at(source.whole(), start, end);
    return at(source.slice(start, end), 0, end - start);
  };
  return {
    onattribdata(start, end) {
      if (source.data("attrib", start, end)) attribData(source.slice(start, end));
    },
    onattribentity(codepoint) {
      source.flush();
      if (isAttrKept) attrValue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      source.flush();
      if (isAttrKept && attrName) keepAttr(attrs, attrName, attrValue);
      attrName = "";
      attrValue = "";
    },
    onattribname(start, end) {
      source.flush();
      const known = nameAt(attrNameAt, start, end);
      attrName = known.name;
      attrValue = "";
      isAttrKept = known.isKept;
      if (known.isDataPrice) hasDataPriceAttr = true;
      if (known.isToken) hasTokenAttr = true;
    },
    oncdata() {
      source.flush();
    },
    onclosetag(start, end) {
      source.flush();
      s.lastWasText = false;
      const closed = nameAt(tagNameAt, start, end);
      const { name } = closed;
      if (name === "title" && s.isInTitle) {
        s.title = s.titleParts.join("").replace(/\s+/g, " ").trim();
        s.isInTitle = false;
      }
      if (name === "h1" && s.isInH1) s.h1 = s.h1Text.replace(/\s+/g, " ").trim();
      closeTo(s, closed);
    },
    oncomment() {
      source.flush();
    },
    ondeclaration() {
      source.flush();
    },
    onend() {
      source.flush();
    },
    onopentagend() {
      source.flush();
      finishOpen(false);
    },
    onopentagname(start, end) {
      source.flush();
      tag = nameAt(tagNameAt, start, end);
      attrs = new Attrs();
      hasDataPriceAttr = false;
      hasTokenAttr = false;
    },
    onprocessinginstruction() {
      source.flush();
    },
    onselfclosingtag() {
      source.flush();
      finishOpen(true);
    },
    ontext(start, end) {
      if (source.data("text", start, end)) text(source.slice(start, end));
    },
    ontextentity(codepoint) {
      source.flush();
      text(String.fromCodePoint(codepoint));
    },
  };
}
