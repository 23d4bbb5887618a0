import { hitEmailRateLimit } from "../../accounts/email-rate-limit.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { foldRecipient } from "../../mail/recipient.ts";

/**
 * Limits on mail and messages a person can make Dropwave send on demand, counted in the
 * database (shared by every process) with the fixed-window counter the sign-in limits use.
 * A refusal is an AppError("rate_limited") whose details carry `retryAfterSeconds`; the API
 * turns that into 429 with a `Retry-After` header.
 */

/** "Send test" (one channel or all at once) per account. */
export const TEST_SENDS = { max: 5, windowSeconds: 5 * 60 } as const;
/** Confirmation mails to one address, whoever asks: a stranger's inbox gets at most this. */
export const CONFIRMATIONS_PER_ADDRESS = { max: 3, windowSeconds: 24 * 60 * 60 } as const;
/** Confirmation mails one account can cause. */
export const CONFIRMATIONS_PER_ACCOUNT = { max: 10, windowSeconds: 60 * 60 } as const;

type Limit = { max: number; windowSeconds: number };

async function take(
  db: Db,
  action: string,
  key: string,
  limit: Limit,
  message: string,
  now?: Date,
) {
  const decision = await hitEmailRateLimit(db, { action, email: key, ...limit, now });
  if (decision.isAllowed) return;
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  throw new AppError("rate_limited", `${message} Try again in ${minutes} min.`, {
    details: { retryAfterSeconds: decision.retryAfterSeconds },
  });
}

/** Counts one test send for the account; throws 429 past the limit. */
export async function takeTestSend(db: Db, userId: string, now?: Date): Promise<void> {
  await take(db, "channel-test", `user:${userId}`, TEST_SENDS, "Too many test alerts.", now);
}

/** Counts one confirmation mail for the address and for the account; throws 429 past either. */
export async function takeConfirmationMail(
  db: Db,
  input: { userId: string; address: string; now?: Date },
): Promise<void> {
  await take(
    db,
    "channel-confirm-account",
    `user:${input.userId}`,
    CONFIRMATIONS_PER_ACCOUNT,
    "Too many confirmation emails from this account.",
    input.now,
  );
  await take(
    db,
    "channel-confirm-address",
    // One inbox, however the address is spelled (victim+2@ is victim@): decision 0064.
    foldRecipient(input.address),
    CONFIRMATIONS_PER_ADDRESS,
    "This address was sent enough confirmation emails for today.",
    input.now,
  );
}
