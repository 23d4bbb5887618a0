import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../input.ts";

/** The channel a "check now" is announced on (PostgreSQL LISTEN/NOTIFY). */
export const CHECK_NOW_CHANNEL = "dropwave_check_now";

/**
 * "Check now" for one of the person's watches: makes its product due at once (ahead of the
 * schedule) and returns; a worker picks it up on its next claim. A product already being
 * checked keeps its lease (its check is under way). Workers are told through NOTIFY
 * (LISTEN on PostgreSQL, PGlite's listen in-process) so they claim without waiting to poll.
 */
export async function checkNow(
  database: Database,
  userId: string,
  watchId: string,
  now: Date,
): Promise<{ productId: string }> {
  // Not a UUID names no watch (and would fail the SQL): the product page passed any id (#35).
  if (!isUuid(watchId)) throw new AppError("not_found", "No such watch.");
  const [owned] = await database.db
    .select({ productId: watch.productId })
    .from(watch)
    .where(and(eq(watch.id, watchId), eq(watch.userId, userId)));
  if (!owned) throw new AppError("not_found", "No such watch.");
  await database.db
    .update(product)
    .set({ nextCheckAt: now })
    .where(
      and(
        eq(product.id, owned.productId),
        sql`(${product.leaseUntil} is null or ${product.leaseUntil} < ${now.toISOString()}::timestamptz)`,
      ),
    );
  await database.sql.query("select pg_notify($1, $2)", [CHECK_NOW_CHANNEL, owned.productId]);
  return { productId: owned.productId };
}
