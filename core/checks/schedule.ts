/**
 * Scheduling arithmetic for the check worker. Pure: the clock (`now`) and the random source
 * are parameters, so tests are exact and thousands of watches added at once spread out.
 */

/** A source of numbers in [0, 1), like Math.random; inject a seeded one in tests. */
export type RandomSource = () => number;

const MINUTE_MS = 60_000;
/** Jitter never exceeds half the interval, whatever the caller passes. */
const MAX_JITTER_FRACTION = 0.5;
/** A store's Retry-After is honoured up to a week; beyond that it is read as a week. */
export const MAX_RETRY_AFTER_MS = 7 * 24 * 60 * MINUTE_MS;
/** Default jitter for backoff delays. */
export const BACKOFF_JITTER_FRACTION = 0.2;

/**
 * When to check next: `intervalMinutes` (the shortest among the product's active watches)
 * shortened by up to `jitterFraction` of it, so checks never come later than promised and
 * watches added together drift apart. Result in [now + i·(1 − j), now + i].
 */
export function nextCheckAt(input: {
  now: Date;
  intervalMinutes: number;
  jitterFraction: number;
  random: RandomSource;
}): Date {
  const intervalMs = positiveMinutes(input.intervalMinutes, "intervalMinutes") * MINUTE_MS;
  const jitter = clamp(input.jitterFraction, 0, MAX_JITTER_FRACTION);
  const delayMs = Math.round(intervalMs * (1 - jitter * unit(input.random)));
  return new Date(input.now.getTime() + delayMs);
}

/**
 * Delay in ms before retrying after `consecutiveFailures` failures in a row (1 for the first):
 * `baseMinutes · 2^(n−1)`, capped at `capMinutes`, shortened by up to `jitterFraction`
 * (default 0.2). For a fixed random value it never decreases as failures grow. A store's
 * `retryAfterMs` wins when it is longer (up to MAX_RETRY_AFTER_MS).
 */
export function backoffAfterFailure(input: {
  consecutiveFailures: number;
  baseMinutes: number;
  capMinutes: number;
  random: RandomSource;
  retryAfterMs?: number | null;
  jitterFraction?: number;
}): number {
  const baseMs = positiveMinutes(input.baseMinutes, "baseMinutes") * MINUTE_MS;
  const capMs = Math.max(baseMs, positiveMinutes(input.capMinutes, "capMinutes") * MINUTE_MS);
  const failures = Math.max(1, Math.floor(input.consecutiveFailures));
  // 2^(n−1) overflows to Infinity for large n; min() handles that.
  const exponentialMs = Math.min(capMs, baseMs * 2 ** Math.min(failures - 1, 1024));
  const jitter = clamp(input.jitterFraction ?? BACKOFF_JITTER_FRACTION, 0, MAX_JITTER_FRACTION);
  const delayMs = Math.round(exponentialMs * (1 - jitter * unit(input.random)));
  const retryAfterMs = input.retryAfterMs;
  if (retryAfterMs == null || !Number.isFinite(retryAfterMs) || retryAfterMs <= delayMs)
    return delayMs;
  return Math.round(Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/**
 * After downtime, checks that fell due are not all fired at start-up: the i-th overdue check
 * (oldest due first) runs at `now + i · gap`, where gap = windowMs / overdueCount, or
 * `maxGapMs` when that is smaller (a few overdue checks need not wait for the whole window).
 * Every time is in [now, now + windowMs).
 */
export function spreadOverdue(input: {
  now: Date;
  overdueCount: number;
  windowMs: number;
  maxGapMs?: number;
}): Date[] {
  const count = Math.max(0, Math.floor(input.overdueCount));
  if (count === 0) return [];
  const windowMs = Math.max(0, input.windowMs);
  const gapMs = Math.min(windowMs / count, input.maxGapMs ?? Number.POSITIVE_INFINITY);
  const start = input.now.getTime();
  return Array.from({ length: count }, (_, i) => new Date(start + Math.floor(i * gapMs)));
}

/** Whether to send the single "we can't check this any more" notice now. */
export function shouldNotifyUnreachable(input: {
  consecutiveFailures: number;
  threshold: number;
  alreadyNotified: boolean;
}): boolean {
  return !input.alreadyNotified && input.consecutiveFailures >= Math.max(1, input.threshold);
}

/** Per-product failure bookkeeping (keep beside the product's schedule). */
export type CheckHealth = {
  consecutiveFailures: number;
  isUnreachableNotified: boolean;
};

export const HEALTHY: CheckHealth = { consecutiveFailures: 0, isUnreachableNotified: false };

/**
 * Updates failure counters after a check. A success resets them (and re-arms the notice);
 * the notice is due once, when failures first reach `threshold`.
 */
export function healthAfterCheck(input: {
  health: CheckHealth;
  isSuccess: boolean;
  threshold: number;
}): { nextHealth: CheckHealth; shouldNotify: boolean } {
  if (input.isSuccess) return { nextHealth: HEALTHY, shouldNotify: false };
  const consecutiveFailures = input.health.consecutiveFailures + 1;
  const shouldNotify = shouldNotifyUnreachable({
    consecutiveFailures,
    threshold: input.threshold,
    alreadyNotified: input.health.isUnreachableNotified,
  });
  return {
    nextHealth: {
      consecutiveFailures,
      isUnreachableNotified: input.health.isUnreachableNotified || shouldNotify,
    },
    shouldNotify,
  };
}

function unit(random: RandomSource): number {
  const r = random();
  return Number.isFinite(r) ? clamp(r, 0, 1) : 0;
}

function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

function positiveMinutes(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be > 0`);
  return value;
}
