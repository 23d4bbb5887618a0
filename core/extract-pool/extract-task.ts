import { extractProduct } from "../extract/index.ts";
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
  /** Shared with the pool: set to 1 when this thread starts reading (its time budget begins). */
  started?: Int32Array;
  challengeCheck?: ChallengeCheck;
};

/** What reading a page gave: the extraction, and the bot challenge the page is, if asked. */
export type PageReading = { result: ExtractResult; challenge?: Challenge };

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
 * The worker thread's entry (piscina calls the default export once per task): the pure
 * `extractProduct`, unchanged, then the challenge check when asked. Built as its own file next
 * to the server bundle (vite.config.ts).
 */
export default function extractTask(task: ExtractTask): PageReading {
  if (task.started) {
    Atomics.store(task.started, 0, 1);
    Atomics.notify(task.started, 0);
  }
  // Bytes are decoded in pieces, read as the page in one string would be.
  const html = task.html ?? decodeInPieces(task.bytes, task.charset);
  const result = extractProduct(html, task.url, task.options);
  const page = task.html ?? new EncodedPage(task.bytes, task.charset);
  const challenge = challengeUnlessPriced(result, page, task.challengeCheck);
  return challenge ? { result, challenge } : { result };
}
