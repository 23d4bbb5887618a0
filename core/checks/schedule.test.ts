import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffAfterFailure,
  HEALTHY,
  healthAfterCheck,
  MAX_RETRY_AFTER_MS,
  nextCheckAt,
  type RandomSource,
  shouldNotifyUnreachable,
  spreadOverdue,
} from "./schedule.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const MIN = 60_000;
const fixed =
  (r: number): RandomSource =>
  () =>
    r;
/** A small deterministic generator (mulberry32) for "many watches at once" tests. */
function seeded(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("nextCheckAt", () => {
  it("without jitter is exactly the interval", () => {
    const at = nextCheckAt({
      now: NOW,
      intervalMinutes: 60,
      jitterFraction: 0,
      random: fixed(0.7),
    });
    expect(at.getTime() - NOW.getTime()).toBe(60 * MIN);
  });

  it("jitter only shortens, within the fraction", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_080 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (interval, jitter, r) => {
          const delay =
            nextCheckAt({
              now: NOW,
              intervalMinutes: interval,
              jitterFraction: jitter,
              random: fixed(r),
            }).getTime() - NOW.getTime();
          expect(delay).toBeLessThanOrEqual(interval * MIN);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(interval * MIN * (1 - jitter)));
        },
      ),
    );
  });

  it("caps the jitter fraction at one half", () => {
    const at = nextCheckAt({
      now: NOW,
      intervalMinutes: 100,
      jitterFraction: 3,
      random: fixed(0.999999),
    });
    expect(at.getTime() - NOW.getTime()).toBeGreaterThanOrEqual(50 * MIN);
  });

  it("is deterministic for the same random source", () => {
    const a = nextCheckAt({
      now: NOW,
      intervalMinutes: 360,
      jitterFraction: 0.1,
      random: seeded(42),
    });
    const b = nextCheckAt({
      now: NOW,
      intervalMinutes: 360,
      jitterFraction: 0.1,
      random: seeded(42),
    });
    expect(a).toEqual(b);
  });

  it("spreads a thousand watches added together", () => {
    const random = seeded(7);
    const times = Array.from({ length: 1000 }, () =>
      nextCheckAt({ now: NOW, intervalMinutes: 360, jitterFraction: 0.1, random }).getTime(),
    );
    const perMinute = new Map<number, number>();
    for (const t of times)
      perMinute.set(Math.floor(t / MIN), (perMinute.get(Math.floor(t / MIN)) ?? 0) + 1);
    expect(perMinute.size).toBeGreaterThan(30);
    expect(Math.max(...perMinute.values())).toBeLessThan(60);
  });

  it("rejects a non-positive interval", () => {
    expect(() =>
      nextCheckAt({ now: NOW, intervalMinutes: 0, jitterFraction: 0, random: fixed(0) }),
    ).toThrow(RangeError);
  });
});

