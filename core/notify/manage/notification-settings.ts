import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { notificationSettings, user } from "../../db/schema/index.ts";
import { isValidTimeZone } from "../notification-time.ts";

/** Quiet hours, time zone, the daily digest and the account email switch (absent row = defaults). */

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
