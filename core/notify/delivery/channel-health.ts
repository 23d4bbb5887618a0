import { and, sql as dsql, eq } from "drizzle-orm";
import { notificationChannel } from "../../db/schema/index.ts";
import type { DeliveryResult } from "../deliver.ts";
import { mailPauseNotice } from "./pause-notice.ts";
import type { DeliveryDeps, Target } from "./types.ts";

/** A channel is paused after this many permanent failures in a row. */
export const PAUSE_AFTER_PERMANENT_FAILURES = 3;

/**
 * Keeps a channel's health after a recorded result: a delivery clears its error count, a
 * retry shows its reason, a gone push subscription removes the channel, and permanent
 * failures count up to a pause (told to the owner once, by email).
 */
export async function recordOnChannel(
  deps: DeliveryDeps,
  target: Target,
  result: DeliveryResult,
  now: Date,
): Promise<void> {
  const { db } = deps.database;
  const channelId = target.channelId as string;
  const byId = eq(notificationChannel.id, channelId);
  if (result.kind === "delivered") {
    await db
      .update(notificationChannel)
      .set({ consecutivePermanentFailures: 0, lastError: null, lastDeliveredAt: now })
      .where(byId);
  } else if (result.kind === "retry") {
    await db.update(notificationChannel).set({ lastError: result.reason }).where(byId);
  } else if (result.code === "subscription_gone") {
    // The browser unsubscribed or the subscription expired: nothing left to send to.
    await db.delete(notificationChannel).where(byId);
  } else {
    await countPermanentFailure(deps, target, result.reason);
  }
}

async function countPermanentFailure(
  deps: DeliveryDeps,
  target: Target,
  reason: string,
): Promise<void> {
  const { db } = deps.database;
  const channelId = target.channelId as string;
  const [counted] = await db
    .update(notificationChannel)
    .set({
      consecutivePermanentFailures: dsql`${notificationChannel.consecutivePermanentFailures} + 1`,
      lastError: reason,
    })
    .where(eq(notificationChannel.id, channelId))
    .returning({
      failures: notificationChannel.consecutivePermanentFailures,
      userId: notificationChannel.userId,
    });
  if (!counted || counted.failures < PAUSE_AFTER_PERMANENT_FAILURES) return;
  const pauseReason = `Paused after ${counted.failures} failed deliveries in a row: ${reason}`;
  // Only the update that flips is_paused tells the user: once per pause.
  const paused = await db
    .update(notificationChannel)
    .set({ isPaused: true, pauseReason })
    .where(and(eq(notificationChannel.id, channelId), eq(notificationChannel.isPaused, false)))
    .returning({ id: notificationChannel.id });
  if (paused.length === 0) return;
  deps.log.info({ channelId }, "notification channel paused after permanent failures");
  // A broken email channel cannot be told by email; the feed shows the pause.
  if (target.channel.type === "email") return;
  await mailPauseNotice(deps, {
    userId: counted.userId,
    channelId,
    name: target.name,
    pauseReason,
  });
}