describe("backoffAfterFailure", () => {
  const base = { baseMinutes: 5, capMinutes: 360, jitterFraction: 0 };

  it("doubles from the base up to the cap", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 20, 5000].map((n) =>
      backoffAfterFailure({ ...base, consecutiveFailures: n, random: fixed(0) }),
    );
    expect(delays.map((d) => d / MIN)).toEqual([5, 10, 20, 40, 80, 160, 320, 360, 360, 360]);
  });

  it("is monotone and capped for any fixed random value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 100 }),
        (baseMinutes, capMinutes, r, n) => {
          const at = (k: number) =>
            backoffAfterFailure({
              consecutiveFailures: k,
              baseMinutes,
              capMinutes,
              random: fixed(r),
            });
          expect(at(n + 1)).toBeGreaterThanOrEqual(at(n));
          expect(at(n)).toBeLessThanOrEqual(Math.max(baseMinutes, capMinutes) * MIN);
          expect(at(n)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("jitter shortens by at most the fraction", () => {
    const delay = backoffAfterFailure({
      ...base,
      jitterFraction: 0.2,
      consecutiveFailures: 1,
      random: fixed(0.5),
    });
    expect(delay).toBe(4.5 * MIN);
  });

  it("honours a longer Retry-After", () => {
    const delay = backoffAfterFailure({
      ...base,
      consecutiveFailures: 1,
      random: fixed(0),
      retryAfterMs: 3 * 60 * MIN,
    });
    expect(delay).toBe(3 * 60 * MIN);
  });

  it("ignores a shorter Retry-After", () => {
    const delay = backoffAfterFailure({
      ...base,
      consecutiveFailures: 3,
      random: fixed(0),
      retryAfterMs: 1000,
    });
    expect(delay).toBe(20 * MIN);
  });

  it("reads an absurd Retry-After as a week", () => {
    const delay = backoffAfterFailure({
      ...base,
      consecutiveFailures: 1,
      random: fixed(0),
      retryAfterMs: 1e15,
    });
    expect(delay).toBe(MAX_RETRY_AFTER_MS);
  });

  it("treats zero failures as the first", () => {
    expect(backoffAfterFailure({ ...base, consecutiveFailures: 0, random: fixed(0) })).toBe(
      5 * MIN,
    );
  });
});

describe("spreadOverdue", () => {
  it("spreads evenly across the window, starting now", () => {
    const times = spreadOverdue({ now: NOW, overdueCount: 4, windowMs: 60 * MIN });
    expect(times.map((t) => (t.getTime() - NOW.getTime()) / MIN)).toEqual([0, 15, 30, 45]);
  });

  it("a few overdue checks use the maximum gap, not the whole window", () => {
    const times = spreadOverdue({ now: NOW, overdueCount: 3, windowMs: 60 * MIN, maxGapMs: 2000 });
    expect(times.map((t) => t.getTime() - NOW.getTime())).toEqual([0, 2000, 4000]);
  });

  it("never leaves the window and never goes back in time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 24 * 60 * MIN }),
        fc.option(fc.integer({ min: 0, max: 10 * MIN })),
        (overdueCount, windowMs, maxGapMs) => {
          const times = spreadOverdue({
            now: NOW,
            overdueCount,
            windowMs,
            maxGapMs: maxGapMs ?? undefined,
          });
          expect(times).toHaveLength(overdueCount);
          let previous = NOW.getTime();
          for (const t of times) {
            expect(t.getTime()).toBeGreaterThanOrEqual(previous);
            expect(t.getTime()).toBeLessThanOrEqual(NOW.getTime() + Math.max(0, windowMs - 1, 0));
            previous = t.getTime();
          }
        },
      ),
    );
  });

  it("nothing overdue, nothing to spread", () => {
    expect(spreadOverdue({ now: NOW, overdueCount: 0, windowMs: MIN })).toEqual([]);
  });
});

describe("unreachable notice", () => {
  it("is due once failures reach the threshold, unless already sent", () => {
    expect(
      shouldNotifyUnreachable({ consecutiveFailures: 4, threshold: 5, alreadyNotified: false }),
    ).toBe(false);
    expect(
      shouldNotifyUnreachable({ consecutiveFailures: 5, threshold: 5, alreadyNotified: false }),
    ).toBe(true);
    expect(
      shouldNotifyUnreachable({ consecutiveFailures: 9, threshold: 5, alreadyNotified: true }),
    ).toBe(false);
  });

  it("a run of failures sends one notice; a success re-arms it", () => {
    const outcomes = [false, false, false, false, false, true, false, false, false];
    let health = HEALTHY;
    const notices: number[] = [];
    outcomes.forEach((isSuccess, i) => {
      const result = healthAfterCheck({ health, isSuccess, threshold: 3 });
      if (result.shouldNotify) notices.push(i);
      health = result.nextHealth;
    });
    expect(notices).toEqual([2, 8]);
    expect(health).toEqual({ consecutiveFailures: 3, isUnreachableNotified: true });
  });

  it("never more than one notice between successes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (outcomes, threshold) => {
          let health = HEALTHY;
          let sinceSuccess = 0;
          for (const isSuccess of outcomes) {
            const result = healthAfterCheck({ health, isSuccess, threshold });
            if (isSuccess) sinceSuccess = 0;
            if (result.shouldNotify) sinceSuccess += 1;
            expect(sinceSuccess).toBeLessThanOrEqual(1);
            health = result.nextHealth;
          }
        },
      ),
    );
  });
});
