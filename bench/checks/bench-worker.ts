import pino from "pino";
import { startWorker } from "../../core/checks/worker.ts";
import type { Database } from "../../core/db/client.ts";
import { createExtractPool } from "../../core/extract-pool/index.ts";
import { createFetcher, createMemoryHostGate } from "../../core/fetch/index.ts";

export type WorkerReport = {
  checks: number;
  failed: number;
  events: number;
  cpuMs: number;
  /** CPU of the event-loop thread alone (fetching, challenge tests, database, scheduling). */
  mainThreadCpuMs: number;
  fetchMs: number;
  extractMs: number;
  storeMs: number;
  /** The process's peak resident memory (for PGlite, the benchmark's own process). */
  peakRssMb: number;
};

export function createWorkerStats() {
  const cpuStart = process.cpuUsage();
  const threadStart = process.threadCpuUsage();
  const totals = { checks: 0, failed: 0, events: 0, fetchMs: 0, extractMs: 0, storeMs: 0 };
  return {
    totals,
    report(): WorkerReport {
      const cpu = process.cpuUsage(cpuStart);
      const thread = process.threadCpuUsage(threadStart);
      return {
        ...totals,
        cpuMs: (cpu.user + cpu.system) / 1000,
        mainThreadCpuMs: (thread.user + thread.system) / 1000,
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      };
    },
  };
}

/**
 * A worker as the benchmark runs it: politeness is per store host and every product here is
 * on one host (127.0.0.1), so spacing is 0 and host concurrency high (docs/BENCHMARKS.md).
 */
export function startBenchWorker(
  database: Database,
  stats: ReturnType<typeof createWorkerStats>,
  concurrency: number,
  batchSize: number,
  extractThreads?: number,
) {
  const fetcher = createFetcher({
    version: "bench",
    publicUrl: "http://dropwave.bench",
    allowPrivate: ["127.0.0.1/32"],
    hostSpacingMs: 0,
    hostConcurrency: 1_000,
    hostGate: createMemoryHostGate({ concurrency: 1_000, spacingMs: 0 }),
  });
  // As in production: pages are read on the process's pool of worker threads.
  const pool = createExtractPool({ threads: extractThreads });
  const worker = startWorker({
    database,
    fetcher,
    extract: pool.extract,
    log: pino({ level: "warn" }),
    concurrency,
    batchSize,
    leaseMs: 120_000,
    pollMs: 100,
    overdueWindowMs: 0,
    onCheck: (_product, result) => {
      const { totals } = stats;
      if (result.kind === "checked" || result.kind === "failed") {
        totals.checks += 1;
        totals.events += result.events;
        if (result.kind === "failed") totals.failed += 1;
        totals.fetchMs += result.timings.fetchMs;
        totals.extractMs += result.timings.extractMs;
        totals.storeMs += result.timings.storeMs;
      }
    },
  });
  return {
    async stop() {
      await worker.stop();
      await Promise.all([pool.close(), fetcher.close()]);
    },
  };
}
