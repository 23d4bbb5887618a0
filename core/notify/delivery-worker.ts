import { and, sql as dsql, eq, isNull, min } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  alertEvent,
  delivery,
  notificationChannel,
  notificationSettings,
  priceObservation,
  product,
  user,
  watchChannel,
} from "../db/schema/index.ts";
import type { Fetcher } from "../fetch/index.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createWakeableSleep, defaultWorkerId } from "../worker-loop.ts";
import { alertInputFromRow } from "./alert-input-from-row.ts";
import { type AlertMessage, buildAlertMessage } from "./alert-message.ts";
import type { ChannelConfig } from "./channels.ts";
import { type DeliveryResult, deliver, deliverDigest, planRetry } from "./deliver.ts";
import { nextDigestAt, quietHoursEnd } from "./notification-time.ts";
import type { VapidKeys } from "./web-push.ts";

/**
 * The delivery pipeline: alert events (written once by the check worker) fan out into one
 * `delivery` row per (event, channel); workers claim due rows like checks (FOR UPDATE SKIP
 * LOCKED + lease), send with `deliver`, and record the result fenced on the lease owner.
 *
 * State machine of a delivery row:
 *   pending (next_attempt_at = when) --claim--> pending + lease (attempts += 1)
 *     --delivered--> delivered
 *     --retry (planRetry: retry_at)--> pending (next_attempt_at = at, lease cleared)
 *     --retry past 24 h / permanent--> failed (last_error shown to the user)
 *     --worker dies--> lease lapses; claimable again at lease end (the one message in flight
 *       may be sent twice, with the same idempotency key)
 */

/** A channel is paused after this many permanent failures in a row. */
export const PAUSE_AFTER_PERMANENT_FAILURES = 3;

/** Events older than this when first seen are not fanned out (a restored backup, an upgrade). */
const FANOUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type DeliveryDeps = {
  database: Database;
  fetcher: Fetcher;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  vapid?: VapidKeys;
  /** The clock (tests drive time with it). */
  now?: () => Date;
  random?: () => number;
};

export type DeliveryOutcome = {
  deliveryId: string;
  eventId: string;
  channelId: string | null;
  result: DeliveryResult;
  /** False when the lease was lost before the result could be recorded. */
  isRecorded: boolean;
};

/* Fan-out ------------------------------------------------------------------------------------- */

/**
 * Turns alert events not yet fanned out into delivery rows: one per chosen, unpaused channel
 * of the event's owner (the watch's `watch_channel` rows, or all channels when it has none),
 * plus the implicit account email when it is on. Idempotent: the unique (event, channel) key
 * and ON CONFLICT DO NOTHING make a repeated or concurrent fan-out add nothing.
 * Quiet hours move `next_attempt_at` to their end; digest users' emails wait for the digest.
 */
export async function fanOutAlertEvents(
  deps: Pick<DeliveryDeps, "database" | "now">,
  options: { limit?: number } = {},
): Promise<number> {
  const { db } = deps.database;
  const now = deps.now?.() ?? new Date();
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

async function fanOutOne(
  database: Database,
  event: { id: string; userId: string; watchId: string },
  now: Date,
): Promise<void> {
  const { db } = database;
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, event.userId));
  const channels = await db
    .select({ id: notificationChannel.id, kind: notificationChannel.kind })
    .from(notificationChannel)
    .where(
      and(eq(notificationChannel.userId, event.userId), eq(notificationChannel.isPaused, false)),
    );
  const chosen = await db
    .select({ channelId: watchChannel.channelId })
    .from(watchChannel)
    .where(eq(watchChannel.watchId, event.watchId));
  const chosenIds = new Set(chosen.map((c) => c.channelId));
  const targets: { channelId: string | null; kind: string }[] = channels
    .filter((c) => chosenIds.size === 0 || chosenIds.has(c.id))
    .map((c) => ({ channelId: c.id, kind: c.kind }));
  if ((settings?.isAccountEmailEnabled ?? true) && chosenIds.size === 0) {
    targets.push({ channelId: null, kind: "email" });
  }
  if (targets.length === 0) return;
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
  await db
    .insert(delivery)
    .values(
      targets.map((t) => {
        const isDigest = digestAt !== null && t.kind === "email";
        return {
          eventId: event.id,
          channelId: t.channelId,
          userId: event.userId,
          isDigest,
          nextAttemptAt: isDigest ? digestAt : (quietEnd ?? now),
        };
      }),
    )
    .onConflictDoNothing();
}

/* Claim --------------------------------------------------------------------------------------- */

type ClaimedRow = {
  id: string;
  event_id: string;
  channel_id: string | null;
  user_id: string;
  attempts: number;
  first_attempt_at: Date | string;
  is_digest: boolean;
};

