import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { extractProduct } from "../extract/index.ts";
import type { ExtractOptions } from "../extract/types.ts";
import type { Logger } from "../log.ts";
import { type PageInput, pageText } from "../page/page-input.ts";
import {
  type ChallengeCheck,
  challengeUnlessPriced,
  type ExtractTask,
  epochMs,
  type PageReading,
  type TaskReply,
} from "./extract-task.ts";

/**
 * What reading a page gave: the extraction's result (and the bot challenge the page is, when a
 * challenge check was asked for and the page gave no price), or an honest "could not read it":
 * `cut` — it ran past the time budget and its thread was stopped; `busy` — the queue was full.
 */
export type ExtractOutcome =
  | ({ kind: "ok" } & PageReading)
  | { kind: "cut"; afterMs: number }
  | { kind: "busy" };

/**
 * Reads a page off the caller's event loop (or inline, for tests and scripts). A page given as
 * fetched bytes is decoded where it is read, and is handed over: one that owns its buffer
 * (the fetcher's) moves it to the reading thread and cannot be read again by the caller.
 * `challengeCheck`: the page's response, when the fetcher left its bot-challenge check to the
 * reader (extract-task.ts `challengeUnlessPriced`).
 */
export type Extractor = (
  page: PageInput,
  url: string,
  options?: ExtractOptions,
  challengeCheck?: ChallengeCheck,
) => Promise<ExtractOutcome>;

export type ExtractPoolOptions = {
  /** Worker threads. Default: one per core. */
  threads?: number;
  /** Pages waiting for a thread at most; more are answered `busy`. Default 64 per thread. */
  maxQueue?: number;
  /**
   * A page still being read after this is cut: reading stops by itself between two pieces of
   * the page, and its thread reads the next page. Default 5 000 ms.
   */
  timeBudgetMs?: number;
  /**
   * A page whose reading has not stopped this long after it started (a part of extraction that
   * does not check the budget) is stopped from outside: its thread is terminated and replaced.
   * Default twice the budget, and at least the budget and one second.
   */
  hardStopMs?: number;
  /**
   * Each thread's young generation, in MB (V8's own size by default). Under a steady stream of
   * real store pages V8 grows it until a thread holds ~250 MB; 16 MB keeps a thread near 60 MB
   * for ~9 % more CPU per page (docs/decisions/0038-embedded-extraction-memory.md).
   */
  youngGenerationMb?: number;
  log?: Logger;
  /** The worker entry; the module next to this one (source or built) by default. */
  filename?: string;
};

export type ExtractPool = {
  extract: Extractor;
  /**
   * Pages being read or waiting now (tests, metrics), and the young generation the threads
   * were given (undefined: V8's own).
   */
  stats(): {
    threads: number;
    running: number;
    queued: number;
    /** Threads terminated from outside so far (hard stops). */
    stopped: number;
    youngGenerationMb?: number;
  };
  close(): Promise<void>;
};

/**
 * The worker entry: the `.ts` source next to this module when running from source (dev server,
 * Vitest, scripts — Node 24 strips the types itself); when running the build, the
 * `extract-task.js` that the server build emits at the top of build/server (vite.config.ts),
 * beside the bundle or one level up from the chunk this module landed in.
 */
export function extractTaskFile(moduleUrl: string = import.meta.url): string {
  const here = fileURLToPath(moduleUrl);
  const dir = path.dirname(here);
  if (here.endsWith(".ts")) return path.join(dir, "extract-task.ts");
  const built = [path.join(dir, "extract-task.js"), path.join(dir, "..", "extract-task.js")];
  const found = built.find((file) => existsSync(file));
  if (!found) throw new Error(`extraction worker entry not found (looked for ${built.join(", ")})`);
  return found;
}

/**
 * One pool of worker threads for every extraction in the process — the check worker's and
 * the previews' (docs/decisions/0021-extraction-pool.md). A hostile page (megabytes of
 * unclosed tags) costs a thread, never the event loop that answers requests, and is cut when
 * it runs past the budget.
 */
