import { describe, expect, it } from "vitest";
import { localMinuteOfDay, nextDigestAt, quietHoursEnd } from "./notification-time.ts";

describe("quiet hours and digest time", () => {
  it("reads the local clock in the user's zone", () => {
    expect(localMinuteOfDay(new Date("2026-11-22T23:30:00Z"), "UTC")).toBe(23 * 60 + 30);
    expect(localMinuteOfDay(new Date("2026-11-22T23:30:00Z"), "Europe/Berlin")).toBe(30);
    expect(localMinuteOfDay(new Date("2026-11-22T23:30:00Z"), "Not/AZone")).toBe(23 * 60 + 30);
  });

  it("holds until a window across midnight ends, in the user's zone", () => {
    const quiet = { startMinute: 22 * 60, endMinute: 7 * 60, timeZone: "Europe/Berlin" };
    // 23:30 UTC = 00:30 in Berlin: quiet until 07:00 Berlin = 06:00 UTC.
    expect(quietHoursEnd(new Date("2026-11-22T23:30:00Z"), quiet)?.toISOString()).toBe(
      "2026-11-23T06:00:00.000Z",
    );
    // 12:00 UTC = 13:00 Berlin: not quiet.
    expect(quietHoursEnd(new Date("2026-11-22T12:00:00Z"), quiet)).toBeNull();
    expect(quietHoursEnd(new Date("2026-11-22T12:00:00Z"), null)).toBeNull();
  });

  it("handles a same-day window and an empty one", () => {
    const quiet = { startMinute: 9 * 60, endMinute: 17 * 60, timeZone: "UTC" };
    expect(quietHoursEnd(new Date("2026-11-22T10:15:30Z"), quiet)?.toISOString()).toBe(
      "2026-11-22T17:00:00.000Z",
    );
    expect(quietHoursEnd(new Date("2026-11-22T17:00:00Z"), quiet)).toBeNull();
    expect(
      quietHoursEnd(new Date("2026-11-22T10:00:00Z"), { ...quiet, endMinute: 9 * 60 }),
    ).toBeNull();
  });

  it("schedules the digest at the next local digest minute", () => {
    expect(nextDigestAt(new Date("2026-11-22T07:59:10Z"), 8 * 60, "UTC").toISOString()).toBe(
      "2026-11-22T08:00:00.000Z",
    );
    expect(nextDigestAt(new Date("2026-11-22T08:00:00Z"), 8 * 60, "UTC").toISOString()).toBe(
      "2026-11-23T08:00:00.000Z",
    );
  });
});
