import { wholePageText } from "../page-text.ts";

/**
 * The tokenizer's positions count from the page's start; the page comes piece by piece. The
 * current piece answers every position in it in place; a name or text that started in an
 * earlier piece is joined from the pieces it spans. The tokenizer gives the text (or an
 * attribute value) it holds at the end of a piece as one event and the rest as another: such a
 * pair is joined back into the one event that the page in one string gives.
 */
export class PieceSource {
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
