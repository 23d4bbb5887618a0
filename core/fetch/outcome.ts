/**
 * What a fetch ends in. Always a value, never an exception; `describeOutcome` turns each kind
 * into words for people in one exhaustive switch.
 */

export type FetchTimings = {
  /** Waiting for the per-host gate (spacing, concurrency, backoff), all hops. */
  gateWaitMs: number;
  /** From the first hop's request to the final response's headers. */
  firstByteMs: number;
  /** From the start of the call to the end of the body. */
  totalMs: number;
};

export type RedirectHop = { from: string; to: string; status: number };

export type ChallengeVendor =
  | "amazon"
  | "cloudflare"
  | "akamai"
  | "perimeterx"
  | "datadome"
  | "imperva"
  | "walmart"
  | "generic";

export type ChallengeKind = "captcha" | "robot_check" | "js_challenge" | "access_denied";

export type FetchOutcome =
  | {
      kind: "ok";
      url: string;
      finalUrl: string;
      status: number;
      headers: Record<string, string>;
      contentType: string;
      charset: string;
      body: string;
      /** Decoded (decompressed) body size. */
      bytes: number;
      timings: FetchTimings;
      redirects: RedirectHop[];
      /** True when the page was rendered by headless Chromium. */
      isRendered: boolean;
    }
  | { kind: "http_error"; url: string; finalUrl: string; status: number; retryAfterMs?: number }
  | { kind: "timeout"; url: string; phase: "connect" | "response"; afterMs: number }
  | { kind: "too_large"; url: string; limitBytes: number }
  | { kind: "blocked_address"; url: string; host: string; address?: string; reason: string }
  | { kind: "bad_url"; url: string; reason: string }
  | {
      kind: "bot_challenge";
      url: string;
      finalUrl: string;
      status: number;
      vendor: ChallengeVendor;
      challenge: ChallengeKind;
    }
  | { kind: "not_html"; url: string; finalUrl: string; contentType: string }
  | { kind: "dns_error"; url: string; host: string; code: string }
  | { kind: "tls_error"; url: string; code: string }
  | { kind: "redirect_loop"; url: string; redirects: RedirectHop[] }
  /** The host gate holds this host back (a store's earlier 403/429/503 and Retry-After). */
  | { kind: "host_backoff"; url: string; host: string; retryAfterMs: number }
  /** The caller's signal ended the fetch. */
  | { kind: "aborted"; url: string }
  | { kind: "network_error"; url: string; code: string; message: string };

export type FetchOutcomeKind = FetchOutcome["kind"];

const vendorNames: Record<ChallengeVendor, string> = {
  amazon: "Amazon",
  cloudflare: "Cloudflare",
  akamai: "Akamai",
  perimeterx: "HUMAN/PerimeterX",
  datadome: "DataDome",
  imperva: "Imperva",
  walmart: "Walmart",
  generic: "the store",
};

const challengeNames: Record<ChallengeKind, string> = {
  captcha: "captcha",
  robot_check: "robot check",
  js_challenge: "browser check",
  access_denied: "access denied",
};

function seconds(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** Words for people: why a check worked or did not. */
export function describeOutcome(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case "ok":
      return outcome.isRendered ? "Page loaded (rendered)" : "Page loaded";
    case "http_error":
      return outcome.status === 404 || outcome.status === 410
        ? `The store says this page does not exist (HTTP ${outcome.status})`
        : `The store answered with an error (HTTP ${outcome.status})`;
    case "timeout":
      return outcome.phase === "connect"
        ? "The store did not accept a connection in time"
        : `The store took too long to answer (over ${seconds(outcome.afterMs)})`;
    case "too_large":
      return `The page is larger than the ${Math.round(outcome.limitBytes / 1024 / 1024)} MB limit`;
    case "blocked_address":
      return /^port /.test(outcome.reason)
        ? "This port is not allowed (only 80, 443 and 1024–65535)"
        : "This address points into a private network and is not allowed";
    case "bad_url":
      return "This is not a web address Dropwave can check (only http and https links)";
    case "bot_challenge":
      return `Store blocked the check (${vendorNames[outcome.vendor]} ${challengeNames[outcome.challenge]})`;
    case "not_html":
      return `This link is not a web page (${outcome.contentType || "unknown type"})`;
    case "dns_error":
      return `The store's name (${outcome.host}) could not be found`;
    case "tls_error":
      return "The store's secure connection could not be verified";
    case "redirect_loop":
      return "The store redirected too many times";
    case "host_backoff":
      return `The store asked us to slow down; next try in ${seconds(outcome.retryAfterMs)}`;
    case "aborted":
      return "The check was cancelled";
    case "network_error":
      return "The store could not be reached";
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
