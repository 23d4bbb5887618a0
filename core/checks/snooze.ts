import { z } from "zod";

const HOUR_MS = 60 * 60 * 1000;

/** The snoozes people choose from (a day, a week), or none to end one. */
export const SNOOZE_CHOICES = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS } as const;
export type SnoozeChoice = keyof typeof SNOOZE_CHOICES;

/** A snooze request: a day, a week, or `off` to end it now. Forms and the API parse this. */
export const SnoozeInput = z.object({
  snooze: z.enum(["day", "week", "off"], { error: "Choose a day, a week, or off." }),
});
export type SnoozeInput = z.infer<typeof SnoozeInput>;

/** Until when a snooze chosen now lasts (null: not snoozed). */
export function snoozeUntil(choice: SnoozeInput["snooze"], now: Date): Date | null {
  return choice === "off" ? null : new Date(now.getTime() + SNOOZE_CHOICES[choice]);
}

/** Whether a watch snoozed until `until` (a Date or its ISO text) is snoozed at `now`. */
export function isSnoozed(until: Date | string | null | undefined, now: Date): boolean {
  if (until === null || until === undefined) return false;
  const time = typeof until === "string" ? Date.parse(until) : until.getTime();
  return Number.isFinite(time) && time > now.getTime();
}
