import { threadId } from "node:worker_threads";
import { extractProduct } from "../extract/index.ts";
import { inPieces } from "../extract/page-text.ts";
import { budgetOf, OverBudget } from "../extract/read-budget.ts";
import type { ExtractOptions, ExtractResult } from "../extract/types.ts";
import { type Challenge, classifyChallenge } from "../page/challenge/index.ts";
import { decodeInPieces, EncodedPage, type PageInput } from "../page/page-input.ts";

/**
 * The response a page came with, for its bot-challenge check when the fetcher left that check
 * to the reader (FetchPageOptions.leaveChallengeToReader).
 */
export type ChallengeCheck = { status: number; headers: Record<string, string> };

/** What the pool sends a worker thread: one page to read, as text or as fetched bytes. */
export type ExtractTask = (
  | { html: string; bytes?: undefined; charset?: undefined }
  | { html?: undefined; bytes: Uint8Array; charset: string }
) & {
  url: string;
  options: ExtractOptions;
  /**
   * Shared with the pool: [0] set to 1 when this thread starts reading (its time budget
   * begins), [1] the thread's id, and after them (bytes 8 to 16, a Float64) the time it started
   * on the clock every thread shares (`epochMs`) (markStarted).
   */
  started?: Int32Array;
  /** Reading stops by itself this long after it started (core/extract/read-budget.ts). */
  budgetMs?: number;
  challengeCheck?: ChallengeCheck;
};

/** What reading a page gave: the extraction, and the bot challenge the page is, if asked. */
export type PageReading = { result: ExtractResult; challenge?: Challenge };

/** What a thread answers: the page's reading, or that it stopped when its budget was spent. */
export type TaskReply = PageReading | { overBudget: true };

/**
 * The page checked for a bot challenge when asked to, and only when it gave no price: a page
 * that gives one is the store's page, whatever else it carries (none of the saved challenge
 * pages gives a price, none of the saved product pages is taken for a challenge). Pure.
 */
export function challengeUnlessPriced(
  result: ExtractResult,
  page: PageInput,
  check: ChallengeCheck | undefined,
): Challenge | undefined {
  if (!check || result.status === "ok") return undefined;
  return classifyChallenge(check.status, check.headers, page);
}

/**
 * Milliseconds since the epoch, at the resolution of `performance.now()`: one clock for every
 * thread (each thread's `performance.now()` counts from its own start).
 */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Tells the pool that this thread, by its id, starts reading the task's page. */
export function markStarted(task: Pick<ExtractTask, "started">): void {
  if (!task.started) return;
  if (task.started.buffer.byteLength >= 16)
    new Float64Array(task.started.buffer, 8, 1)[0] = epochMs();
  Atomics.store(task.started, 1, threadId);
  Atomics.store(task.started, 0, 1);
  Atomics.notify(task.started, 0);
}

/**
 * The worker thread's entry (piscina calls the default export once per task): the pure
 * `extractProduct`, unchanged, then the challenge check when asked. Built as its own file next
 * to the server bundle (vite.config.ts). The page is read in pieces (as the page in one string
 * would be), and reading stops by itself between two pieces once its budget is spent: the
 * thread then stays up for the next page (decision 0081).
 */
export default function extractTask(task: ExtractTask): TaskReply {
  markStarted(task);
  const budget = task.budgetMs === undefined ? undefined : budgetOf(task.budgetMs);
  const html = inPieces(task.html ?? decodeInPieces(task.bytes, task.charset));
  let result: ExtractResult;
  try {
    result = extractProduct(html, task.url, task.options, budget);
  } catch (error) {
    if (error instanceof OverBudget) return { overBudget: true };
    throw error;
  }
  const page = task.html ?? new EncodedPage(task.bytes, task.charset);
  const challenge = challengeUnlessPriced(result, page, task.challengeCheck);
  return challenge ? { result, challenge } : { result };
}
