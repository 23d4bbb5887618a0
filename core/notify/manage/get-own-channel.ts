import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { type ChannelRow, isUuid } from "./channel-view.ts";

/** The stored row (with its real config), or a 404 for anyone but the owner. */
export async function getOwnChannel(db: Db, userId: string, id: string): Promise<ChannelRow> {
  if (!isUuid(id)) throw new AppError("not_found", "No such channel.");
  const [row] = await db
    .select()
    .from(notificationChannel)
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)));
  if (!row) throw new AppError("not_found", "No such channel.");
  return row;
}
