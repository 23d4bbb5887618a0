import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel, watch, watchChannel } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isUuid } from "./channel-view.ts";

/** Per-watch channel choice: an empty list means every channel (the default). */
export async function getWatchChannels(db: Db, userId: string, watchId: string) {
  await ownWatch(db, userId, watchId);
  const rows = await db
    .select({ channelId: watchChannel.channelId })
    .from(watchChannel)
    .where(eq(watchChannel.watchId, watchId));
  return { channelIds: rows.map((r) => r.channelId), isAll: rows.length === 0 };
}

/** Empty list = every channel (the default). Only the person's own channels are accepted. */
export async function setWatchChannels(
  db: Db,
  userId: string,
  watchId: string,
  channelIds: string[],
) {
  await ownWatch(db, userId, watchId);
  const unique = [...new Set(channelIds)];
  if (unique.length > 0) {
    const owned = await db
      .select({ id: notificationChannel.id })
      .from(notificationChannel)
      .where(and(eq(notificationChannel.userId, userId), inArray(notificationChannel.id, unique)));
    if (owned.length !== unique.length) {
      throw new AppError("validation_failed", "Unknown channel.", {
        fields: [{ field: "channelIds", message: "Unknown channel." }],
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(watchChannel).where(eq(watchChannel.watchId, watchId));
    if (unique.length > 0) {
      await tx.insert(watchChannel).values(unique.map((channelId) => ({ watchId, channelId })));
    }
  });
  return getWatchChannels(db, userId, watchId);
}

async function ownWatch(db: Db, userId: string, watchId: string) {
  if (!isUuid(watchId)) throw new AppError("not_found", "No such watch.");
  const [found] = await db
    .select({ id: watch.id })
    .from(watch)
    .where(and(eq(watch.id, watchId), eq(watch.userId, userId)));
  if (!found) throw new AppError("not_found", "No such watch.");
}
