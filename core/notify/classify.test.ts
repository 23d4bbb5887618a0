import { describe, expect, it } from "vitest";
import { okOutcome } from "../../tests/helpers/fixtures.ts";
import type { FetchOutcome } from "../fetch/index.ts";
import {
  classifyFetchOutcome,
  classifyMailError,
  GIVE_UP_AFTER_MS,
  planRetry,
  retryDelayMs,
  shouldGiveUp,
} from "./deliver.ts";
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from "./webhook-signature.ts";

const url = "https://hooks.example/x";
const httpError = (status: number, retryAfterMs?: number): FetchOutcome => ({
  kind: "http_error",
  url,
  finalUrl: url,
  status,
  ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
});

describe("classifyFetchOutcome", () => {
  it.each([
    [200, "delivered"],
    [408, "retry"],
    [425, "retry"],
    [429, "retry"],
    [500, "retry"],
    [502, "retry"],
    [503, "retry"],
    [400, "permanent"],
    [401, "permanent"],
    [403, "permanent"],
    [404, "permanent"],
    [410, "permanent"],
    [413, "permanent"],
    [304, "permanent"],
  ])("HTTP %i is %s", (status, kind) => {
    const outcome: FetchOutcome =
      status === 200 ? okOutcome(url, { contentType: "" }) : httpError(status);
    expect(classifyFetchOutcome(outcome).kind).toBe(kind);
  });

  it("honours Retry-After", () => {
    expect(classifyFetchOutcome(httpError(429, 2000))).toMatchObject({
      kind: "retry",
      afterMs: 2000,
    });
    expect(classifyFetchOutcome(httpError(503, 60_000))).toMatchObject({ afterMs: 60_000 });
  });

  it("reads 404/410 from a push service as a gone subscription", () => {
    expect(classifyFetchOutcome(httpError(410), { isPush: true })).toMatchObject({
      kind: "permanent",
      code: "subscription_gone",
    });
    expect(classifyFetchOutcome(httpError(404), { isPush: true })).toMatchObject({
      code: "subscription_gone",
    });
    expect(classifyFetchOutcome(httpError(400), { isPush: true })).toMatchObject({
      code: "rejected",
    });
  });

  it.each<[FetchOutcome, string]>([
    [{ kind: "timeout", url, phase: "response", afterMs: 15_000 }, "retry"],
    [{ kind: "network_error", url, code: "ECONNRESET", message: "reset" }, "retry"],
    [{ kind: "dns_error", url, host: "h", code: "EAI_AGAIN" }, "retry"],
    [{ kind: "tls_error", url, code: "CERT_HAS_EXPIRED" }, "retry"],
    [{ kind: "host_backoff", url, host: "h", retryAfterMs: 5000 }, "retry"],
    [{ kind: "aborted", url }, "retry"],
    [{ kind: "too_large", url, limitBytes: 1 }, "delivered"],
    [{ kind: "blocked_address", url, host: "10.0.0.1", reason: "private" }, "permanent"],
    [{ kind: "bad_url", url, reason: "not a URL" }, "permanent"],
    [{ kind: "redirect_loop", url, redirects: [] }, "permanent"],
  ])("%o is %s", (outcome, kind) => {
    expect(classifyFetchOutcome(outcome).kind).toBe(kind);
  });

  it("keeps the host back-off's wait", () => {
    expect(
      classifyFetchOutcome({ kind: "host_backoff", url, host: "h", retryAfterMs: 5000 }),
    ).toMatchObject({ afterMs: 5000 });
  });
});

describe("classifyMailError", () => {
  const smtpError = (responseCode: number | undefined, code: string) =>
    Object.assign(new Error(`${responseCode ?? ""} ${code}`), { responseCode, code });

  it("4xx retry, 5xx permanent, no reply retry", () => {
    expect(classifyMailError(smtpError(451, "EMESSAGE")).kind).toBe("retry");
    expect(classifyMailError(smtpError(421, "EENVELOPE")).kind).toBe("retry");
    expect(classifyMailError(smtpError(550, "EENVELOPE"))).toMatchObject({
      kind: "permanent",
      status: 550,
    });
    expect(classifyMailError(smtpError(554, "EMESSAGE")).kind).toBe("permanent");
    expect(classifyMailError(smtpError(undefined, "ECONNECTION")).kind).toBe("retry");
    expect(classifyMailError(smtpError(undefined, "ETIMEDOUT")).kind).toBe("retry");
    expect(classifyMailError(smtpError(undefined, "EENVELOPE")).kind).toBe("permanent");
    // Our relay refusing our login is the operator's problem, not this address's.
    expect(classifyMailError(smtpError(535, "EAUTH")).kind).toBe("retry");
    expect(classifyMailError("weird").kind).toBe("retry");
  });
});

