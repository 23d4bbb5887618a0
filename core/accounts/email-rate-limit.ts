import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { emailRateLimit } from "../db/schema/index.ts";

export type RateLimitDecision =
  | { isAllowed: true }
  | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt for `action` on `email` in a fixed window, atomically in the database
 * (one upsert, so concurrent processes agree), and says whether it is within `max`.
 * The email is stored hashed: the table need not keep a list of addresses people tried.
 */
export async function hitEmailRateLimit(
  db: Db,
  options: { action: string; email: string; max: number; windowSeconds: number; now?: Date },
): Promise<RateLimitDecision> {
  const now = options.now ?? new Date();
  const windowMs = options.windowSeconds * 1000;
  const windowCutoff = new Date(now.getTime() - windowMs);
  const emailHash = createHash("sha256").update(options.email.trim().toLowerCase()).digest("hex");
  const key = `${options.action}:${emailHash}`;
  const isExpired = sql`${emailRateLimit.windowStartedAt} <= ${windowCutoff.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(emailRateLimit)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: emailRateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${emailRateLimit.count} + 1 end`,
        windowStartedAt: sql`case when ${isExpired} then ${now.toISOString()}::timestamptz else ${emailRateLimit.windowStartedAt} end`,
      },
    })
    .returning({ count: emailRateLimit.count, windowStartedAt: emailRateLimit.windowStartedAt });
  if (!row) throw new Error("email rate limit upsert returned nothing");
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
