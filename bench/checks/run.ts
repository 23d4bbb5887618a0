/**
 * End-to-end check throughput: claim → fetch → extract → store → decide, on a local store.
 *   npm run bench:checks -- --products 10000 --workers 2 --db postgres [--pages small|corpus]
 *     [--concurrency 32] [--batch 100] [--cpu-prof DIR] [--node-flags="--flag …"]
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (a uniquely named database is created and dropped). PGlite: in memory, in this process.
 * Ends with one JSON line; doubleChecks and missed are counted by the store server.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";
import { spawnNode } from "../child-process.ts";
import { createWorkerStats, startBenchWorker, type WorkerReport } from "./bench-worker.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    workers: { type: "string", default: "1" },
    db: { type: "string", default: "pglite" },
    pages: { type: "string", default: "small" },
    concurrency: { type: "string", default: "32" },
    batch: { type: "string", default: "100" },
    /** Write each worker process's CPU profile (node --cpu-prof) into this directory. */
    "cpu-prof": { type: "string" },
    /** More Node/V8 flags for the worker processes (space-separated), to measure one. */
    "node-flags": { type: "string", default: "" },
  },
});
const products = Number(values.products);
const workers = Number(values.workers);
const dbKind = values.db === "postgres" ? "postgres" : "pglite";
const concurrency = Number(values.concurrency);
const batch = Number(values.batch);
if (dbKind === "pglite" && workers !== 1) {
  console.error("PGlite is one process: --workers must be 1 with --db pglite.");
  process.exit(1);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

function cpuBusyMs(): number {
  // /proc/stat "cpu" line, in USER_HZ (100/s): everything but idle and iowait.
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1);
  const n = fields.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return ((total - n[3]! - n[4]!) * 1000) / 100;
}

const store = spawnNode(path.join(here, "store.ts"), [String(products), values.pages!]);
const origin = await store.nextLine();

let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
if (dbKind === "postgres") {
  scratch = await createScratchDatabase(serverUrl, "dropwave_bench");
  database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 4 });
} else {
  database = await openDatabase({ kind: "pglite", dataDir: undefined });
}
await migrateDatabase(database);

// N products on the store, one watcher each (any_drop), the state already holding the base
// price, so the 5 % drops raise price_drop events. Not due until every worker is ready.
await database.sql.query(
  `insert into "user" (id, name, email) values ('bench', 'Bench', 'bench@example.test')`,
);
await database.sql.query(
  `insert into product (url_key, url, host, store, next_check_at, check_interval_minutes)
   select $1 || '/p/' || g, $1 || '/p/' || g, '127.0.0.1', 'bench', now() + interval '1 day', 360
     from generate_series(0, $2::int - 1) g`,
  [origin, products],
);
await database.sql.query(
  `insert into watch (user_id, product_id, interval_minutes, alert_state)
   select 'bench', p.id, 360, jsonb_build_object(
       'lastPrice', jsonb_build_object('amountMinor', 1000 + (i % 500) * 10, 'currency', 'USD'),
       'baselinePrice', jsonb_build_object('amountMinor', 1000 + (i % 500) * 10, 'currency', 'USD'),
       'lastAvailability', 'in_stock', 'isRuleMet', false)
     from (select id, (regexp_match(url, '/p/(\\d+)$'))[1]::int as i from product) p`,
);

const reports: WorkerReport[] = [];
let stopInProcess: (() => Promise<void>) | undefined;
let workerProcesses: ReturnType<typeof spawnNode>[] = [];
if (dbKind === "pglite") {
  const stats = createWorkerStats();
  const worker = startBenchWorker(database, stats, concurrency, batch);
  stopInProcess = async () => {
    await worker.stop();
    reports.push(stats.report());
  };
} else {
  workerProcesses = Array.from({ length: workers }, () =>
    // 40 connections in all, whatever the number of workers (the server allows 100).
    spawnNode(
      path.join(here, "worker.ts"),
      [
        scratch!.url,
        String(concurrency),
        String(batch),
        String(Math.max(4, Math.min(concurrency, Math.floor(40 / workers)))),
      ],
      [
        ...(values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : []),
        ...values["node-flags"]!.split(" ").filter(Boolean),
      ],
    ),
  );
  for (const w of workerProcesses) await w.nextLine(); // "ready"
}

const cpuBefore = cpuBusyMs();
const startedAt = new Date();
const t0 = performance.now();
await database.sql.query("update product set next_check_at = now()");
let checked = 0;
let progressAt = performance.now();
while (performance.now() - progressAt < 60_000) {
  const { rows } = await database.sql.query<{ n: number }>(
    "select count(*)::int as n from product where last_checked_at >= $1::timestamptz",
    [startedAt.toISOString()],
  );
  const now = Number(rows[0]?.n ?? 0);
  if (now > checked) progressAt = performance.now();
  checked = now;
  if (checked >= products) break;
  // Polled often enough that the run's time is its own, not rounded up to the next look.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
if (checked < products)
  console.error(`stalled: ${checked} of ${products} checked after 60 s without progress`);
const seconds = (performance.now() - t0) / 1000;
const cpuMs = cpuBusyMs() - cpuBefore;

if (stopInProcess) await stopInProcess();
for (const w of workerProcesses) {
  w.child.kill("SIGTERM");
  reports.push(JSON.parse(await w.nextLine()) as WorkerReport);
}
const stats = (await (await fetch(`${origin}/__stats`)).json()) as {
  hits: number;
  doubleChecks: number;
  missed: number;
};
const [events] = (
  await database.sql.query<{ n: number }>("select count(*)::int as n from alert_event")
).rows;
store.child.kill("SIGTERM");
await database.close();
await scratch?.drop();

const sum = (key: keyof WorkerReport) => reports.reduce((a, r) => a + r[key], 0);
const checks = sum("checks");
const per = (ms: number) => Math.round((ms / Math.max(1, checks)) * 100) / 100;
console.error(
  [
    `${checks} checks of ${products} products in ${seconds.toFixed(1)} s on ${dbKind}, ${workers} worker(s), concurrency ${concurrency}, batch ${batch}, pages ${values.pages}`,
    `machine CPU ${per(cpuMs)} ms/check (all processes incl. database and store); worker processes ${per(sum("cpuMs"))} ms/check: event-loop thread ${per(sum("mainThreadCpuMs"))}, extraction threads ${per(sum("cpuMs") - sum("mainThreadCpuMs"))}`,
    `per check (wall, overlapping): fetch ${per(sum("fetchMs"))} ms, extract ${per(sum("extractMs"))} ms, store (read, decide, one write) ${per(sum("storeMs"))} ms`,
    `events ${Number(events?.n ?? 0)}, failed ${sum("failed")}, store hits ${stats.hits}`,
    `worker peak memory ${reports.map((r) => `${r.peakRssMb} MB`).join(", ")}`,
  ].join("\n"),
);
console.log(
  JSON.stringify({
    products,
    workers,
    db: dbKind,
    checks,
    checksPerSec: Math.round((checks / seconds) * 10) / 10,
    doubleChecks: stats.doubleChecks,
    missed: stats.missed,
  }),
);
process.exit(0);