describe("retry schedule", () => {
  it("doubles from 30 s with jitter, capped at 2 h", () => {
    expect(retryDelayMs(1, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeCloseTo(30_000, -1);
    expect(retryDelayMs(2, () => 0)).toBe(30_000);
    expect(retryDelayMs(5, () => 0.5)).toBe(Math.round(480_000 * 0.75));
    expect(retryDelayMs(30, () => 1)).toBe(2 * 60 * 60 * 1000);
    expect(retryDelayMs(0, () => 0)).toBe(15_000);
    for (let attempt = 1; attempt < 40; attempt++) {
      const d = retryDelayMs(attempt, Math.random);
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
    }
  });

  it("gives up 24 h after the first attempt", () => {
    const first = new Date("2026-11-22T00:00:00Z");
    expect(shouldGiveUp(first, new Date(first.getTime() + GIVE_UP_AFTER_MS - 1))).toBe(false);
    expect(shouldGiveUp(first, new Date(first.getTime() + GIVE_UP_AFTER_MS))).toBe(true);
  });

  it("plans the next attempt: own backoff or the receiver's longer Retry-After, within 24 h", () => {
    const first = new Date("2026-11-22T00:00:00Z");
    const now = new Date("2026-11-22T01:00:00Z");
    const half = () => 0.5;
    expect(
      planRetry({ result: { kind: "delivered" }, attempt: 1, firstAttemptAt: first, now }),
    ).toEqual({ kind: "done" });
    expect(
      planRetry({
        result: { kind: "permanent", reason: "HTTP 400" },
        attempt: 1,
        firstAttemptAt: first,
        now,
      }),
    ).toEqual({ kind: "give_up", reason: "HTTP 400" });
    expect(
      planRetry({
        result: { kind: "retry", reason: "HTTP 500" },
        attempt: 1,
        firstAttemptAt: first,
        now,
        random: half,
      }),
    ).toEqual({ kind: "retry_at", at: new Date(now.getTime() + 22_500) });
    expect(
      planRetry({
        result: { kind: "retry", reason: "HTTP 429", afterMs: 600_000 },
        attempt: 1,
        firstAttemptAt: first,
        now,
        random: half,
      }),
    ).toEqual({ kind: "retry_at", at: new Date(now.getTime() + 600_000) });
    const late = new Date(first.getTime() + GIVE_UP_AFTER_MS - 1000);
    expect(
      planRetry({
        result: { kind: "retry", reason: "HTTP 500" },
        attempt: 20,
        firstAttemptAt: first,
        now: late,
      }),
    ).toMatchObject({ kind: "give_up" });
  });

  it("a full run of failures stops within about 24 h", () => {
    const first = new Date("2026-11-22T00:00:00Z");
    let now = first;
    let attempts = 0;
    for (;;) {
      attempts++;
      const plan = planRetry({
        result: { kind: "retry", reason: "HTTP 503" },
        attempt: attempts,
        firstAttemptAt: first,
        now,
        random: () => 1,
      });
      if (plan.kind !== "retry_at") break;
      now = plan.at;
    }
    expect(now.getTime() - first.getTime()).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(attempts).toBeGreaterThan(10);
    expect(attempts).toBeLessThan(30);
  });
});

describe("webhook signature", () => {
  const secret = "whsec_0123456789abcdef";
  const body = '{"a":1}';
  const t = 1_800_000_000;
  const now = t * 1000;

  it("round-trips and accepts any of several v1 values (secret rotation)", () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body, 300, now)).toEqual({
      ok: true,
      timestampSec: t,
    });
    const oldSig = signWebhook("whsec_old_secret_000000", body, t).split(",")[1];
    expect(verifyWebhookSignature(secret, `${header},${oldSig}`, body, 300, now).ok).toBe(true);
    expect(verifyWebhookSignature(secret, `t=${t},${oldSig}`, body, 300, now)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses malformed headers, and timestamps outside the tolerance either way", () => {
    for (const header of [
      undefined,
      null,
      "",
      "v1=abc",
      `t=${t}`,
      `t=x,v1=${"0".repeat(64)}`,
      "t=1,v1=zz",
    ]) {
      expect(verifyWebhookSignature(secret, header, body, 300, now)).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 301_000).ok).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now - 301_000).ok).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 299_000).ok).toBe(true);
  });

  it("generates strong secrets", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[\w-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
