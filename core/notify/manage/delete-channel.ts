import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel } from "../../db/schema/index.ts";
import { getOwnChannel } from "./get-own-channel.ts";

export async function deleteChannel(db: Db, userId: string, id: string): Promise<void> {
  await getOwnChannel(db, userId, id);
  await db
    .delete(notificationChannel)
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)));
}
