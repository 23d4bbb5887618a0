import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import type { Extractor } from "../extract-pool/index.ts";
import type { Fetcher } from "../fetch/index.ts";
import type { RateSource } from "../groups/rate-source.ts";
import type { Logger } from "../log.ts";
import { createWakeableSleep, defaultWorkerId } from "../worker-loop.ts";
import { CHECK_NOW_CHANNEL } from "./check-now.ts";
import type { ClaimedProduct } from "./claim-due-products.ts";
import { claimDueProducts, releaseClaims, spreadOverdueChecks } from "./claim-due-products.ts";
import { type CheckPolicy, type PriceCheckResult, runPriceCheck } from "./run-price-check.ts";

export type WorkerOptions = {
  database: Database;
  fetcher: Pick<Fetcher, "fetchPage">;
  log: Logger;
  /** Where pages are read (the process's extraction pool); inline by default. */
  extract?: Extractor;
  /** Checks in flight at once in this process (the fetcher's per-host gate still applies). */
  concurrency?: number;
  /** Products claimed per claim query. */
  batchSize?: number;
  /** A claim lapses after this long if the worker does not finish (crash, kill -9). */
  leaseMs?: number;
  /** Sleep between claim attempts while nothing is due (a "check now" wakes it earlier). */
  pollMs?: number;
  workerId?: string;
  policy?: Partial<CheckPolicy>;
  /** Reference rates for group alerts across currencies (core/groups/rate-source.ts). */
  rates?: RateSource;
  /** Spread checks missed during downtime over this window at start (0 turns it off). */
  overdueWindowMs?: number;
  /** Called after each check (tests, benchmarks). */
  onCheck?: (product: ClaimedProduct, result: PriceCheckResult | { kind: "error" }) => void;
  /** Called when the worker goes to sleep with nothing due (tests). */
  onIdle?: () => void;
  /** Called after each non-empty claim (tests: "the worker holds a batch"). */
  onClaim?: (products: ClaimedProduct[]) => void;
};

export type RunningWorker = {
  workerId: string;
  /** Ends the claim loop early (a "check now" in this process). */
  wake(): void;
  /** Stops claiming, finishes the checks in flight, gives unstarted claims back. */
  stop(): Promise<void>;
};

/** The check worker: claim due products in batches, check them, repeat; sleep when idle. */
export function startWorker(options: WorkerOptions): RunningWorker {
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const batchSize = Math.max(1, options.batchSize ?? concurrency * 2);
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const workerId = options.workerId ?? defaultWorkerId();
  const log = options.log.child({ module: "worker", workerId });
  const { database } = options;
  let isStopping = false;
  const { sleep, wake } = createWakeableSleep();
  const queue: ClaimedProduct[] = [];
  const inFlight = new Set<Promise<void>>();

  const runOne = (claimed: ClaimedProduct) => {
    const task = runPriceCheck(
      {
        sql: database.sql,
        fetcher: options.fetcher,
        extract: options.extract,
        log,
        policy: options.policy,
        ...(options.rates ? { rates: options.rates } : {}),
      },
      claimed,
    ).then(
      (result) => options.onCheck?.(claimed, result),
      (error: unknown) => {
        // The lease lapses and the product is checked again; nothing was committed.
        log.warn({ err: error, productId: claimed.id }, "check failed unexpectedly");
        options.onCheck?.(claimed, { kind: "error" });
      },
    );
    const tracked = task.finally(() => {
      inFlight.delete(tracked);
      wake();
    });
    inFlight.add(tracked);
  };

  const loop = async () => {
    try {
      unlisten = await listenForCheckNow(database, wake);
    } catch (error) {
      log.warn({ err: error }, "no check-now notifications; polling only");
    }
    if ((options.overdueWindowMs ?? 30 * 60_000) > 0) {
      try {
        const moved = await spreadOverdueChecks(database.sql, {
          now: new Date(),
          graceMs: 10 * 60_000,
          windowMs: options.overdueWindowMs ?? 30 * 60_000,
          maxGapMs: 1_000,
        });
        if (moved > 0) log.info({ moved }, "spread overdue checks after downtime");
      } catch (error) {
        log.warn({ err: error }, "could not spread overdue checks");
      }
    }
    while (!isStopping) {
      // Keep up to one batch queued behind the running checks: no idle gap between batches.
      let claimed: ClaimedProduct[] = [];
      if (queue.length < concurrency) {
        try {
          claimed = await claimDueProducts(database.sql, {
            workerId,
            batchSize: batchSize - queue.length,
            leaseMs,
            now: new Date(),
          });
        } catch (error) {
          if (isStopping) break;
          log.warn({ err: error }, "claim failed; retrying");
        }
        if (claimed.length > 0) {
          queue.push(...claimed);
          options.onClaim?.(claimed);
        }
      }
      while (!isStopping && inFlight.size < concurrency && queue.length > 0) {
        runOne(queue.shift()!);
      }
      if (isStopping) break;
      if (queue.length === 0 && inFlight.size === 0) {
        options.onIdle?.();
        await sleep(pollMs); // idle: nothing due
      } else if (claimed.length === 0 || inFlight.size >= concurrency) {
        await sleep(pollMs); // busy or nothing more due: a finishing check wakes us
      }
    }
  };

  let unlisten: (() => Promise<void>) | undefined;
  // Debug: `npm start` prints only its few plain lines (#39 item 0); server/main.ts says when a
  // worker-only process is up.
  log.debug({ concurrency, batchSize, leaseMs }, "worker started");
  const running = loop();

  return {
    workerId,
    wake,
    async stop() {
      if (isStopping) return running;
      isStopping = true;
      wake();
      await running;
      await unlisten?.().catch(() => {});
      const unstarted = queue.splice(0).map((p) => p.id);
      await Promise.allSettled([...inFlight]);
      await releaseClaims(database.sql, { workerId, productIds: unstarted, now: new Date() });
      log.debug({ released: unstarted.length }, "worker stopped");
    },
  };
}

/**
 * "Check now" wakes idle workers at once: LISTEN on PostgreSQL (every process), PGlite's own
 * listen in this process. Without it the worker still finds the product at its next poll.
 */
async function listenForCheckNow(
  database: Database,
  onWake: () => void,
): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unsubscribe = await client.listen(CHECK_NOW_CHANNEL, onWake);
    return unsubscribe;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  connection.on("error", () => {}); // a dropped connection leaves polling in charge
  connection.on("notification", onWake);
  await connection.query(`listen ${CHECK_NOW_CHANNEL}`);
  return async () => {
    try {
      await connection.query(`unlisten ${CHECK_NOW_CHANNEL}`);
    } finally {
      connection.release();
    }
  };
}