/**
 * Claims up to `batchSize` due pending deliveries in one statement (FOR UPDATE SKIP LOCKED),
 * leasing them to `workerId`. The claim counts the attempt and moves `next_attempt_at` to the
 * lease's end, so a crashed worker's rows fall due again when the lease lapses. A digest is
 * claimed whole: when the batch holds one row of a person's digest for a channel, the rest of
 * that digest's due rows come with it (beyond `batchSize`), so it goes out as one email even
 * when everyone's digest falls due at the same minute.
 */
export async function claimDueDeliveries(
  database: Database,
  input: { workerId: string; batchSize: number; leaseMs: number; now: Date },
): Promise<ClaimedRow[]> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const { rows } = await database.sql.query<ClaimedRow>(
    `with due as (
       select id, user_id, channel_id, is_digest from delivery
        where status = 'pending' and next_attempt_at <= $1::timestamptz
        order by next_attempt_at, user_id, channel_id
        limit $2
        for update skip locked
     ),
     rest_of_digests as (
       select d.id from delivery d
         join (select distinct user_id, channel_id from due where is_digest) g
           on d.user_id = g.user_id and d.channel_id is not distinct from g.channel_id
        where d.is_digest and d.status = 'pending' and d.next_attempt_at <= $1::timestamptz
          and d.id not in (select id from due)
        for update of d skip locked
     ),
     claimed as (select id from due union all select id from rest_of_digests)
     update delivery d
        set lease_until = $3::timestamptz, lease_owner = $4, next_attempt_at = $3::timestamptz,
            attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, $1::timestamptz)
       from claimed
      where d.id = claimed.id
     returning d.id, d.event_id, d.channel_id, d.user_id, d.attempts, d.first_attempt_at, d.is_digest`,
    [input.now.toISOString(), input.batchSize, leaseUntil.toISOString(), input.workerId],
  );
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/* Send ---------------------------------------------------------------------------------------- */

type Target = { channel: ChannelConfig; channelId: string | null; name: string };

async function loadTarget(database: Database, row: ClaimedRow): Promise<Target | null> {
  const { db } = database;
  if (row.channel_id === null) {
    const [owner] = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, row.user_id));
    if (!owner) return null;
    return {
      channel: { type: "email", address: owner.email },
      channelId: null,
      name: "Account email",
    };
  }
  const [found] = await db
    .select()
    .from(notificationChannel)
    .where(eq(notificationChannel.id, row.channel_id));
  if (!found) return null;
  // Stored configs were validated on the way in (possibly with test options); trust their shape.
  return { channel: found.config as ChannelConfig, channelId: found.id, name: found.name };
}

/** The message for one event, or null when the event or its kind is unknown here. */
export async function loadAlertMessage(
  database: Database,
  eventId: string,
  publicUrl: string,
): Promise<AlertMessage | null> {
  const { db } = database;
  const [row] = await db
    .select({ event: alertEvent, product })
    .from(alertEvent)
    .innerJoin(product, eq(product.id, alertEvent.productId))
    .where(eq(alertEvent.id, eventId));
  if (!row) return null;
  let lowestPrice = null;
  if (row.event.currency) {
    const [low] = await db
      .select({ amount: min(priceObservation.priceMinor) })
      .from(priceObservation)
      .where(
        and(
          eq(priceObservation.productId, row.product.id),
          eq(priceObservation.currency, row.event.currency),
        ),
      );
    if (low?.amount != null) {
      lowestPrice = { amountMinor: Number(low.amount), currency: row.event.currency };
    }
  }
  const input = alertInputFromRow(row.event, row.product, { publicUrl, lowestPrice });
  return input ? buildAlertMessage(input) : null;
}

/**
 * Records a result on claimed rows, fenced on the lease owner: a worker whose lease lapsed
 * (and whose rows another worker took) changes nothing. Returns whether it was recorded.
 */
async function recordResult(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  target: Target | null,
  result: DeliveryResult,
  workerId: string,
  now: Date,
): Promise<boolean> {
  const { sql } = deps.database;
  let isRecorded = false;
  for (const row of rows) {
    const plan = planRetry({
      result,
      attempt: row.attempts,
      firstAttemptAt: new Date(row.first_attempt_at),
      now,
      random: deps.random,
    });
    const reason = result.kind === "delivered" ? null : result.reason;
    // Fenced on the lease owner: a worker whose lease lapsed (its rows re-claimed) records nothing.
    const fence = "where id = $1 and lease_owner = $2 and status = 'pending' returning id";
    const { rows: updated } =
      plan.kind === "done"
        ? await sql.query<{ id: string }>(
            `update delivery set status = 'delivered', delivered_at = $3::timestamptz,
               last_error = null, lease_until = null, lease_owner = null, next_attempt_at = null
             ${fence}`,
            [row.id, workerId, now.toISOString()],
          )
        : plan.kind === "retry_at"
          ? await sql.query<{ id: string }>(
              `update delivery set next_attempt_at = $3::timestamptz, last_error = $4,
                 lease_until = null, lease_owner = null
               ${fence}`,
              [row.id, workerId, plan.at.toISOString(), reason],
            )
          : await sql.query<{ id: string }>(
              `update delivery set status = 'failed', last_error = $3, lease_until = null,
                 lease_owner = null, next_attempt_at = null
               ${fence}`,
              [row.id, workerId, plan.reason],
            );
    if (updated.length > 0) isRecorded = true;
  }
  if (isRecorded && target?.channelId) await recordOnChannel(deps, target, result, now);
  return isRecorded;
}

