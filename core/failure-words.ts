/**
 * The one catalogue of words for a check or a preview that did not give a price: the fetch
 * failures (core/fetch's FetchOutcome kinds), the three extraction results that give no
 * price, and a picked price spot (recipe) that stopped matching. The hub, the API's error messages, stored `lastError`s and notifications all read
 * from here (core/fetch's describeOutcome and core/checks' describeFailure only add a wait).
 * A detail that is known is added in brackets; without it the sentence stands alone.
 */
/** Every kind, in the catalogue's order: the fetch failures, then the extraction results. */
export const FAILURE_KINDS = [
  "http_error",
  "timeout",
  "too_large",
  "blocked_address",
  "bad_url",
  "bot_challenge",
  "not_html",
  "dns_error",
  "tls_error",
  "redirect_loop",
  "host_backoff",
  "aborted",
  "network_error",
  // The page was read, but extraction did not give one price.
  "ambiguous_price",
  "no_price",
  "not_product",
  // A price recipe (the spot a person picked with the extension) found nothing like it.
  "recipe_stopped_matching",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export function isFailureKind(value: string): value is FailureKind {
  return (FAILURE_KINDS as readonly string[]).includes(value);
}

export type FailureDetail = {
  httpStatus?: number;
  /** timeout: which phase ran out. */
  phase?: "connect" | "response";
  afterMs?: number;
  limitBytes?: number;
  /** blocked_address: the address policy's reason ("port 22 …", "private range …"). */
  reason?: string;
  /** bot_challenge: "Cloudflare captcha". */
  challenge?: string;
  contentType?: string;
  host?: string;
  retryAfterMs?: number;
};

/** "15 s", "3 min". */
export function formatSeconds(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

const bracket = (detail: string | undefined | false): string => (detail ? ` (${detail})` : "");

export function failureWords(kind: FailureKind, detail: FailureDetail = {}): string {
  const status = detail.httpStatus;
  switch (kind) {
    case "http_error":
      if (status === 404 || status === 410)
        return `The store says this page no longer exists${bracket(`HTTP ${status}`)}`;
      if (status === 403 || status === 429)
        return `Store blocked the check${bracket(`HTTP ${status}`)}`;
      return `The store answered with an error${bracket(status !== undefined && `HTTP ${status}`)}`;
    case "bot_challenge":
      return `Store blocked the check${bracket(detail.challenge)}`;
    case "host_backoff":
      return detail.retryAfterMs === undefined
        ? "The store asked us to slow down"
        : `The store asked us to slow down; next try in ${formatSeconds(detail.retryAfterMs)}`;
    case "timeout":
      return detail.phase === "connect"
        ? "The store did not accept a connection in time"
        : `The store took too long to answer${bracket(detail.afterMs !== undefined && `over ${formatSeconds(detail.afterMs)}`)}`;
    case "too_large":
      return `The page is too large to read${bracket(detail.limitBytes !== undefined && `over the ${Math.round(detail.limitBytes / 1024 / 1024)} MB limit`)}`;
    case "blocked_address":
      return detail.reason !== undefined && /^port /.test(detail.reason)
        ? "This port is not allowed (only 80, 443 and 1024–65535)"
        : "This address points into a private network and is not allowed";
    case "bad_url":
      return "This is not a web address Dropwave can check (only http and https links)";
    case "not_html":
      return `This link is not a web page${bracket(detail.contentType)}`;
    case "dns_error":
      return detail.host
        ? `The store's name (${detail.host}) could not be found`
        : "The store's name could not be found";
    case "tls_error":
      return "The store's secure connection could not be verified";
    case "redirect_loop":
      return "The store redirected too many times";
    case "aborted":
      return "The check was cancelled";
    case "network_error":
      return "The store could not be reached";
    case "ambiguous_price":
      return "The page shows more than one price";
    case "no_price":
      return "No price found on the page";
    case "not_product":
      return "This page doesn't look like a product";
    case "recipe_stopped_matching":
      return "The price is no longer where it was picked on the page; pick it again with the extension";
  }
}
