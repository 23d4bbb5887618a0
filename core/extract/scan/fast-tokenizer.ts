import { Tokenizer } from "htmlparser2";

type Callbacks = ConstructorParameters<typeof Tokenizer>[1];

/** The tokenizer's own members the fast paths use (private in its types, plain in 12.0). */
type Internals = {
  buffer: string;
  index: number;
  offset: number;
  fastForwardTo(c: number): boolean;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  stateInAttributeName(c: number): void;
};
const Stock = Tokenizer as unknown as new (
  options: { xmlMode: boolean; decodeEntities: boolean },
  callbacks: Callbacks,
) => Internals;

const LT = 0x3c; // <
const AMP = 0x26; // &
const EQ = 0x3d; // =

/** htmlparser2's end of a tag or attribute name: whitespace, `/` or `>`. */
function endsName(c: number): boolean {
  return (
    c === 0x2f || c === 0x3e || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d
  );
}

/**
 * htmlparser2's tokenizer with four loops moved out of its per-character state machine
 * (docs/decisions/0033-tokenizer-fast-paths.md): text runs up to the next `<` or `&`, quoted
 * attribute values up to their quote or `&`, tag and attribute names up to their end, and the
 * search for one character (the `<` that may end a script or style, the `>` of a comment) with
 * the string's own `indexOf`. It emits exactly
 * the events of the stock tokenizer (fast-tokenizer.test.ts compares the two on every saved page
 * and on random markup).
 */
class FastTokenizer extends Stock {
  // The stock method stops at the wanted character or at the end of the buffer.
  override fastForwardTo(c: number): boolean {
    const at = this.buffer.indexOf(String.fromCharCode(c), this.index - this.offset + 1);
    if (at === -1) {
      this.index = this.buffer.length + this.offset - 1;
      return false;
    }
    this.index = at + this.offset;
    return true;
  }

  // Text state: only `<` and `&` do anything; the loop that calls this steps one past `index`.
  override stateText(c: number): void {
    if (c === LT || c === AMP) super.stateText(c);
    else this.skipToEither(LT, AMP);
  }

  // A quoted attribute value: only its closing quote and `&` do anything.
  override handleInAttributeValue(c: number, quote: number): void {
    if (c === quote || c === AMP) super.handleInAttributeValue(c, quote);
    else this.skipToEither(quote, AMP);
  }

  // A tag's or attribute's name: only the character that ends it does anything.
  override stateInTagName(c: number): void {
    if (endsName(c)) super.stateInTagName(c);
    else this.skipName(false);
  }

  override stateInClosingTagName(c: number): void {
    if (endsName(c)) super.stateInClosingTagName(c);
    else this.skipName(false);
  }

  override stateInAttributeName(c: number): void {
    if (c === EQ || endsName(c)) super.stateInAttributeName(c);
    else this.skipName(true);
  }

  /** Moves to just before the end of a name (or of the buffer): the calling loop steps onto it. */
  private skipName(isAttribute: boolean): void {
    const { buffer, offset } = this;
    let i = this.index - offset + 1;
    const end = buffer.length;
    while (i < end) {
      const d = buffer.charCodeAt(i);
      if (endsName(d) || (isAttribute && d === EQ)) break;
      i++;
    }
    this.index = i + offset - 1;
  }

  /**
   * Where the next `<`, `&`, `"` and `'` are in the current buffer (its length: none), each as
   * found by the string's own `indexOf` from some position: the answer for any position from
   * there up to it. A character is looked for again only once passed, so the buffer is searched
   * about once per character, whatever the number of texts and values in it.
   */
  private readonly foundAt = new Int32Array(128);
  private readonly foundFrom = new Int32Array(128);
  private foundIn: string | undefined;

  private next(c: number, from: number): number {
    const { buffer } = this;
    if (this.foundIn !== buffer) {
      this.foundIn = buffer;
      this.foundFrom.fill(2 ** 30);
    }
    const at = this.foundAt[c] as number;
    if (from >= (this.foundFrom[c] as number) && from <= at) return at;
    const found = buffer.indexOf(String.fromCharCode(c), from);
    const next = found === -1 ? buffer.length : found;
    this.foundFrom[c] = from;
    this.foundAt[c] = next;
    return next;
  }

  /** Moves to just before the next `a` or `b` (or the end): the calling loop steps onto it. */
  private skipToEither(a: number, b: number): void {
    const i = this.index - this.offset + 1;
    this.index = Math.min(this.next(a, i), this.next(b, i)) + this.offset - 1;
  }
}

/**
 * The fast paths stand on the stock tokenizer's internals: when an upgrade renames them, the
 * stock tokenizer is used (slower, never wrong) and the equivalence test says why.
 */
export const hasFastPaths: boolean = (() => {
  const proto = Tokenizer.prototype as unknown as Record<string, unknown>;
  if (
    typeof proto.fastForwardTo !== "function" ||
    typeof proto.stateText !== "function" ||
    typeof proto.handleInAttributeValue !== "function" ||
    typeof proto.stateInTagName !== "function" ||
    typeof proto.stateInClosingTagName !== "function" ||
    typeof proto.stateInAttributeName !== "function"
  )
    return false;
  const probe = new Tokenizer({}, {} as Callbacks) as unknown as Internals;
  return (
    typeof probe.buffer === "string" &&
    typeof probe.index === "number" &&
    typeof probe.offset === "number"
  );
})();

export function createTokenizer(callbacks: Callbacks, useFastPaths = hasFastPaths): Tokenizer {
  const options = { xmlMode: false, decodeEntities: true };
  return useFastPaths
    ? (new FastTokenizer(options, callbacks) as unknown as Tokenizer)
    : new Tokenizer(options, callbacks);
}
