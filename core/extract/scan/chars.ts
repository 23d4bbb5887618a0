/**
 * Splitting white space and words by a walk over the characters, where the scan used regular
 * expressions: `split` with a pattern makes a new pattern object per call, and `replace` a call
 * into the regex engine per replacement, several times the walk on the short texts the scan splits
 * by the ten thousand (class lists, an element's words, a price's text; issue #34, speed). Each
 * function gives exactly what the expression in its comment gives (chars.test.ts compares them on
 * every character and on random texts); where a walk would need more than it knows (a letter
 * outside Latin-1, white space other than spaces and line breaks), it calls that expression.
 * `collapseSpaces` stays with its patterns: on blank texts the engine's own loop is faster.
 */

/** `/\s/.test(String.fromCharCode(c))`: JavaScript's white space and line terminators. */
export function isSpace(c: number): boolean {
  if (c > 0x20 && c < 0xa0) return false;
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The non-empty parts among the first `max` parts of `text.split(/\s+/)` (white space at the
 * start makes an empty first part, which counts towards `max`).
 */
export function spaceParts(text: string, max: number): string[] {
  const out: string[] = [];
  const n = text.length;
  let start = 0;
  for (let part = 0; part < max; part++) {
    let end = start;
    while (end < n && !isSpace(text.charCodeAt(end))) end++;
    if (end > start) out.push(text.slice(start, end));
    if (end >= n) break;
    while (end < n && isSpace(text.charCodeAt(end))) end++;
    // White space at the end makes an empty last part: nothing to keep.
    if (end >= n) break;
    start = end;
  }
  return out;
}

const NON_SPACE = /\S/;
/** Whitespace that `\s+` → " " would change: a run, or one character other than a space. */
const SPACES_TO_COLLAPSE = /\s\s|[^\S ]/;

/**
 * `text.replace(/\s+/g, " ")`, without a new string in the two common cases: the blank text
 * between tags (seven texts in ten) and words with single spaces. (By its patterns: the engine's
 * own loop is faster than a walk here.)
 */
export function collapseSpaces(text: string): string {
  if (!NON_SPACE.test(text)) return text === "" ? "" : " ";
  return SPACES_TO_COLLAPSE.test(text) ? text.replace(/\s+/g, " ") : text;
}

/**
 * A price's or a notice's text with its lines kept: white space around a line break becomes the
 * break, other runs of spaces and tabs one space, and none at either end.
 */
function collapseLinesByPattern(text: string): string {
  return text
    .replace(/[ \t\r\f\v\u00A0]*\n[\s\u00A0]*/g, "\n")
    .replace(/[ \t\r\f\v]+/g, " ")
    .trim();
}

/**
 * `collapseLinesByPattern(text)`, walked when its only white space is spaces and line breaks (the
 * text log's: chars.test.ts): a run of them holding a line break becomes that break (the spaces
 * before it and all white space after it go), any other run one space, and none at either end.
 */
export function collapseLines(text: string): string {
  const n = text.length;
  let out = "";
  /** Where the words not yet copied start; the run of white space before them, if any. */
  let from = 0;
  let run = "";
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x20 && c !== 0xa0 && !(c >= 0x1680 && isSpace(c))) continue;
    if (c !== 0x20 && c !== 0x0a) return collapseLinesByPattern(text);
    // White space: the words before it are copied, after the run before them.
    if (i > from) {
      out += out === "" ? text.slice(from, i) : run + text.slice(from, i);
      run = "";
    }
    if (c === 0x0a) run = "\n";
    else if (run === "") run = " ";
    from = i + 1;
  }
  if (n > from) out += out === "" ? text.slice(from) : run + text.slice(from);
  return out;
}

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * `text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)`: the words of a text, lower case.
 * Walked when every character is in Latin-1 (letters and digits there are known: `isWordChar`),
 * else split by the pattern.
 */
export function lowerWords(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  const n = lower.length;
  let start = -1;
  for (let i = 0; i < n; i++) {
    const c = lower.charCodeAt(i);
    if (c > 0xff) return lower.split(NOT_WORD).filter(Boolean);
    if (isWordChar(c)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(lower.slice(start));
  return out;
}

/** A Latin-1 character that is a letter or a digit (`\p{L}` or `\p{N}`): "a", "é", "²", "½". */
function isWordChar(c: number): boolean {
  if (c < 0x80)
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  return (
    c === 0xaa ||
    c === 0xb2 ||
    c === 0xb3 ||
    c === 0xb5 ||
    c === 0xb9 ||
    c === 0xba ||
    (c >= 0xbc && c <= 0xbe) ||
    (c >= 0xc0 && c !== 0xd7 && c !== 0xf7)
  );
}
