import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notificationSettings } from "../../db/schema/index.ts";
import { quietHoursEnd } from "../notification-time.ts";
import { CLAIM_FENCE, type ClaimedRow, fenceParams } from "./types.ts";

/** The end of the person's quiet hours when `now` falls inside them, else null. */
export async function quietUntil(
  database: Database,
  userId: string,
  now: Date,
): Promise<Date | null> {
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

/**
 * Quiet hours hold every send, retries too, and follow settings changed after fan-out: the
 * claimed row goes back to pending until `until`, its attempt not counted. Fenced on the lease.
 */
export async function holdUntil(
  database: Database,
  row: ClaimedRow,
  workerId: string,
  until: Date,
): Promise<void> {
  await database.sql.query(
    `update delivery set next_attempt_at = $4::timestamptz, attempts = attempts - 1,
       lease_until = null, lease_owner = null
     where ${CLAIM_FENCE}`,
    [...fenceParams(row, workerId), until.toISOString()],
  );
}
