import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, ownedByUser } from "./columns.ts";
import { alertEvent, watch } from "./tracking.ts";

/**
 * Where a user's alerts go: one row per channel, `config` validated by core/notify's
 * `ChannelConfig` (kind = config.type). The account's own email address needs no row: a
 * user without an `email` channel row gets the implicit account-email channel (see
 * core/notify/delivery-worker.ts and docs/decisions/0011-notification-delivery.md).
 */
export const notificationChannel = pgTable(
  "notification_channel",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    isPaused: boolean("is_paused").notNull().default(false),
    pauseReason: text("pause_reason"),
    consecutivePermanentFailures: integer("consecutive_permanent_failures").notNull().default(0),
    lastError: text("last_error"),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true }),
    /**
     * When the receiver agreed to get alerts; null = waiting for confirmation, and nothing is
     * sent. Only email channels to an address other than the account's start unconfirmed
     * (core/notify/manage/confirm-email-channel.ts); every other row is confirmed on creation,
     * and rows from before confirmation existed were confirmed when the column was added.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).defaultNow(),
    /** SHA-256 (hex) of the link token mailed to an unconfirmed address. */
    confirmationTokenHash: text("confirmation_token_hash"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notification_channel_user_idx").on(t.userId),
    uniqueIndex("notification_channel_confirmation_idx").on(t.confirmationTokenHash),
  ],
);

/**
 * One alert event to one channel. Fan-out inserts these idempotently (UNIQUE(event, channel));
 * the delivery worker claims due pending rows with FOR UPDATE SKIP LOCKED and a lease, like
 * checks. `channel_id` null = the implicit account-email channel (one per event, enforced by
 * a partial unique index).
 */
export const delivery = pgTable(
  "delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: belongsTo("event_id", () => alertEvent.id),
    channelId: uuid("channel_id").references(() => notificationChannel.id, {
      onDelete: "cascade",
    }),
    userId: ownedByUser(),
    /** pending | delivered | failed | skipped (not sent: the channel's address is unconfirmed) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Null while held for the daily digest. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseOwner: text("lease_owner"),
    /** True when the email goes out in the daily digest rather than on its own. */
    isDigest: boolean("is_digest").notNull().default(false),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("delivery_event_channel_idx").on(t.eventId, t.channelId),
    uniqueIndex("delivery_event_account_email_idx")
      .on(t.eventId)
      .where(sql`${t.channelId} is null`),
    index("delivery_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("delivery_channel_idx").on(t.channelId, t.createdAt),
  ],
);

/** Per-watch channel choice: no rows for a watch = every channel of its owner. */
export const watchChannel = pgTable(
  "watch_channel",
  {
    watchId: belongsTo("watch_id", () => watch.id),
    channelId: belongsTo("channel_id", () => notificationChannel.id),
  },
  (t) => [primaryKey({ columns: [t.watchId, t.channelId] })],
);

/** Per-user notification settings (absent row = defaults). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Send to the account address without adding a channel (on by default). */
  isAccountEmailEnabled: boolean("is_account_email_enabled").notNull().default(true),
  /** Quiet hours, minutes after local midnight; both null = none. */
  quietStartMinute: integer("quiet_start_minute"),
  quietEndMinute: integer("quiet_end_minute"),
  timeZone: text("time_zone").notNull().default("UTC"),
  isDailyDigest: boolean("is_daily_digest").notNull().default(false),
  /** Minute of the local day the digest goes out. */
  digestMinute: integer("digest_minute")
    .notNull()
    .default(8 * 60),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** In-app feed: which alert events the user has read. */
export const alertEventRead = pgTable(
  "alert_event_read",
  {
    eventId: belongsTo("event_id", () => alertEvent.id),
    userId: ownedByUser(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * "Send a test alert", as the in-app feed shows it (#39 item 7): the bell is a channel too, so
 * a test appears there, with how each other channel took it. Only the newest few are kept.
 */
export const testAlert = pgTable(
  "test_alert",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser(),
    /** One line per channel: its name and how the delivery went ("delivered", or the reason). */
    results: jsonb("results").$type<{ name: string; outcome: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("test_alert_user_idx").on(t.userId, t.createdAt)],
);