async function recordOnChannel(
  deps: DeliveryDeps,
  target: Target,
  result: DeliveryResult,
  now: Date,
): Promise<void> {
  const { db } = deps.database;
  const channelId = target.channelId as string;
  if (result.kind === "delivered") {
    await db
      .update(notificationChannel)
      .set({ consecutivePermanentFailures: 0, lastError: null, lastDeliveredAt: now })
      .where(eq(notificationChannel.id, channelId));
    return;
  }
  if (result.kind === "retry") {
    await db
      .update(notificationChannel)
      .set({ lastError: result.reason })
      .where(eq(notificationChannel.id, channelId));
    return;
  }
  if (result.code === "subscription_gone") {
    // The browser unsubscribed or the subscription expired: nothing left to send to.
    await db.delete(notificationChannel).where(eq(notificationChannel.id, channelId));
    return;
  }
  const [counted] = await db
    .update(notificationChannel)
    .set({
      consecutivePermanentFailures: dsql`${notificationChannel.consecutivePermanentFailures} + 1`,
      lastError: result.reason,
    })
    .where(eq(notificationChannel.id, channelId))
    .returning({
      failures: notificationChannel.consecutivePermanentFailures,
      userId: notificationChannel.userId,
    });
  if (!counted || counted.failures < PAUSE_AFTER_PERMANENT_FAILURES) return;
  const pauseReason = `Paused after ${counted.failures} failed deliveries in a row: ${result.reason}`;
  // Only the update that flips is_paused tells the user: once per pause.
  const paused = await db
    .update(notificationChannel)
    .set({ isPaused: true, pauseReason })
    .where(and(eq(notificationChannel.id, channelId), eq(notificationChannel.isPaused, false)))
    .returning({ id: notificationChannel.id });
  if (paused.length === 0) return;
  deps.log.info({ channelId }, "notification channel paused after permanent failures");
  if (target.channel.type === "email") return;
  const [owner] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, counted.userId));
  if (!owner) return;
  const manage = `${deps.publicUrl}/user#notifications`;
  await deps.mailer
    .send({
      to: owner.email,
      subject: `Dropwave paused your alert channel "${target.name}"`,
      text: `${pauseReason}\n\nFix it and resume it here: ${manage}\n`,
      html: `<p>${escapeHtml(pauseReason)}</p><p><a href="${manage}">Fix it and resume it</a></p>`,
      primaryLink: manage,
    })
    .catch((error: unknown) =>
      deps.log.warn({ err: error, channelId }, "could not email the paused-channel notice"),
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends one claimed group (one row, or one user's digest rows for one email channel). */
async function sendGroup(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  workerId: string,
): Promise<DeliveryOutcome[]> {
  const first = rows[0] as ClaimedRow;
  const now = () => deps.now?.() ?? new Date();
  if (!first.is_digest) {
    // Quiet hours hold every send, retries too, and follow settings changed after fan-out.
    const heldUntil = await quietUntil(deps.database, first.user_id, now());
    if (heldUntil) {
      await deps.database.sql.query(
        `update delivery set next_attempt_at = $3::timestamptz, attempts = attempts - 1,
           lease_until = null, lease_owner = null
         where id = $1 and lease_owner = $2 and status = 'pending'`,
        [first.id, workerId, heldUntil.toISOString()],
      );
      return [];
    }
  }
  const target = await loadTarget(deps.database, first);
  let result: DeliveryResult;
  if (!target) {
    result = { kind: "permanent", reason: "the channel was removed", code: "bad_config" };
  } else {
    const messages: AlertMessage[] = [];
    for (const row of rows) {
      const message = await loadAlertMessage(deps.database, row.event_id, deps.publicUrl);
      if (message) messages.push(message);
    }
    if (messages.length === 0) {
      result = { kind: "permanent", reason: "the alert is not known to this version" };
    } else if (first.is_digest && target.channel.type === "email") {
      result = await deliverDigest(target.channel, messages, {
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
        now: now(),
      });
    } else {
      const message = messages[0] as AlertMessage;
      result = await deliver(target.channel, message, {
        fetcher: deps.fetcher,
        mailer: deps.mailer,
        vapid: deps.vapid,
        now: now(),
        // The event's key on every attempt: a receiver drops a repeat after a crash.
        idempotencyKey: message.idempotencyKey,
      });
    }
  }
  const isRecorded = await recordResult(deps, rows, target, result, workerId, now());
  if (!isRecorded) deps.log.warn({ deliveryId: first.id }, "delivery lease lost; result dropped");
  return rows.map((row) => ({
    deliveryId: row.id,
    eventId: row.event_id,
    channelId: row.channel_id,
    result,
    isRecorded,
  }));
}

async function quietUntil(database: Database, userId: string, now: Date): Promise<Date | null> {
  const [settings] = await database.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (settings?.quietStartMinute == null || settings.quietEndMinute == null) return null;
  return quietHoursEnd(now, {
    startMinute: settings.quietStartMinute,
    endMinute: settings.quietEndMinute,
    timeZone: settings.timeZone,
  });
}

function groupClaims(rows: ClaimedRow[]): ClaimedRow[][] {
  const digests = new Map<string, ClaimedRow[]>();
  const groups: ClaimedRow[][] = [];
  for (const row of rows) {
    if (!row.is_digest) {
      groups.push([row]);
      continue;
    }
    const key = `${row.user_id}:${row.channel_id ?? "account"}`;
    const group = digests.get(key);
    if (group) group.push(row);
    else {
      const fresh = [row];
      digests.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}

/**
 * One round: fan out new events, claim due deliveries, send them (up to `concurrency` at a
 * time) and record the results. Tests drive the pipeline with this and an injected clock.
 */
export async function runDeliveryRound(
  deps: DeliveryDeps,
  options: {
    workerId?: string;
    batchSize?: number;
    leaseMs?: number;
    concurrency?: number;
    /** Called after a claim, before sending (tests: a crash between claim and send). */
    onClaim?: (deliveryIds: string[]) => void | Promise<void>;
  } = {},
): Promise<DeliveryOutcome[]> {
  const workerId = options.workerId ?? defaultWorkerId();
  await fanOutAlertEvents(deps);
  const claimed = await claimDueDeliveries(deps.database, {
    workerId,
    batchSize: options.batchSize ?? 50,
    leaseMs: options.leaseMs ?? 2 * 60_000,
    now: deps.now?.() ?? new Date(),
  });
  if (claimed.length > 0) await options.onClaim?.(claimed.map((c) => c.id));
  const groups = groupClaims(claimed);
  const outcomes: DeliveryOutcome[] = [];
  const concurrency = Math.max(1, options.concurrency ?? 8);
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next++] as ClaimedRow[];
      try {
        outcomes.push(...(await sendGroup(deps, group, workerId)));
      } catch (error) {
        // The lease lapses and the delivery is tried again; nothing was recorded.
        deps.log.warn({ err: error, deliveryId: group[0]?.id }, "delivery failed unexpectedly");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, groups.length) }, lane));
  return outcomes;
}

