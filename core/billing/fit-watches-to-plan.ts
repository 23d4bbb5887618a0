import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { watch } from "../db/schema/index.ts";
import { updateWatch } from "../tracking/update-watch.ts";
import type { PlanLimits } from "./plans.ts";

/**
 * After a plan change, the owner's watches checked more often than the plan allows move to
 * its shortest interval (a downgrade from 15 minutes to the free plan's hour). Each goes
 * through updateWatch, which locks the product first and reschedules it. Products and
 * channels beyond the new limits are kept; only new ones are refused. Returns how many moved.
 */
export async function fitWatchesToPlan(
  db: Db,
  userId: string,
  limits: Pick<PlanLimits, "minIntervalMinutes">,
  now: Date,
): Promise<number> {
  const tooFrequent = await db
    .select({ id: watch.id })
    .from(watch)
    .where(and(eq(watch.userId, userId), lt(watch.intervalMinutes, limits.minIntervalMinutes)));
  for (const { id } of tooFrequent) {
    await updateWatch(db, { userId, minIntervalMinutes: limits.minIntervalMinutes, now }, id, {
      intervalMinutes: limits.minIntervalMinutes,
    });
  }
  return tooFrequent.length;
}
