import { describe, expect, it } from "vitest";
import { describeFailure } from "./checks/describe-failure.ts";
import { FAILURE_KINDS, failureWords } from "./failure-words.ts";
import { describeOutcome, type FetchOutcome } from "./fetch/index.ts";

const KINDS = FAILURE_KINDS;

describe("the failure catalogue", () => {
  it("words every kind differently, as a sentence without developer text", () => {
    const words = KINDS.map((kind) => failureWords(kind));
    expect(new Set(words).size).toBe(KINDS.length);
    for (const w of words) {
      expect(w).toMatch(/^[A-Z]/);
      expect(w).not.toMatch(/_|undefined|null|NaN/);
    }
  });

  it("gives a preview (the API, the hub) and a check (the card, notifications) the same words", () => {
    const now = new Date(0);
    const outcomes: FetchOutcome[] = [
      { kind: "http_error", url: "u", finalUrl: "u", status: 404 },
      { kind: "http_error", url: "u", finalUrl: "u", status: 429 },
      { kind: "http_error", url: "u", finalUrl: "u", status: 502 },
      { kind: "bad_url", url: "u", reason: "scheme" },
      { kind: "tls_error", url: "u", code: "CERT_HAS_EXPIRED" },
      { kind: "redirect_loop", url: "u", redirects: [] },
      { kind: "aborted", url: "u" },
      { kind: "network_error", url: "u", code: "ECONNRESET", message: "reset" },
      { kind: "blocked_address", url: "u", host: "h", reason: "loopback" },
    ];
    for (const outcome of outcomes) {
      if (outcome.kind === "ok") continue;
      const httpStatus = outcome.kind === "http_error" ? outcome.status : undefined;
      expect(describeFailure({ kind: outcome.kind, httpStatus, now, nextAttemptAt: null })).toBe(
        describeOutcome(outcome),
      );
    }
    expect(
      describeFailure({ kind: "network_error", now, nextAttemptAt: new Date(15 * 60_000) }),
    ).toBe("The store could not be reached — retrying in 15 min");
  });
});
