import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { alertEvent, alertEventRead, notificationChannel, product } from "../db/schema/index.ts";
import { alertInputFromRow } from "./alert-input-from-row.ts";
import { buildAlertMessage } from "./alert-message.ts";
import { listTestAlerts, markTestAlertsRead, testAlertSummary } from "./test-alerts.ts";

export type FeedItem = {
  id: string;
  kind: string;
  label: string;
  title: string;
  summary: string;
  /** The product page the entry leads to; null for a test alert (it leads to the channels). */
  watchId: string | null;
  productTitle: string;
  createdAt: string;
  isRead: boolean;
};

export type Feed = {
  items: FeedItem[];
  unreadCount: number;
  /** Channels paused after repeated failures (not by hand): shown in the feed until resumed. */
  notices: { channelId: string; name: string; reason: string }[];
};

/**
 * The in-app feed: the person's alert events and test alerts ("Send a test alert" reaches the
 * bell too), newest first, with read marks.
 */
export async function getNotificationFeed(
  db: Db,
  userId: string,
  options: { publicUrl: string; limit?: number },
): Promise<Feed> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const rows = await db
    .select({ event: alertEvent, product, readAt: alertEventRead.readAt })
    .from(alertEvent)
    .innerJoin(product, eq(product.id, alertEvent.productId))
    .leftJoin(
      alertEventRead,
      and(eq(alertEventRead.eventId, alertEvent.id), eq(alertEventRead.userId, userId)),
    )
    .where(eq(alertEvent.userId, userId))
    .orderBy(desc(alertEvent.createdAt), desc(alertEvent.id))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(alertEvent)
    .leftJoin(
      alertEventRead,
      and(eq(alertEventRead.eventId, alertEvent.id), eq(alertEventRead.userId, userId)),
    )
    .where(and(eq(alertEvent.userId, userId), isNull(alertEventRead.eventId)));
  const paused = await db
    .select()
    .from(notificationChannel)
    .where(
      and(
        eq(notificationChannel.userId, userId),
        eq(notificationChannel.isPaused, true),
        isNotNull(notificationChannel.pauseReason),
      ),
    );
  const items: FeedItem[] = [];
  for (const row of rows) {
    const input = alertInputFromRow(row.event, row.product, {
      publicUrl: options.publicUrl,
      lowestPrice: null,
    });
    if (!input) continue;
    const message = buildAlertMessage(input);
    items.push({
      id: row.event.id,
      kind: row.event.kind,
      label: message.label,
      title: message.title,
      summary: message.summary,
      watchId: row.event.watchId,
      productTitle: message.product.title,
      createdAt: row.event.createdAt.toISOString(),
      isRead: row.readAt !== null,
    });
  }
  const tests = await listTestAlerts(db, userId);
  for (const test of tests) {
    items.push({
      id: test.id,
      kind: "test",
      label: "Test",
      title: "Test alert",
      summary: testAlertSummary(test.results),
      watchId: null,
      productTitle: "",
      createdAt: test.createdAt.toISOString(),
      isRead: test.readAt !== null,
    });
  }
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    items: items.slice(0, limit),
    unreadCount: Number(unread?.n ?? 0) + tests.filter((t) => t.readAt === null).length,
    notices: paused.map((c) => ({
      channelId: c.id,
      name: c.name,
      reason: c.pauseReason as string,
    })),
  };
}

/** Marks the person's events read (given ids, or all); others' ids are ignored. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  input: { ids?: string[]; all?: boolean },
): Promise<void> {
  const condition = input.all
    ? eq(alertEvent.userId, userId)
    : and(eq(alertEvent.userId, userId), inArray(alertEvent.id, input.ids ?? []));
  if (!input.all && (input.ids ?? []).length === 0) return;
  await markTestAlertsRead(db, userId, input);
  await db
    .insert(alertEventRead)
    .select(
      db
        .select({
          eventId: alertEvent.id,
          userId: sql<string>`${userId}`.as("user_id"),
          readAt: sql<Date>`now()`.as("read_at"),
        })
        .from(alertEvent)
        .where(condition),
    )
    .onConflictDoNothing();
}
