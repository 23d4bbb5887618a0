/**
 * The API under a fixed request rate (issue #18):
 *   npm run bench:api -- [--db postgres|pglite] [--rate 200] [--duration 60] [--users 5]
 *     [--products 200] [--limit N] [--port 3216] [--bare-node] [--cpu-prof DIR]
 *     [--warmup 200] [--pacing even|autocannon]
 *
 * Builds nothing: runs the built server (`npm run build` first) as a child process on
 * 127.0.0.1 — `--role=web` on a scratch PostgreSQL database, the single process (web + worker)
 * on a fresh PGlite directory — seeds `--users` people with `--products` watched products each
 * (a few price-history rows per product) and an API token each, then holds `--rate` requests/s,
 * evenly paced (paced.ts; autocannon warms up, or runs all with --pacing autocannon), against a mix, in turn: `GET /api/v1/watches` (`?limit=N` with --limit),
 * `GET /api/v1/me` (each with a random person's token) and the SSR landing page `/`.
 * Reports the achieved rate, latency p50/p99/max, errors (non-2xx, socket errors, timeouts)
 * and the server's resident memory (VmRSS) before and after. One JSON line on stdout.
 *
 * `--checks`: the products are real saved store pages (bench/checks/store.ts, on loopback) and
 * all due when the server starts, so its check worker reads every one of them during the run
 * (a household's whole list coming due at once, after a night off). Otherwise they are due in a
 * week and the worker idles.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createApiToken } from "../../core/accounts/api-tokens.ts";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";
import { spawnNode } from "../child-process.ts";
import { benchServerEnv, processMemoryMb, waitUntilServing } from "../server-process.ts";
import { type PacedRequest, runPaced } from "./paced.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    rate: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    users: { type: "string", default: "5" },
    products: { type: "string", default: "200" },
    limit: { type: "string" },
    port: { type: "string", default: "3216" },
    connections: { type: "string", default: "20" },
    /** Start the server without SERVER_NODE_FLAGS (scripts/server-flags.ts), to compare. */
    "bare-node": { type: "boolean", default: false },
    /** Write the server's CPU profile (node --cpu-prof) into this directory. */
    "cpu-prof": { type: "string" },
    /** Untimed requests before the measured run (JIT, connection pools, lazily loaded modules). */
    warmup: { type: "string", default: "200" },
    /** even: an open-loop request every 1/rate s (paced.ts); autocannon: its per-second bursts. */
    pacing: { type: "string", default: "even" },
    /** The products are real store pages, all due at the start (see above). */
    checks: { type: "boolean", default: false },
  },
});
const dbKind = values.db === "pglite" ? "pglite" : "postgres";
const rate = Number(values.rate);
const duration = Number(values.duration);
const users = Number(values.users);
const productsPerUser = Number(values.products);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

// With --checks: the store the products live on, serving the shared corpus's saved pages.
const here = path.dirname(new URL(import.meta.url).pathname);
const store = values.checks
  ? spawnNode(path.join(here, "../checks/store.ts"), [String(users * productsPerUser), "corpus"])
  : undefined;
const storeOrigin = store ? await store.nextLine() : "https://shop.example";
const storeHost = new URL(storeOrigin).hostname;

const dataDir = mkdtempSync(path.join(tmpdir(), "dropwave-bench-api-"));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: Database;
if (dbKind === "postgres") {
  scratch = await createScratchDatabase(serverUrl, "dropwave_bench_api");
  database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 4 });
} else {
  database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
}
await migrateDatabase(database);

// People, tokens, products (one per person each, as people rarely share a link), watches and
// three history rows per product.
const tokens: string[] = [];
for (let u = 0; u < users; u++) {
  const id = randomUUID();
  await database.sql.query(`insert into "user" (id, name, email) values ($1, $2, $3)`, [
    id,
    `Bench ${u}`,
    `bench-${u}@example.test`,
  ]);
  tokens.push((await createApiToken(database.db, id, { name: "bench" })).token);
  await database.sql.query(
    `with p as (
       insert into product (url_key, url, host, store, title, price_minor, currency, availability,
                            extract_status, next_check_at, check_interval_minutes, last_checked_at,
                            last_success_at, last_outcome)
       select k, k, $4, $4, 'Product ' || g, 1000 + g * 7, 'EUR',
              'in_stock', 'ok', now() + $5::interval, 360, now(), now(), 'ok'
         from generate_series(1, $2::int) g,
              lateral (select $3 || '/p/' || ($6::int * $2::int + g - 1) as k) k
       returning id, price_minor
     ), w as (
       insert into watch (user_id, product_id, interval_minutes, baseline_price_minor, baseline_currency)
       select $1, id, 360, price_minor + 100, 'EUR' from p returning product_id
     )
     insert into price_observation (product_id, price_minor, currency, availability, observed_at, last_seen_at)
     select p.id, p.price_minor + d * 50, 'EUR', 'in_stock', now() - (d || ' days')::interval,
            now() - (d || ' days')::interval
       from p, generate_series(0, 2) d`,
    [id, productsPerUser, storeOrigin, storeHost, values.checks ? "-1 minute" : "7 days", u],
  );
}
await database.close();

