import { failureWords } from "../failure-words.ts";
import type { ChallengeKind, ChallengeVendor } from "../page/challenge/index.ts";
import type { EncodedPage } from "../page/page-input.ts";

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

export type { ChallengeKind, ChallengeVendor };

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
      /** The bytes as fetched (absent for a page rendered by Chromium, whose text is `body`). */
      page?: EncodedPage;
      /** Decoded (decompressed) body size. */
      bytes: number;
      timings: FetchTimings;
      redirects: RedirectHop[];
      /** True when the page was rendered by headless Chromium. */
      isRendered: boolean;
      /**
       * The page was not checked for a bot challenge (FetchPageOptions.leaveChallengeToReader):
       * its reader runs `classifyChallenge(status, headers, page)` when the page gives no price.
       */
      isChallengeLeftToReader?: true;
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

/** Words for people: why a fetch worked or did not (failures: core/failure-words.ts). */
export function describeOutcome(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case "ok":
      return outcome.isRendered ? "Page loaded (rendered)" : "Page loaded";
    case "http_error":
      return failureWords(outcome.kind, { httpStatus: outcome.status });
    case "timeout":
      return failureWords(outcome.kind, { phase: outcome.phase, afterMs: outcome.afterMs });
    case "too_large":
      return failureWords(outcome.kind, { limitBytes: outcome.limitBytes });
    case "blocked_address":
      return failureWords(outcome.kind, { reason: outcome.reason });
    case "bot_challenge":
      return failureWords(outcome.kind, {
        challenge: `${vendorNames[outcome.vendor]} ${challengeNames[outcome.challenge]}`,
      });
    case "not_html":
      return failureWords(outcome.kind, { contentType: outcome.contentType || "unknown type" });
    case "dns_error":
      return failureWords(outcome.kind, { host: outcome.host });
    case "host_backoff":
      return failureWords(outcome.kind, { retryAfterMs: outcome.retryAfterMs });
    case "bad_url":
    case "tls_error":
    case "redirect_loop":
    case "aborted":
    case "network_error":
      return failureWords(outcome.kind);
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
