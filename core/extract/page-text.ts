/**
 * A page's text: one string, or consecutive pieces of it (a long page decoded piece by piece,
 * so that no single string holds it all: V8 gives every string over ~128 KB pages of its own,
 * mapped afresh each time, and a 1.4 MB page then costs hundreds of page faults to decode).
 */
export type PageText = string | readonly string[];

/** The page's length in characters. */
export function pageTextLength(text: PageText): number {
  if (typeof text === "string") return text.length;
  let length = 0;
  for (const piece of text) length += piece.length;
  return length;
}

/** The page as one string (joined only where a reader needs it whole, e.g. a recipe's tree). */
export function wholePageText(text: PageText): string {
  return typeof text === "string" ? text : text.join("");
}

/** The page cut to its first `max` characters. */
export function pageTextPrefix(text: PageText, max: number): PageText {
  if (typeof text === "string") return text.slice(0, max);
  const out: string[] = [];
  let length = 0;
  for (const piece of text) {
    if (length >= max) break;
    out.push(piece.length > max - length ? piece.slice(0, max - length) : piece);
    length += piece.length;
  }
  return out;
}

/** Pieces of at most this many characters (page-input.ts decodes bytes in pieces of as many bytes). */
export const PIECE_CHARS = 32_768;

/**
 * The page in pieces of at most `max` characters, never cutting a surrogate pair: read exactly as
 * the page in one string (pieces.test.ts), with a place between any two pieces where a time
 * budget is checked (read-budget.ts). Pieces already short enough are kept as they are.
 */
export function inPieces(text: PageText, max = PIECE_CHARS): string[] {
  const out: string[] = [];
  for (const piece of typeof text === "string" ? [text] : text) {
    let at = 0;
    while (piece.length - at > max) {
      let end = at + max;
      const last = piece.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff) end--;
      out.push(piece.slice(at, end));
      at = end;
    }
    if (at < piece.length) out.push(at === 0 ? piece : piece.slice(at));
  }
  return out;
}
