import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { emailRateLimit } from "../db/schema/index.ts";

export type RateLimitDecision =
  | { isAllowed: true }
  | { isAllowed: false; retryAfterSeconds: number };

/** An email as stored in counter keys: trimmed, lower-cased, hashed (no list of addresses). */
export function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * Counts one attempt on `key` in a fixed window, atomically in the database (one upsert, so
 * concurrent processes agree), and says whether it is within `max`.
 */
export async function hitCounter(
  db: Db,
  options: { key: string; max: number; windowSeconds: number; now?: Date },
): Promise<RateLimitDecision> {
  const now = options.now ?? new Date();
  const windowMs = options.windowSeconds * 1000;
  const windowCutoff = new Date(now.getTime() - windowMs);
  const isExpired = sql`${emailRateLimit.windowStartedAt} <= ${windowCutoff.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(emailRateLimit)
    .values({ key: options.key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: emailRateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${emailRateLimit.count} + 1 end`,
        windowStartedAt: sql`case when ${isExpired} then ${now.toISOString()}::timestamptz else ${emailRateLimit.windowStartedAt} end`,
      },
    })
    .returning({ count: emailRateLimit.count, windowStartedAt: emailRateLimit.windowStartedAt });
  if (!row) throw new Error("rate limit upsert returned nothing");
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) {
    await db
      .delete(emailRateLimit)
      .where(lt(emailRateLimit.windowStartedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  }
  if (row.count <= options.max) return { isAllowed: true };
  const endsAt = row.windowStartedAt.getTime() + windowMs;
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Takes back one counted attempt (it turned out not to count, e.g. a correct password). */
export async function refundCounter(db: Db, key: string): Promise<void> {
  await db
    .update(emailRateLimit)
    .set({ count: sql`${emailRateLimit.count} - 1` })
    .where(and(eq(emailRateLimit.key, key), gt(emailRateLimit.count, 0)));
}

/** Forgets a counter (its owner proved who they are). */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(emailRateLimit).where(eq(emailRateLimit.key, key));
}

/**
 * Counts one attempt for `action` on `email` (stored hashed) in a fixed window. Limits mail
 * to one address (reset links, confirmations), not sign-in: see sign-in-limit.ts.
 */
export function hitEmailRateLimit(
  db: Db,
  options: { action: string; email: string; max: number; windowSeconds: number; now?: Date },
): Promise<RateLimitDecision> {
  return hitCounter(db, {
    key: `${options.action}:${emailKey(options.email)}`,
    max: options.max,
    windowSeconds: options.windowSeconds,
    ...(options.now ? { now: options.now } : {}),
  });
}