export function createExtractPool(options: ExtractPoolOptions = {}): ExtractPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeBudgetMs = options.timeBudgetMs ?? 5_000;
  const hardStopMs = options.hardStopMs ?? Math.max(timeBudgetMs * 2, timeBudgetMs + 1_000);
  let stopped = 0;
  const maxQueue = Math.max(1, options.maxQueue ?? threads * 64);
  const log = options.log;
  const pool = new Piscina<ExtractTask, TaskReply>({
    filename: options.filename ?? extractTaskFile(),
    minThreads: threads,
    maxThreads: threads,
    // Threads stay up: starting one (loading the extraction code) costs ~100 ms.
    idleTimeout: Number.POSITIVE_INFINITY,
    // One task at a time per thread, so a hostile page never holds another page hostage.
    concurrentTasksPerWorker: 1,
    ...(options.youngGenerationMb === undefined
      ? {}
      : { resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb } }),
  });
  // Our own queue in front of piscina: a page is handed to a thread only when one is free,
  // so its time budget counts reading, not waiting behind other pages.
  const queue: Array<() => void> = [];
  let running = 0;
  const acquire = (): Promise<void> | undefined => {
    if (running < threads) {
      running++;
      return Promise.resolve();
    }
    if (queue.length >= maxQueue) return undefined;
    return new Promise((resolve) => queue.push(resolve));
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };

  const extract: Extractor = async (page, url, extractOptions = {}, challengeCheck) => {
    const turn = acquire();
    if (!turn) return { kind: "busy" };
    await turn;
    // The budget starts when the thread starts reading (it may first have to be started,
    // e.g. after a cut), signalled through a shared flag.
    const started = new Int32Array(new SharedArrayBuffer(16));
    // When the thread started, on its own clock: this thread may learn of it later (when busy).
    const startedAtThread = new Float64Array(started.buffer, 8, 1);
    let isHardStopped = false;
    let startedAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isDone = false;
    const waiting = Atomics.waitAsync(started, 0, 0);
    const onStart = () => {
      if (isDone) return;
      startedAt = startedAtThread[0] || epochMs();
      timer = setTimeout(
        () => {
          // Terminated by us, not through piscina's abort: piscina replaces the thread once it
          // has exited, never while it is being torn down (which can crash the process:
          // nodejs/node#56312), and rejects its task then.
          const id = Atomics.load(started, 1);
          const thread = pool.threads.find((t) => t.threadId === id);
          if (!thread) return;
          isHardStopped = true;
          void thread.terminate();
        },
        hardStopMs - (epochMs() - startedAt),
      );
    };
    if (waiting.async) waiting.value.then(onStart);
    else onStart();
    let byteLength = 0;
    const cut = (how: string): ExtractOutcome => {
      const afterMs = Math.round(epochMs() - startedAt);
      const size = typeof page === "string" ? { chars: page.length } : { bytes: byteLength };
      log?.warn({ url, afterMs, ...size }, `extraction cut: over its time budget (${how})`);
      return { kind: "cut", afterMs };
    };
    try {
      // Bytes cross to the thread (moved when the page owns them, else as a copy of half the
      // size of their text in UTF-16), and are decoded there, off this event loop.
      let task: ExtractTask;
      let transferList: ArrayBuffer[] = [];
      if (typeof page === "string") {
        task = {
          html: page,
          url,
          options: extractOptions,
          started,
          budgetMs: timeBudgetMs,
          challengeCheck,
        };
      } else {
        const handed = page.handOver();
        byteLength = handed.bytes.length;
        transferList = handed.transferList;
        task = {
          bytes: handed.bytes,
          charset: page.charset,
          url,
          options: extractOptions,
          started,
          budgetMs: timeBudgetMs,
          challengeCheck,
        };
      }
      const reply = await pool.run(task, { transferList });
      if ("overBudget" in reply) return cut("stopped by itself");
      return { kind: "ok", ...reply };
    } catch (error) {
      if (!isHardStopped) throw error;
      stopped++;
      return cut("its thread stopped from outside");
    } finally {
      isDone = true;
      clearTimeout(timer);
      // Wakes our own waiter if the thread never started (a crash): nothing stays pending.
      Atomics.notify(started, 0);
      release();
    }
  };

  return {
    extract,
    stats: () => ({
      threads,
      running,
      queued: queue.length,
      stopped,
      youngGenerationMb: pool.threads[0]?.resourceLimits?.maxYoungGenerationSizeMb,
    }),
    close: () => pool.destroy(),
  };
}

/**
 * Extraction on the caller's own thread, as before the pool: for tests, benchmarks of the
 * extraction itself, and scripts. Servers use the pool.
 */
export const inlineExtractor: Extractor = async (page, url, options, challengeCheck) => {
  const result = extractProduct(pageText(page), url, options);
  const challenge = challengeUnlessPriced(result, page, challengeCheck);
  return challenge ? { kind: "ok", result, challenge } : { kind: "ok", result };
};
