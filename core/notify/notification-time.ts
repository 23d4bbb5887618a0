/**
 * Quiet hours and the daily digest time, in the user's IANA time zone. Minutes are minutes
 * after local midnight. Pure.
 */

export type QuietHours = { startMinute: number; endMinute: number; timeZone: string };

/** Minutes after local midnight at `now` in `timeZone` (UTC when the zone is unknown). */
export function localMinuteOfDay(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  }
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * When quiet hours that hold at `now` end, or null when `now` is outside them. A window may
 * cross midnight (22:00–07:00). Start = end means no quiet hours.
 */
export function quietHoursEnd(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet || quiet.startMinute === quiet.endMinute) return null;
  const local = localMinuteOfDay(now, quiet.timeZone);
  const { startMinute: start, endMinute: end } = quiet;
  const isQuiet = start < end ? local >= start && local < end : local >= start || local < end;
  if (!isQuiet) return null;
  const minutesLeft = (end - local + 1440) % 1440;
  const atMinuteStart = now.getTime() - (now.getTime() % 60_000);
  return new Date(atMinuteStart + minutesLeft * 60_000);
}

/** The next time the local clock shows `digestMinute` (strictly after `now`). */
export function nextDigestAt(now: Date, digestMinute: number, timeZone: string): Date {
  const local = localMinuteOfDay(now, timeZone);
  const minutesAhead = (digestMinute - local + 1440) % 1440 || 1440;
  const atMinuteStart = now.getTime() - (now.getTime() % 60_000);
  return new Date(atMinuteStart + minutesAhead * 60_000);
}
