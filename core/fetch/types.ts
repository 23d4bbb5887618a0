import type { ImageOutcome } from "./fetch-image.ts";
import type { FetchOutcome } from "./outcome.ts";

export type FetchPageOptions = {
  acceptLanguage?: string;
  signal?: AbortSignal;
  /** Render with headless Chromium (needs `chromiumPath`). */
  render?: boolean;
  /**
   * Leave a 2xx page's bot-challenge check to whoever reads the page (the outcome says so with
   * `isChallengeLeftToReader`): the check worker runs it on its extraction thread, and only
   * when the page gave no price (docs/decisions/0040-challenge-check-after-reading.md). Other
   * statuses are checked here, as without it.
   */
  leaveChallengeToReader?: boolean;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Default: `requestMaxBytes`. */
  maxBytes?: number;
  /** Default: `maxRedirects` (5). */
  maxRedirects?: number;
};

export type Fetcher = {
  fetchPage(url: string, options?: FetchPageOptions): Promise<FetchOutcome>;
  request(url: string, options?: RequestOptions): Promise<FetchOutcome>;
  /**
   * Whether `url` could be fetched, without sending anything: the URL and address policies,
   * with DNS. `ok`, or the outcome a fetch would end in (bad_url, blocked_address, dns_error, …).
   */
  checkTarget(url: string): Promise<{ kind: "ok" } | FetchOutcome>;
  /** A product picture (jpeg, png, gif, webp, avif by their bytes; 5 MB by default). */
  fetchImage(
    url: string,
    options?: { maxBytes?: number; signal?: AbortSignal },
  ): Promise<ImageOutcome>;
  /** Frees the rendering browser, if one was started. */
  close(): Promise<void>;
};
