import { and, eq, isNull } from "drizzle-orm";
import {
  awaitsAccountVerification,
  getAccountEmail,
  UNVERIFIED_ACCOUNT_EMAIL_REASON,
} from "../../accounts/account-email.ts";
import type { Database } from "../../db/client.ts";
import {
  alertEvent,
  delivery,
  notificationChannel,
  notificationSettings,
  watchChannel,
} from "../../db/schema/index.ts";
import { nextDigestAt, quietHoursEnd } from "../notification-time.ts";
import { clockOf, type DeliveryDeps } from "./types.ts";

/** Events older than this when first seen are not fanned out (a restored backup, an upgrade). */
const FANOUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the delivery log says for an address that was never confirmed. */
export const UNCONFIRMED_REASON = "Not sent: the address has not confirmed yet";

type FanOutEvent = { id: string; userId: string; watchId: string };
type FanOutTarget = {
  channelId: string | null;
  kind: string;
  isConfirmed: boolean;
  /** Why an unconfirmed target is skipped (default UNCONFIRMED_REASON). */
  skipReason?: string;
};
type Settings = typeof notificationSettings.$inferSelect;

/**
 * Turns alert events not yet fanned out into delivery rows: one per chosen, unpaused channel
 * of the event's owner (the watch's `watch_channel` rows, or all channels when it has none),
 * plus the implicit account email when it is on. Idempotent: the unique (event, channel) key
 * and ON CONFLICT DO NOTHING make a repeated or concurrent fan-out add nothing.
 * Quiet hours move `next_attempt_at` to their end; digest users' emails wait for the digest.
 * A channel whose address has not confirmed gets a `skipped` row: visible, never sent.
 */
export async function fanOutAlertEvents(
  deps: Pick<DeliveryDeps, "database" | "now">,
  options: { limit?: number } = {},
): Promise<number> {
  const { db } = deps.database;
  const now = clockOf(deps);
  const events = await db
    .select({
      id: alertEvent.id,
      userId: alertEvent.userId,
      watchId: alertEvent.watchId,
      createdAt: alertEvent.createdAt,
    })
    .from(alertEvent)
    .where(isNull(alertEvent.fannedOutAt))
    .orderBy(alertEvent.createdAt)
    .limit(options.limit ?? 100);
  for (const event of events) {
    if (now.getTime() - event.createdAt.getTime() <= FANOUT_MAX_AGE_MS) {
      await fanOutOne(deps.database, event, now);
    }
    await db
      .update(alertEvent)
      .set({ fannedOutAt: now })
      .where(and(eq(alertEvent.id, event.id), isNull(alertEvent.fannedOutAt)));
  }
  return events.length;
}

async function fanOutOne(database: Database, event: FanOutEvent, now: Date): Promise<void> {
  const [settings] = await database.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, event.userId));
  const targets = await targetsOf(database, event, settings);
  if (targets.length === 0) return;
  const { quietEnd, digestAt } = scheduleFor(settings, now);
  await database.db
    .insert(delivery)
    .values(
      targets.map((t) => {
        const base = { eventId: event.id, channelId: t.channelId, userId: event.userId };
        if (!t.isConfirmed) {
          return {
            ...base,
            status: "skipped",
            lastError: t.skipReason ?? UNCONFIRMED_REASON,
            nextAttemptAt: null,
          };
        }
        const isDigest = digestAt !== null && t.kind === "email";
        return { ...base, isDigest, nextAttemptAt: isDigest ? digestAt : (quietEnd ?? now) };
      }),
    )
    .onConflictDoNothing();
}

/** The channels an event goes to: the watch's choice, or every unpaused one plus account email. */
async function targetsOf(
  database: Database,
  event: FanOutEvent,
  settings: Settings | undefined,
): Promise<FanOutTarget[]> {
  const { db } = database;
  const channels = await db
    .select({
      id: notificationChannel.id,
      kind: notificationChannel.kind,
      config: notificationChannel.config,
      confirmedAt: notificationChannel.confirmedAt,
    })
    .from(notificationChannel)
    .where(
      and(eq(notificationChannel.userId, event.userId), eq(notificationChannel.isPaused, false)),
    );
  const chosen = await db
    .select({ channelId: watchChannel.channelId })
    .from(watchChannel)
    .where(eq(watchChannel.watchId, event.watchId));
  const chosenIds = new Set(chosen.map((c) => c.channelId));
  const account = await getAccountEmail(db, event.userId);
  if (!account) return [];
  // The account's own address, as itself or as an email channel, waits for its verification.
  const isHeld = (address: string) => awaitsAccountVerification(address, account);
  const targets: FanOutTarget[] = channels
    .filter((c) => chosenIds.size === 0 || chosenIds.has(c.id))
    .map((c) => {
      const address = (c.config as { type?: string; address?: string }).address;
      return c.kind === "email" && typeof address === "string" && isHeld(address)
        ? {
            channelId: c.id,
            kind: c.kind,
            isConfirmed: false,
            skipReason: UNVERIFIED_ACCOUNT_EMAIL_REASON,
          }
        : { channelId: c.id, kind: c.kind, isConfirmed: c.confirmedAt !== null };
    });
  if ((settings?.isAccountEmailEnabled ?? true) && chosenIds.size === 0) {
    targets.push(
      account.isVerified
        ? { channelId: null, kind: "email", isConfirmed: true }
        : {
            channelId: null,
            kind: "email",
            isConfirmed: false,
            skipReason: UNVERIFIED_ACCOUNT_EMAIL_REASON,
          },
    );
  }
  return targets;
}

/** When a new delivery falls due: the end of quiet hours, or the next digest for emails. */
function scheduleFor(settings: Settings | undefined, now: Date) {
  const timeZone = settings?.timeZone ?? "UTC";
  const quietEnd =
    settings?.quietStartMinute != null && settings.quietEndMinute != null
      ? quietHoursEnd(now, {
          startMinute: settings.quietStartMinute,
          endMinute: settings.quietEndMinute,
          timeZone,
        })
      : null;
  const digestAt = settings?.isDailyDigest
    ? nextDigestAt(now, settings.digestMinute, timeZone)
    : null;
  return { quietEnd, digestAt };
}
