import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import {
  createFetcher,
  createMemoryHostGate,
  createSqlHostGate,
  HOST_GATE_DDL,
  type HostGate,
} from "../../core/fetch/index.ts";

/**
 * Fetches `count` pages of one host through the real fetcher and measures, at the server, how
 * far apart requests arrive and how many are in flight at once.
 * Run: node bench/fetch/politeness.ts [count] [concurrency] [spacingMs] [serviceMs]
 */

export type PolitenessResult = {
  count: number;
  concurrency: number;
  spacingMs: number;
  serviceMs: number;
  okCount: number;
  /** Smallest gap between two starts as the host gate decided them (its own clock). */
  gateMinGapMs: number;
  /** Smallest and mean gap between two arrivals at the server. */
  minGapMs: number;
  meanGapMs: number;
  maxInFlight: number;
  totalMs: number;
};

export async function measurePoliteness(options: {
  count: number;
  concurrency: number;
  spacingMs: number;
  serviceMs: number;
  /** One fetcher per gate (each standing for a worker process), URLs dealt round-robin. */
  gates?: HostGate[];
}): Promise<PolitenessResult> {
  const arrivals: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((_req, res) => {
    arrivals.push(performance.now());
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.setHeader("content-type", "text/html");
      res.end("<html><body><p>€10.00</p></body></html>");
    }, options.serviceMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const gateStarts: number[] = [];
  const recording = (inner: HostGate): HostGate => ({
    async acquire(host, acquireOptions) {
      const ticket = await inner.acquire(host, acquireOptions);
      if (ticket.kind === "acquired") gateStarts.push(ticket.startedAtMs);
      return ticket;
    },
    backOff: (host, forMs) => inner.backOff(host, forMs),
  });
  const gates = options.gates ?? [
    createMemoryHostGate({ concurrency: options.concurrency, spacingMs: options.spacingMs }),
  ];
  const fetchers = gates.map((gate) =>
    createFetcher({
      version: "bench",
      publicUrl: "http://localhost",
      allowPrivate: ["127.0.0.1/32"],
      hostConcurrency: options.concurrency,
      hostSpacingMs: options.spacingMs,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      hostGate: recording(gate),
    }),
  );
  const fetcher = fetchers[0] as (typeof fetchers)[number];
  // One request first, not measured: the first use loads parts of undici and TLS lazily.
  await fetcher.fetchPage(`http://shop.test:${port}/warm-up`);
  arrivals.length = 0;
  gateStarts.length = 0;
  maxInFlight = 0;
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: options.count }, (_, i) =>
      (fetchers[i % fetchers.length] as typeof fetcher).fetchPage(
        `http://shop.test:${port}/product/${i}`,
      ),
    ),
  );
  const totalMs = performance.now() - started;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  arrivals.sort((a, b) => a - b);
  const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] as number));
  gateStarts.sort((a, b) => a - b);
  const gateGaps = gateStarts.slice(1).map((t, i) => t - (gateStarts[i] as number));
  return {
    count: options.count,
    concurrency: options.concurrency,
    spacingMs: options.spacingMs,
    serviceMs: options.serviceMs,
    okCount: outcomes.filter((o) => o.kind === "ok").length,
    gateMinGapMs: Math.min(...gateGaps),
    minGapMs: Math.min(...gaps),
    meanGapMs: gaps.reduce((a, b) => a + b, 0) / gaps.length,
    maxInFlight,
    totalMs,
  };
}

export function formatPoliteness(label: string, r: PolitenessResult): string {
  return `${label}: ${r.okCount}/${r.count} ok, concurrency limit ${r.concurrency}, spacing ${r.spacingMs} ms, server ${r.serviceMs} ms/request -> gate min gap ${r.gateMinGapMs} ms; at the server min gap ${r.minGapMs.toFixed(1)} ms, mean gap ${r.meanGapMs.toFixed(1)} ms, max in flight ${r.maxInFlight}, total ${(r.totalMs / 1000).toFixed(2)} s`;
}

if (import.meta.main) {
  const [count = 50, concurrency = 2, spacingMs = 100, serviceMs = 250] = process.argv
    .slice(2)
    .map(Number);
  const memory = await measurePoliteness({ count, concurrency, spacingMs, serviceMs });
  console.log(formatPoliteness("memory gate", memory));
  const db = new PGlite();
  await db.query(HOST_GATE_DDL);
  const sql = await measurePoliteness({
    count,
    concurrency,
    spacingMs,
    serviceMs,
    gates: [createSqlHostGate(db, { concurrency, spacingMs })],
  });
  console.log(formatPoliteness("SQL gate (PGlite)", sql));
  await db.close();
}
