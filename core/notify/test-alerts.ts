import { and, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { testAlert } from "../db/schema/index.ts";

/** How many test alerts of a person the feed keeps (older ones are removed as new ones come). */
export const TEST_ALERTS_KEPT = 5;

export type TestAlertLine = { name: string; outcome: string };

/**
 * Records a "Send a test alert" for the in-app feed (the bell shows it like an alert, with how
 * each channel took it: #39 item 7) and keeps only the person's newest TEST_ALERTS_KEPT.
 */
export async function recordTestAlert(
  db: Db,
  userId: string,
  results: readonly TestAlertLine[],
  now = new Date(),
): Promise<void> {
  await db.insert(testAlert).values({ userId, results: [...results], createdAt: now });
  const kept = db
    .select({ id: testAlert.id })
    .from(testAlert)
    .where(eq(testAlert.userId, userId))
    .orderBy(desc(testAlert.createdAt), desc(testAlert.id))
    .limit(TEST_ALERTS_KEPT);
  await db
    .delete(testAlert)
    .where(and(eq(testAlert.userId, userId), notInArray(testAlert.id, kept)));
}

/** The person's kept test alerts, newest first. */
export async function listTestAlerts(db: Db, userId: string) {
  return db
    .select()
    .from(testAlert)
    .where(eq(testAlert.userId, userId))
    .orderBy(desc(testAlert.createdAt), desc(testAlert.id));
}

/** Marks the person's test alerts read (given ids, or all); others' ids are ignored. */
export async function markTestAlertsRead(
  db: Db,
  userId: string,
  input: { ids?: string[]; all?: boolean },
  now = new Date(),
): Promise<void> {
  if (!input.all && (input.ids ?? []).length === 0) return;
  const mine = and(eq(testAlert.userId, userId), isNull(testAlert.readAt));
  await db
    .update(testAlert)
    .set({ readAt: now })
    .where(input.all ? mine : and(mine, inArray(testAlert.id, input.ids ?? [])));
}

/** One line per channel, as the bell's entry says it. */
export function testAlertSummary(results: readonly TestAlertLine[]): string {
  if (results.length === 0) return "No channel is on: only this feed got it.";
  return results.map((r) => `${r.name}: ${r.outcome}`).join("\n");
}
