/**
 * A fetched page as it came over the wire: its bytes and their charset. The text is decoded on
 * first use and kept, so a page that nobody on this thread reads is never decoded here: the
 * check worker hands the bytes to an extraction thread, which decodes them there.
 */
export class EncodedPage {
  readonly bytes: Uint8Array;
  readonly charset: string;
  #text: string | undefined;

  constructor(bytes: Uint8Array, charset: string) {
    this.bytes = bytes;
    this.charset = charset;
  }

  get text(): string {
    this.#text ??= new TextDecoder(this.charset).decode(this.bytes);
    return this.#text;
  }
}

/** A page to read: its text, or its bytes as fetched. */
export type PageInput = string | EncodedPage;

export function pageText(page: PageInput): string {
  return typeof page === "string" ? page : page.text;
}
