import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { delivery } from "../../db/schema/index.ts";

/** The last few deliveries to a channel (for the channel list's status). */
export async function recentDeliveries(db: Db, channelId: string, limit = 5) {
  return db
    .select({
      status: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt,
    })
    .from(delivery)
    .where(eq(delivery.channelId, channelId))
    .orderBy(desc(delivery.createdAt))
    .limit(limit);
}
