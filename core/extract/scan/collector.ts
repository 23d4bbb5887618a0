import type { Attrs } from "./attrs.ts";
import type { Element } from "./element.ts";

/**
 * One thing the scan looks for, with its own state: what it keeps of the page is its own, and
 * it learns of the page only through these hooks, called by the driver (driver.ts) in document
 * order. A collector reads the elements it is given (element.ts) and the text log
 * (text-log.ts), and writes only its own state and its own slot of an element, if it has one.
 */
export interface Collector {
  /**
   * The page (or its next piece) as written, before the tokenizer reads it.
   */
  piece(piece: string): void;
  /**
   * An element starts, in `parent` (the elements it closed implicitly, a <p> before a <div>,
   * have ended first). `isLeaf`: a void or self-closing element, which holds nothing and never
   * ends (no `close` follows).
   */
  open(el: Element, parent: Element, attrs: Attrs, isLeaf: boolean): void;
  /**
   * Visible text in `el`, the innermost open element; `isContinued`: the event before it was
   * text too (a text cut by an entity: "AT&amp;T" comes in three).
   */
  text(text: string, el: Element, isContinued: boolean): void;
  /** Raw text of a script, style, title or textarea element `el`. */
  rawText(text: string, el: Element): void;
  /** A closing tag as written (`</h1>`), before the elements it closes end. */
  endTag(name: string): void;
  /** An element ends (its short text is in the text log until the next event). */
  close(el: Element, parent: Element): void;
}

/** Hooks that do nothing: a collector overrides the ones it listens to. */
export class Hooks implements Collector {
  piece(_piece: string): void {}
  open(_el: Element, _parent: Element, _attrs: Attrs, _isLeaf: boolean): void {}
  text(_text: string, _el: Element, _isContinued: boolean): void {}
  rawText(_text: string, _el: Element): void {}
  endTag(_name: string): void {}
  close(_el: Element, _parent: Element): void {}
}
