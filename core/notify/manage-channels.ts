import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import {
  delivery,
  notificationChannel,
  notificationSettings,
  user,
  watch,
  watchChannel,
} from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { ChannelConfig } from "./channels.ts";
import { isValidTimeZone } from "./notification-time.ts";

/** The person's channels, settings and per-watch choices (owner-scoped everywhere). */

export const MAX_CHANNELS_PER_USER = 20;

const SECRET_FIELDS = ["secret", "botToken", "token"] as const;

/** A channel's config for display: secrets shortened to their last four characters. */
export function redactConfig(config: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...config };
  for (const field of SECRET_FIELDS) {
    const value = copy[field];
    if (typeof value === "string") copy[field] = `••••${value.slice(-4)}`;
  }
  if (copy.type === "push" && typeof copy.keys === "object") copy.keys = "••••";
  return copy;
}

export type ChannelView = {
  id: string;
  kind: string;
  name: string;
  config: Record<string, unknown>;
  isPaused: boolean;
  pauseReason: string | null;
  lastError: string | null;
  lastDeliveredAt: string | null;
  createdAt: string;
};

function toView(row: typeof notificationChannel.$inferSelect): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    config: redactConfig(row.config),
    isPaused: row.isPaused,
    pauseReason: row.pauseReason,
    lastError: row.lastError,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listChannels(db: Db, userId: string): Promise<ChannelView[]> {
  const rows = await db
    .select()
    .from(notificationChannel)
    .where(eq(notificationChannel.userId, userId))
    .orderBy(notificationChannel.createdAt);
  return rows.map(toView);
}

/** The stored row (with its real config), or a 404 for anyone but the owner. */
export async function getOwnChannel(db: Db, userId: string, id: string) {
  if (!UUID.test(id)) throw new AppError("not_found", "No such channel.");
  const [row] = await db
    .select()
    .from(notificationChannel)
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)));
  if (!row) throw new AppError("not_found", "No such channel.");
  return row;
}

const DEFAULT_NAMES: Record<string, string> = {
  email: "Email",
  webhook: "Webhook",
  discord: "Discord",
  slack: "Slack",
  teams: "Microsoft Teams",
  telegram: "Telegram",
  ntfy: "ntfy",
  gotify: "Gotify",
  push: "This browser",
};

export async function createChannel(
  db: Db,
  userId: string,
  input: { name?: string; config: ChannelConfig },
): Promise<ChannelView> {
  const existing = await db
    .select({ id: notificationChannel.id, config: notificationChannel.config })
    .from(notificationChannel)
    .where(eq(notificationChannel.userId, userId));
  if (input.config.type === "push") {
    // The same browser subscribing again replaces nothing and adds nothing.
    const endpoint = input.config.endpoint;
    const same = existing.find((c) => c.config.type === "push" && c.config.endpoint === endpoint);
    if (same) {
      const [row] = await db
        .update(notificationChannel)
        .set({ config: input.config, isPaused: false, pauseReason: null })
        .where(eq(notificationChannel.id, same.id))
        .returning();
      return toView(row!);
    }
  }
  if (existing.length >= MAX_CHANNELS_PER_USER) {
    throw new AppError(
      "validation_failed",
      `You can have at most ${MAX_CHANNELS_PER_USER} channels.`,
      { fields: [{ field: "config", message: "Too many channels" }] },
    );
  }
  const [row] = await db
    .insert(notificationChannel)
    .values({
      userId,
      kind: input.config.type,
      name: input.name?.trim() || DEFAULT_NAMES[input.config.type] || input.config.type,
      config: input.config,
    })
    .returning();
  return toView(row!);
}

export async function updateChannel(
  db: Db,
  userId: string,
  id: string,
  input: { name?: string; isPaused?: boolean; config?: ChannelConfig },
): Promise<ChannelView> {
  const current = await getOwnChannel(db, userId, id);
  if (input.config && input.config.type !== current.kind) {
    throw new AppError("validation_failed", "A channel's kind cannot change.", {
      fields: [{ field: "config.type", message: "A channel's kind cannot change." }],
    });
  }
  const isResuming = input.isPaused === false && current.isPaused;
  const [row] = await db
    .update(notificationChannel)
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() || current.name } : {}),
      ...(input.config ? { config: input.config, lastError: null } : {}),
      ...(input.isPaused !== undefined ? { isPaused: input.isPaused } : {}),
      ...(isResuming ? { pauseReason: null, consecutivePermanentFailures: 0 } : {}),
      // Paused by hand: not a problem to report in the feed.
      ...(input.isPaused === true && !current.isPaused ? { pauseReason: null } : {}),
    })
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)))
    .returning();
  return toView(row!);
}

export async function deleteChannel(db: Db, userId: string, id: string): Promise<void> {
  await getOwnChannel(db, userId, id);
  await db
    .delete(notificationChannel)
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)));
}

/* Settings ------------------------------------------------------------------------------------ */

const minuteOfDay = z.number().int().min(0, "0–1439").max(1439, "0–1439");

export const NotificationSettingsInput = z
  .object({
    isAccountEmailEnabled: z.boolean(),
    quietStartMinute: minuteOfDay.nullable(),
    quietEndMinute: minuteOfDay.nullable(),
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isValidTimeZone, "Unknown time zone (use an IANA name like Europe/Berlin)"),
    isDailyDigest: z.boolean(),
    digestMinute: minuteOfDay,
  })
  .partial()
  .refine(
    (s) =>
      s.quietStartMinute === undefined ||
      s.quietEndMinute === undefined ||
      (s.quietStartMinute === null) === (s.quietEndMinute === null),
    { message: "Give both ends of the quiet hours, or neither", path: ["quietEndMinute"] },
  );
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

export type NotificationSettingsView = {
  accountEmail: string;
  isAccountEmailEnabled: boolean;
  quietStartMinute: number | null;
  quietEndMinute: number | null;
  timeZone: string;
  isDailyDigest: boolean;
  digestMinute: number;
};

export async function getNotificationSettings(
  db: Db,
  userId: string,
): Promise<NotificationSettingsView> {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return {
    accountEmail: owner?.email ?? "",
    isAccountEmailEnabled: row?.isAccountEmailEnabled ?? true,
    quietStartMinute: row?.quietStartMinute ?? null,
    quietEndMinute: row?.quietEndMinute ?? null,
    timeZone: row?.timeZone ?? "UTC",
    isDailyDigest: row?.isDailyDigest ?? false,
    digestMinute: row?.digestMinute ?? 8 * 60,
  };
}

export async function updateNotificationSettings(
  db: Db,
  userId: string,
  input: NotificationSettingsInput,
): Promise<NotificationSettingsView> {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return getNotificationSettings(db, userId);
}

/* Per-watch choice ---------------------------------------------------------------------------- */

export async function getWatchChannels(db: Db, userId: string, watchId: string) {
  await ownWatch(db, userId, watchId);
  const rows = await db
    .select({ channelId: watchChannel.channelId })
    .from(watchChannel)
    .where(eq(watchChannel.watchId, watchId));
  return { channelIds: rows.map((r) => r.channelId), isAll: rows.length === 0 };
}

/** Empty list = every channel (the default). */
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
  if (!UUID.test(watchId)) throw new AppError("not_found", "No such watch.");
  const [found] = await db
    .select({ id: watch.id })
    .from(watch)
    .where(and(eq(watch.id, watchId), eq(watch.userId, userId)));
  if (!found) throw new AppError("not_found", "No such watch.");
}

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
