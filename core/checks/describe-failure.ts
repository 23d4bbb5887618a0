import { type FailureKind, failureWords } from "../failure-words.ts";

/**
 * A failed check in words (from the one catalogue, core/failure-words.ts). The kinds carry the
 * same names as core/fetch's FetchOutcome kinds (minus "ok"), so `outcome.kind` can be passed
 * straight in.
 */
export type CheckFailureKind = FailureKind;

/** "Store blocked the check — retrying in 3 h". `nextAttemptAt` null: no retry planned. */
export function describeFailure(input: {
  kind: CheckFailureKind;
  httpStatus?: number;
  now: Date;
  nextAttemptAt: Date | null;
}): string {
  const what = failureWords(input.kind, { httpStatus: input.httpStatus });
  if (input.nextAttemptAt === null) return what;
  return `${what} — retrying ${formatWait(input.nextAttemptAt.getTime() - input.now.getTime())}`;
}

/** "in a moment", "in 5 min", "in 3 h", "in 2 days" (rounded to the nearest unit). */
export function formatWait(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "in a moment";
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  const days = Math.round(hours / 24);
  return `in ${days} days`;
}
