import type { Database } from "../../db/client.ts";
import { type DeliveryResult, planRetry } from "../deliver.ts";
import { recordOnChannel } from "./channel-health.ts";
import {
  CLAIM_FENCE,
  type ClaimedRow,
  type DeliveryDeps,
  fenceParams,
  type Target,
} from "./types.ts";

type Plan = ReturnType<typeof planRetry>;

// Fenced on the claim (owner and lease_until): a worker whose lease lapsed records nothing, even
// when it has claimed the same row again since (the later claim has another lease_until).
const FENCE = `where ${CLAIM_FENCE} returning id`;

/** Writes one row's planned next state; true when this worker still held the row. */
async function writePlan(
  database: Database,
  row: ClaimedRow,
  workerId: string,
  plan: Plan,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const { sql } = database;
  const { rows } =
    plan.kind === "done"
      ? await sql.query<{ id: string }>(
          `update delivery set status = 'delivered', delivered_at = $4::timestamptz,
             last_error = null, lease_until = null, lease_owner = null, next_attempt_at = null
           ${FENCE}`,
          [...fenceParams(row, workerId), now.toISOString()],
        )
      : plan.kind === "retry_at"
        ? await sql.query<{ id: string }>(
            `update delivery set next_attempt_at = $4::timestamptz, last_error = $5,
               lease_until = null, lease_owner = null
             ${FENCE}`,
            [...fenceParams(row, workerId), plan.at.toISOString(), reason],
          )
        : await sql.query<{ id: string }>(
            `update delivery set status = 'failed', last_error = $4, lease_until = null,
               lease_owner = null, next_attempt_at = null
             ${FENCE}`,
            [...fenceParams(row, workerId), plan.reason],
          );
  return rows.length > 0;
}

/**
 * Records a result on claimed rows, fenced on the lease owner: a worker whose lease lapsed
 * (and whose rows another worker took) changes nothing. Returns whether it was recorded.
 */
export async function recordResult(
  deps: DeliveryDeps,
  rows: ClaimedRow[],
  target: Target | null,
  result: DeliveryResult,
  workerId: string,
  now: Date,
): Promise<boolean> {
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
    if (await writePlan(deps.database, row, workerId, plan, reason, now)) isRecorded = true;
  }
  if (isRecorded && target?.channelId) await recordOnChannel(deps, target, result, now);
  return isRecorded;
}

/** Marks claimed rows `skipped` with the reason (nothing was sent); fenced like results. */
export async function recordSkipped(
  database: Database,
  rows: ClaimedRow[],
  workerId: string,
  reason: string,
): Promise<boolean> {
  let isRecorded = false;
  for (const row of rows) {
    const { rows: updated } = await database.sql.query<{ id: string }>(
      `update delivery set status = 'skipped', last_error = $4, lease_until = null,
         lease_owner = null, next_attempt_at = null
       ${FENCE}`,
      [...fenceParams(row, workerId), reason],
    );
    if (updated.length > 0) isRecorded = true;
  }
  return isRecorded;
}