// The built server.
if (dbKind === "pglite") await new Promise((resolve) => setTimeout(resolve, 100));
const server: ChildProcess = spawn(
  process.execPath,
  [
    ...(values["bare-node"] ? [] : SERVER_NODE_FLAGS),
    ...(values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : []),
    "scripts/start.mjs",
    ...(dbKind === "postgres" ? ["--role=web"] : []),
  ],
  {
    env: {
      ...benchServerEnv({ port, dataDir, databaseUrl: scratch?.url }),
      // The store is on loopback, and one host stands for a household's many stores.
      ...(values.checks ? { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
process.on("exit", () => {
  if (server.exitCode === null) server.kill("SIGKILL");
});
const startMs = await waitUntilServing(origin, server);

const rssMb = (pid: number) => processMemoryMb(pid, "VmRSS");
const peakMb = (pid: number) => processMemoryMb(pid, "VmHWM");

const watchesPath = `/api/v1/watches${values.limit ? `?limit=${values.limit}` : ""}`;
const randomToken = () => tokens[Math.floor(Math.random() * tokens.length)] as string;
const asRandomPerson = () => ({ authorization: `Bearer ${randomToken()}` });
// The mix every run measures: a person's watch list and profile through the API, and the home page.
const MIX: PacedRequest[] = [
  { path: watchesPath, headers: asRandomPerson },
  { path: "/api/v1/me", headers: asRandomPerson },
  { path: "/" },
];
// The same mix as autocannon's requests (the warm-up, and `--pacing autocannon`).
const AUTOCANNON_MIX = MIX.map(({ path, headers }) => ({
  method: "GET" as const,
  path,
  ...(headers
    ? {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: { ...req.headers, ...headers() },
        }),
      }
    : {}),
}));
// Warm up (JIT, connection pools, prepared plans), untimed.
await autocannon({
  url: origin,
  connections: 4,
  amount: Number(values.warmup),
  requests: AUTOCANNON_MIX,
});
const memoryBeforeMb = rssMb(server.pid!);
// The server's RSS every 30 s of the run: flat, or still growing at the end?
const rssSeries: number[] = [memoryBeforeMb];
const sampler = setInterval(() => rssSeries.push(rssMb(server.pid!)), 30_000);
// Even pacing by default (bench/api/paced.ts says why); `--pacing autocannon` for autocannon's
// per-second bursts, as the figures before 2026-11-25 were taken.
const result =
  values.pacing === "autocannon"
    ? await autocannon({
        url: origin,
        connections: Number(values.connections),
        overallRate: rate,
        duration,
        timeout: 10,
        requests: AUTOCANNON_MIX,
      }).then((r) => ({
        requests: r.requests.total,
        durationS: r.duration,
        latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
        errors: r.errors + r.non2xx, // autocannon counts timeouts among its errors already
        non2xx: r.non2xx,
        timeouts: r.timeouts,
      }))
    : await runPaced({
        origin,
        rate,
        durationS: duration,
        connections: Number(values.connections),
        mix: MIX,
      });
clearInterval(sampler);
const memoryAfterMb = rssMb(server.pid!);
rssSeries.push(memoryAfterMb);
const peakMemoryMb = peakMb(server.pid!);
const sample = await fetch(`${origin}${watchesPath}`, {
  headers: { authorization: `Bearer ${tokens[0]}` },
});
const watchesBytes = (await sample.arrayBuffer()).byteLength;

// With --checks: how many of the due pages the check worker read during the run.
const pagesRead = store
  ? ((await (await fetch(`${storeOrigin}/__stats`)).json()) as { hits: number }).hits
  : undefined;
store?.child.kill("SIGTERM");

server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });

const summary = {
  db: dbKind,
  users,
  productsPerUser,
  targetRate: rate,
  durationS: duration,
  pacing: values.pacing === "autocannon" ? "autocannon" : "even",
  achievedRate: Math.round((result.requests / result.durationS) * 10) / 10,
  requests: result.requests,
  latencyMs: result.latencyMs,
  errors: result.errors,
  non2xx: result.non2xx,
  serverStartMs: startMs,
  memoryMb: { before: memoryBeforeMb, after: memoryAfterMb, peak: peakMemoryMb },
  rssEvery30sMb: rssSeries,
  watchesResponseBytes: watchesBytes,
  ...(pagesRead === undefined ? {} : { checks: { due: users * productsPerUser, read: pagesRead } }),
};
console.error(
  [
    `${summary.requests} requests in ${duration} s at a target of ${rate}/s on ${dbKind} (${users} people × ${productsPerUser} products): achieved ${summary.achievedRate}/s`,
    `latency p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms; errors ${summary.errors} (non-2xx ${result.non2xx}, timeouts ${result.timeouts})`,
    `server memory (RSS) ${memoryBeforeMb} MB before, ${memoryAfterMb} MB after, peak ${peakMemoryMb} MB; started in ${startMs} ms; ${watchesPath} is ${watchesBytes} bytes`,
    ...(pagesRead === undefined
      ? []
      : [`checks: ${pagesRead} of ${users * productsPerUser} due store pages read during the run`]),
  ].join("\n"),
);
console.log(JSON.stringify(summary));
process.exit(0);
