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
