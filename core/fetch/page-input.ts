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

/** A page to read: its text, or its bytes as fetched. */
export type PageInput = string | EncodedPage;

export function pageText(page: PageInput): string {
  return typeof page === "string" ? page : page.text;
}
