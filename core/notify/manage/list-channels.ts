import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel } from "../../db/schema/index.ts";
import { type ChannelView, toChannelView } from "./channel-view.ts";

/** The person's channels, oldest first. */
export async function listChannels(db: Db, userId: string): Promise<ChannelView[]> {
  const rows = await db
    .select()
    .from(notificationChannel)
    .where(eq(notificationChannel.userId, userId))
    .orderBy(notificationChannel.createdAt);
  return rows.map(toChannelView);
}
