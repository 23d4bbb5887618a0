/**
 * Words for the hub about a check that did not give a price. The fetch kinds carry the same names
 * as core/fetch's FetchOutcome kinds (minus "ok"), so `outcome.kind` can be passed straight in.
 */
export type CheckFailureKind =
  | "http_error"
  | "timeout"
  | "too_large"
  | "blocked_address"
  | "bad_url"
  | "bot_challenge"
  | "not_html"
  | "dns_error"
  | "tls_error"
  | "redirect_loop"
  | "host_backoff"
  | "aborted"
  | "network_error"
  // The page was read, but extraction did not give one price.
  | "ambiguous_price"
  | "no_price"
  | "not_product";

/** "Store blocked the check — retrying in 3 h". `nextAttemptAt` null: no retry planned. */
export function describeFailure(input: {
  kind: CheckFailureKind;
  httpStatus?: number;
  now: Date;
  nextAttemptAt: Date | null;
}): string {
  const what = failureWords(input.kind, input.httpStatus);
  if (input.nextAttemptAt === null) return what;
  return `${what} — retrying ${formatWait(input.nextAttemptAt.getTime() - input.now.getTime())}`;
}

function failureWords(kind: CheckFailureKind, httpStatus: number | undefined): string {
  switch (kind) {
    case "http_error":
      if (httpStatus === 404 || httpStatus === 410)
        return "The store says this page no longer exists";
      if (httpStatus === 403 || httpStatus === 429) return "Store blocked the check";
      return httpStatus === undefined
        ? "The store answered with an error"
        : `The store answered with an error (HTTP ${httpStatus})`;
    case "bot_challenge":
      return "Store blocked the check";
    case "host_backoff":
      return "The store asked us to slow down";
    case "timeout":
      return "The store took too long to answer";
    case "too_large":
      return "The page was too large to read";
    case "blocked_address":
      return "This address isn't allowed to be checked";
    case "bad_url":
      return "This link isn't a valid web address";
    case "not_html":
      return "This link isn't a web page";
    case "dns_error":
      return "The store's address could not be found";
    case "tls_error":
      return "The store's secure connection failed";
    case "redirect_loop":
      return "The store keeps redirecting";
    case "aborted":
      return "The check was stopped";
    case "network_error":
      return "Couldn't reach the store";
    case "ambiguous_price":
      return "The page shows more than one price";
    case "no_price":
      return "No price found on the page";
    case "not_product":
      return "This page doesn't look like a product";
  }
}

/** "in a moment", "in 5 min", "in 3 h", "in 2 days" (rounded to the nearest unit). */
export function formatWait(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "in a moment";
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  const days = Math.round(hours / 24);
  return `in ${days} days`;
}
