import type { Db } from "../db/client.ts";
import {
  clearCounter,
  emailKey,
  hitCounter,
  type RateLimitDecision,
  refundCounter,
} from "./email-rate-limit.ts";

/**
 * Wrong-password limits (docs/decisions/0013-sign-in-lockout.md). Failures are
 * counted per (client address, email) pair and per client address, never per email alone:
 * a stranger's failures from their own address can then never lock the owner out of their
 * account, whatever address the owner signs in from.
 */
export type SignInLimits = {
  /** Wrong passwords for one email from one address per window. */
  perPair: number;
  /** Wrong passwords from one address, across all emails, per window. */
  perAddress: number;
  windowSeconds: number;
};

/** Default per-address limit: a few people behind one address (a home, an office) may mistype. */
export function signInLimitsFor(attemptsPerMinute: number): SignInLimits {
  return { perPair: attemptsPerMinute, perAddress: attemptsPerMinute * 4, windowSeconds: 60 };
}

function keys(address: string, email: string) {
  return {
    pair: `sign-in-failures:pair:${address}:${emailKey(email)}`,
    address: `sign-in-failures:address:${address}`,
  };
}

/**
 * Before checking a password: counts the attempt as a failure in advance (so concurrent
 * attempts cannot slip past the limit together) and refuses it when either count is over
 * its limit. Settle it afterwards with `settleSignInAttempt`.
 */
export async function reserveSignInAttempt(
  db: Db,
  options: { address: string; email: string; limits: SignInLimits; now?: Date },
): Promise<RateLimitDecision> {
  const { pair, address } = keys(options.address, options.email);
  const { limits } = options;
  const now = options.now ? { now: options.now } : {};
  const [pairDecision, addressDecision] = await Promise.all([
    hitCounter(db, { key: pair, max: limits.perPair, windowSeconds: limits.windowSeconds, ...now }),
    hitCounter(db, {
      key: address,
      max: limits.perAddress,
      windowSeconds: limits.windowSeconds,
      ...now,
    }),
  ]);
  if (pairDecision.isAllowed && addressDecision.isAllowed) return { isAllowed: true };
  // A refused attempt checked no password: it is no failure.
  await Promise.all([refundCounter(db, pair), refundCounter(db, address)]);
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(
      pairDecision.isAllowed ? 0 : pairDecision.retryAfterSeconds,
      addressDecision.isAllowed ? 0 : addressDecision.retryAfterSeconds,
    ),
  };
}

/**
 * After the password check: a wrong password keeps its count; the right one clears the
 * pair's count (the owner proved who they are) and takes back the address's; anything else
 * (a malformed request, a server fault) takes both back.
 */
export async function settleSignInAttempt(
  db: Db,
  options: { address: string; email: string; outcome: "wrong_password" | "signed_in" | "other" },
): Promise<void> {
  const { pair, address } = keys(options.address, options.email);
  if (options.outcome === "wrong_password") return;
  await Promise.all([
    options.outcome === "signed_in" ? clearCounter(db, pair) : refundCounter(db, pair),
    refundCounter(db, address),
  ]);
}