export type RunningDeliveryWorker = { workerId: string; wake(): void; stop(): Promise<void> };

/** The delivery loop: a round, then sleep `pollMs` when it found nothing to do. */
export function startDeliveryWorker(
  deps: DeliveryDeps,
  options: {
    pollMs?: number;
    leaseMs?: number;
    batchSize?: number;
    concurrency?: number;
    workerId?: string;
    onClaim?: (deliveryIds: string[]) => void | Promise<void>;
    onRound?: (outcomes: DeliveryOutcome[]) => void;
  } = {},
): RunningDeliveryWorker {
  const workerId = options.workerId ?? defaultWorkerId();
  const pollMs = options.pollMs ?? 250;
  const log = deps.log.child({ module: "delivery", workerId });
  let isStopping = false;
  const { sleep, wake } = createWakeableSleep();
  const loop = async () => {
    while (!isStopping) {
      let outcomes: DeliveryOutcome[] = [];
      try {
        outcomes = await runDeliveryRound({ ...deps, log }, { ...options, workerId });
        options.onRound?.(outcomes);
      } catch (error) {
        if (isStopping) break;
        log.warn({ err: error }, "delivery round failed; retrying");
      }
      if (!isStopping && outcomes.length === 0) await sleep(pollMs);
    }
  };
  log.info({ pollMs }, "delivery worker started");
  const running = loop();
  return {
    workerId,
    wake,
    async stop() {
      isStopping = true;
      wake();
      await running;
      log.info("delivery worker stopped");
    },
  };
}
