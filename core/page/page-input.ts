/**
 * A fetched page as it came over the wire: its bytes and their charset. The text is decoded on
 * first use and kept, so a page that nobody on this thread reads is never decoded here: the
 * check worker hands the bytes to an extraction thread, which decodes them there.
 */
export class EncodedPage {
  readonly charset: string;
  #bytes: Uint8Array | undefined;
  /** Whether `handOver` may move the buffer to another thread instead of copying it. */
  #isMovable: boolean;
  #text: string | undefined;

  /**
   * `isOwnBuffer`: nothing else holds the buffer under `bytes` (the fetcher's own copy of the
   * body), so it may be moved to the thread that reads the page (`handOver`).
   */
  constructor(bytes: Uint8Array, charset: string, options: { isOwnBuffer?: boolean } = {}) {
    this.#bytes = bytes;
    this.charset = charset;
    this.#isMovable =
      options.isOwnBuffer === true &&
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength;
  }

  get bytes(): Uint8Array {
    if (this.#bytes === undefined) {
      throw new Error("this page's bytes were handed over to the thread that reads it");
    }
    return this.#bytes;
  }

  get text(): string {
    this.#text ??= new TextDecoder(this.charset).decode(this.bytes);
    return this.#text;
  }

  /**
   * This page is kept to be read again (the hub's preview, saved a moment later): from now on
   * its bytes are copied to the thread that reads it, never moved.
   */
  keepForRereading(): void {
    this.#isMovable = false;
  }

  /**
   * The bytes for the thread that reads the page, and the buffers to move there rather than
   * copy: the page's own buffer, which this page then no longer has (its bytes and text can no
   * longer be read here, unless the text was read before), or none.
   */
  handOver(): { bytes: Uint8Array; transferList: ArrayBuffer[] } {
    const bytes = this.bytes;
    if (!this.#isMovable) return { bytes, transferList: [] };
    this.#bytes = undefined;
    return { bytes, transferList: [bytes.buffer as ArrayBuffer] };
  }
}

/**
 * Bytes of this many at most are decoded into one piece of text: a piece of up to 32 768
 * characters stays under the ~128 KB from which V8 maps a string its own memory (decoding a
 * 720 KB page in one string cost 3.7 ms, in pieces 0.25 ms: docs/decisions/0039).
 */
const PIECE_BYTES = 32_768;

/** Charsets whose streaming decoder gives exactly what one decoding gives, whatever the bytes. */
const DECODES_IN_PIECES =
  /^(utf-8|utf-16le|utf-16be|windows-\d+|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic)$/;

/**
 * The page's text in consecutive pieces (core/extract/page-text.ts): what `new
 * TextDecoder(charset).decode(bytes)` gives, joined.
 */
export function decodeInPieces(
  bytes: Uint8Array,
  charset: string,
  pieceBytes = PIECE_BYTES,
): string[] {
  const decoder = new TextDecoder(charset);
  // Node's streaming decoders of the multi-byte legacy charsets (gb18030, euc-jp, …) may answer
  // invalid bytes otherwise than one decoding does, or throw: those pages are decoded whole.
  if (!DECODES_IN_PIECES.test(decoder.encoding)) {
    const whole = decoder.decode(bytes);
    return whole === "" ? [] : [whole];
  }
  const pieces: string[] = [];
  for (let at = 0; at < bytes.length; at += pieceBytes) {
    const piece = decoder.decode(bytes.subarray(at, at + pieceBytes), { stream: true });
    if (piece !== "") pieces.push(piece);
  }
  const rest = decoder.decode();
  if (rest !== "") pieces.push(rest);
  return pieces;
}

/** A page to read: its text, or its bytes as fetched. */
export type PageInput = string | EncodedPage;

export function pageText(page: PageInput): string {
  return typeof page === "string" ? page : page.text;
}
