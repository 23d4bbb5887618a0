import type { AlertMessage } from "../alert-message.ts";
import { type DeliveryResult, deliver, deliverDigest } from "../deliver.ts";
import { hitReceiverCap } from "../receiver.ts";
import { unsubscribeUrl } from "../unsubscribe.ts";
import { UNCONFIRMED_REASON } from "./fan-out.ts";
import { loadAlertMessage, loadTarget } from "./load-target.ts";
import { holdUntil, quietUntil } from "./quiet-hours.ts";
import { recordResult, recordSkipped } from "./record-result.ts";
import {
  CLAIM_FENCE,
  type ClaimedRow,
  clockOf,
  type DeliveryDeps,
  type DeliveryOutcome,
  fenceParams,
  type Target,
} from "./types.ts";

/**
 * Sends one claimed group (one row, or one user's digest rows for one email channel).
 *
 * One claim, one send: right before sending, the claim is checked to be still this worker's
 * (`isClaimHeld`), and the send — the wait for a host slot included — is cut off `sendMarginMs`
 * before the lease ends, so no other worker can claim the row while this send is under way. The
 * result is written fenced on the same claim. A send cut off is a retry, like a timeout: the
 * receiver may have it already, and the idempotency key lets it drop the repeat.
 */
export async function sendGroup(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  workerId: string,
  options: { sendMarginMs: number },
): Promise<DeliveryOutcome[]> {
  const first = rows[0] as ClaimedRow;
  if (!first.is_digest) {
    const heldUntil = await quietUntil(deps.database, first.user_id, clockOf(deps));
    if (heldUntil) {
      await holdUntil(deps.database, first, workerId, heldUntil);
      return [];
    }
  }
  const target = await loadTarget(deps.database, first);
  if (target && !target.isConfirmed) {
    // The address changed after fan-out and has not confirmed: nothing goes to it.
    const reason = target.skipReason ?? UNCONFIRMED_REASON;
    const isRecorded = await recordSkipped(deps.database, rows, workerId, reason);
    return outcomesOf(rows, { kind: "skipped", reason }, isRecorded);
  }
  const budgetMs =
    new Date(first.lease_until).getTime() - clockOf(deps).getTime() - options.sendMarginMs;
  if (budgetMs <= 0 || !(await isClaimHeld(deps, rows, workerId))) {
    deps.log.warn({ deliveryId: first.id }, "delivery claim lost before sending; not sent");
    return outcomesOf(rows, { kind: "retry", reason: "claim lost before sending" }, false);
  }
  const budget = AbortSignal.timeout(budgetMs);
  const signal = deps.liveness ? AbortSignal.any([budget, deps.liveness.signal]) : budget;
  const result = await sendTo(deps, rows, target, signal);
  const isRecorded = await recordResult(deps, rows, target, result, workerId, clockOf(deps));
  if (!isRecorded) deps.log.warn({ deliveryId: first.id }, "delivery lease lost; result dropped");
  return outcomesOf(rows, result, isRecorded);
}

/** The send itself: a digest email, or one message to one channel. Never throws. */
async function sendTo(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  target: Target | null,
  signal: AbortSignal,
): Promise<DeliveryResult> {
  if (!target) return { kind: "permanent", reason: "the channel was removed", code: "bad_config" };
  const messages: AlertMessage[] = [];
  for (const row of rows) {
    const message = await loadAlertMessage(deps.database, row.event_id, deps.publicUrl);
    if (message) messages.push(message);
  }
  if (messages.length === 0) {
    return { kind: "permanent", reason: "the alert is not known to this version" };
  }
  const first = rows[0] as ClaimedRow;
  const unsubscribe =
    target.channel.type === "email" && deps.unsubscribeSecret
      ? {
          unsubscribeUrl: unsubscribeUrl(deps.publicUrl, deps.unsubscribeSecret, {
            userId: first.user_id,
            channelId: target.channelId,
          }),
        }
      : {};
  if (first.is_digest && target.channel.type === "email") {
    return deliverDigest(target.channel, messages, {
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      now: clockOf(deps),
      ...unsubscribe,
    });
  }
  const message = messages[0] as AlertMessage;
  return deliver(target.channel, message, {
    fetcher: deps.fetcher,
    receiverCap: (url) => hitReceiverCap(deps.database.db, url, deps.receiverCaps),
    mailer: deps.mailer,
    vapid: deps.vapid,
    now: clockOf(deps),
    // The event's key on every attempt: a receiver drops a repeat after a crash.
    idempotencyKey: message.idempotencyKey,
    signal,
    ...unsubscribe,
  });
}

/** Whether every row of the group is still under this worker's claim (the send-time fence). */
async function isClaimHeld(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  workerId: string,
): Promise<boolean> {
  for (const row of rows) {
    const { rows: held } = await deps.database.sql.query(
      `select 1 from delivery where ${CLAIM_FENCE}`,
      fenceParams(row, workerId),
    );
    if (held.length === 0) return false;
  }
  return true;
}

function outcomesOf(
  rows: ClaimedRow[],
  result: DeliveryOutcome["result"],
  isRecorded: boolean,
): DeliveryOutcome[] {
  return rows.map((row) => ({
    deliveryId: row.id,
    eventId: row.event_id,
    channelId: row.channel_id,
    result,
    isRecorded,
  }));
}
