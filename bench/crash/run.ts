/**
 * What a crashed worker costs (issue #40): two real worker processes (`--role=worker`, the
 * server's own entry) on one PostgreSQL database check a local store that answers slowly and
 * send every drop to a slow webhook receiver; one of them (or both) is killed with SIGKILL at a
 * chosen point, and the run waits until every product is checked and every alert delivered.
 *
 *   npm run bench:crash -- [--products 300] [--watchers 2] [--store-delay-ms 200]
 *     [--hook-delay-ms 300] [--kill-at 0.3] [--kill one|both] [--host-concurrency 4]
 *     [--timeout-s 600]
 *
 * --kill-at: the share of products checked when the kill comes. --kill both: both workers die
 * and two fresh ones start at once (a host restart).
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (a uniquely named database is created and dropped). Prints what the dead worker held, events,
 * raw and distinct deliveries, repeats, missed, and the times from the kill; then one JSON line.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";
import { productPage } from "../../tests/helpers/store-server.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "300" },
    watchers: { type: "string", default: "2" },
    "store-delay-ms": { type: "string", default: "200" },
    "hook-delay-ms": { type: "string", default: "300" },
    "kill-at": { type: "string", default: "0.3" },
    kill: { type: "string", default: "one" },
    "host-concurrency": { type: "string", default: "4" },
    "timeout-s": { type: "string", default: "600" },
  },
});
const products = Number(values.products);
const watchers = Number(values.watchers);
const storeDelayMs = Number(values["store-delay-ms"]);
const hookDelayMs = Number(values["hook-delay-ms"]);
const killAt = Number(values["kill-at"]);
const killBoth = values.kill === "both";
const timeoutMs = Number(values["timeout-s"]) * 1000;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const repoRoot = path.resolve(import.meta.dirname, "../..");

/* The store: every page shows 9.00 (the watches remember 10.00), after a delay. ------------- */

const storeHits = new Map<string, number>();
const page = productPage({ title: "Crash bench product", price: "9.00" });
const store = createServer((req: IncomingMessage, res: ServerResponse) => {
  const p = new URL(req.url ?? "/", "http://store.test").pathname;
  storeHits.set(p, (storeHits.get(p) ?? 0) + 1);
  setTimeout(() => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  }, storeDelayMs);
});
await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
const storeOrigin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;

/* The webhook receiver (another loopback address: its own host slots), slow to answer. ------ */

type Post = { key: string; at: number };
const posts: Post[] = [];
const receiver = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  for await (const _ of req) {
    // drain the body
  }
  posts.push({ key: String(req.headers["dropwave-idempotency-key"] ?? ""), at: Date.now() });
  setTimeout(() => {
    res.writeHead(200);
    res.end("ok");
  }, hookDelayMs);
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", resolve));
const hookOrigin = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}`;

/* The database: N products, W people watching every one, each with a webhook channel. ------ */

const scratch = await createScratchDatabase(serverUrl, "dropwave_crash");
const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 3 });
await migrateDatabase(database);
const q = async <T>(text: string, params: unknown[] = []) =>
  (await database.sql.query<T & Record<string, unknown>>(text, params)).rows;

await q(
  `insert into "user" (id, name, email)
   select 'u' || g, 'Watcher ' || g, 'u' || g || '@example.test' from generate_series(1, $1::int) g`,
  [watchers],
);
await q(
  `insert into notification_settings (user_id, is_account_email_enabled) select id, false from "user"`,
);
await q(
  `insert into notification_channel (user_id, kind, name, config)
   select id, 'webhook', 'Receiver', jsonb_build_object(
       'type', 'webhook', 'url', $1 || '/hook/' || id, 'secret', 'whsec_0123456789abcdef')
     from "user"`,
  [hookOrigin],
);
await q(
  `insert into product (url_key, url, host, store, next_check_at, check_interval_minutes)
   select $1 || '/p/' || g, $1 || '/p/' || g, '127.0.0.1', 'bench', now() + interval '1 day', 360
     from generate_series(0, $2::int - 1) g`,
  [storeOrigin, products],
);
await q(
  `insert into watch (user_id, product_id, interval_minutes, alert_state)
   select u.id, p.id, 360, jsonb_build_object(
       'lastPrice', jsonb_build_object('amountMinor', 1000, 'currency', 'USD'),
       'baselinePrice', jsonb_build_object('amountMinor', 1000, 'currency', 'USD'),
       'lastAvailability', 'in_stock', 'isRuleMet', false)
     from product p cross join "user" u`,
);

/* The workers: the server's real entry, --role=worker. ------------------------------------ */

const dataDir = mkdtempSync(path.join(tmpdir(), "dropwave-crash-"));
type Worker = { child: ChildProcess; name: string; exited: Promise<void>; errors: string[] };
const workers: Worker[] = [];
process.on("exit", () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
});

function startWorker(name: string): Promise<Worker> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, "tests/helpers/server-child.ts"), "--role=worker"],
    {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PUBLIC_URL: "http://dropwave.test",
        FETCH_ALLOW_PRIVATE: "127.0.0.0/8",
        FETCH_HOST_CONCURRENCY: values["host-concurrency"],
        FETCH_HOST_SPACING_MS: "0",
        // One receiver takes every alert of the run: its cap (decisions 0066, 0074) out of the way.
        RECEIVER_MAX_PER_MINUTE: "100000",
        RECEIVER_MAX_PER_HOUR: "1000000",
      },
    },
  );
  const worker: Worker = {
    child,
    name,
    exited: new Promise((resolve) => child.once("exit", () => resolve())),
    errors: [],
  };
  workers.push(worker);
  return new Promise((resolve, reject) => {
    let out = "";
    const onLine = (line: string) => {
      if (line.startsWith("started ")) resolve(worker);
      else if (line.trim() !== "") worker.errors.push(line);
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        rest += chunk.toString();
        const lines = rest.split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) onLine(line);
        out += chunk.toString();
      });
    }
    child.once("exit", (code) =>
      reject(new Error(`${name} exited (${code}) before starting:\n${out}`)),
    );
  });
}

const ownerOf = (w: Worker) => `%:${w.child.pid}:%`;
const checkedCount = async (since: Date) =>
  Number(
    (
      await q<{ n: number }>(
        "select count(*)::int as n from product where last_checked_at >= $1::timestamptz",
        [since.toISOString()],
      )
    )[0]?.n,
  );
const deliveredCount = async () =>
  Number(
    (
      await q<{ n: number }>("select count(*)::int as n from delivery where status = 'delivered'")
    )[0]?.n,
  );

/** Polls `condition` every 50 ms until it holds; false after `ms`. */
async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const loadBefore = loadavg();
const [a, b] = await Promise.all([startWorker("worker A"), startWorker("worker B")]);
const runStart = new Date();
await q("update product set next_check_at = now()");
const t0 = performance.now();

// The chosen point: this share of the products checked.
await until(async () => (await checkedCount(runStart)) >= Math.ceil(products * killAt), timeoutMs);
const victims = killBoth ? [a!, b!] : [a!];
const held = {
  productClaims: 0,
  deliveryClaims: 0,
  hostSlots: 0,
};
for (const v of victims) {
  held.productClaims += Number(
    (
      await q<{ n: number }>("select count(*)::int as n from product where lease_owner like $1", [
        ownerOf(v),
      ])
    )[0]?.n,
  );
  held.deliveryClaims += Number(
    (
      await q<{ n: number }>(
        "select count(*)::int as n from delivery where status = 'pending' and lease_owner like $1",
        [ownerOf(v)],
      )
    )[0]?.n,
  );
}
// Slots unexpired at the kill (on the database clock); the live worker's are counted too.
held.hostSlots = Number(
  (
    await q<{ n: number }>(
      `select count(*)::int as n from fetch_host_gate g, jsonb_each(g.leases) e(k, v)
        where (e.v #>> '{}')::bigint > (extract(epoch from clock_timestamp()) * 1000)::bigint`,
    )
  )[0]?.n,
);
const checkedAtKill = await checkedCount(runStart);
const deliveredAtKill = await deliveredCount();
for (const v of victims) v.child.kill("SIGKILL");
const killedAt = performance.now();
await Promise.all(victims.map((v) => v.exited));
if (killBoth) await Promise.all([startWorker("worker C"), startWorker("worker D")]);
// With both killed: how long the fresh workers took to start (part of the recovery time).
const restartedMs = killBoth ? performance.now() - killedAt : null;

const isAllChecked = await until(
  async () => (await checkedCount(runStart)) >= products,
  timeoutMs - (performance.now() - t0),
);
const allCheckedMs = performance.now() - killedAt;
const expected = products * watchers;
const isAllDelivered = await until(
  async () => (await deliveredCount()) >= expected,
  timeoutMs - (performance.now() - t0),
);
const allDeliveredMs = performance.now() - killedAt;

/* Figures. ------------------------------------------------------------------------------ */

const events = await q<{ watch_id: string; n: number }>(
  "select watch_id, count(*)::int as n from alert_event group by watch_id",
);
const eventCount = events.reduce((s, e) => s + Number(e.n), 0);
const watchesWithMoreThanOne = events.filter((e) => Number(e.n) > 1).length;
const watchesWithout = expected - events.length;
const notChecked = products - (await checkedCount(runStart));
const [deliveries] = await q<{ delivered: number; pending: number; failed: number }>(
  `select count(*) filter (where status = 'delivered')::int as delivered,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status not in ('delivered', 'pending'))::int as failed
     from delivery`,
);
const distinctKeys = new Set(posts.map((p) => p.key)).size;
const fetchedTwice = [...storeHits.values()].filter((n) => n > 1).length;
const storeFetches = [...storeHits.values()].reduce((s, n) => s + n, 0);
const loadAfter = loadavg();
const errors = workers.flatMap((w) =>
  w.errors.filter((line) => /"level":(50|60)/.test(line) || !line.startsWith("{")),
);

const result = {
  products,
  watches: expected,
  storeDelayMs,
  hookDelayMs,
  kill: killBoth ? "both" : "one",
  killAfterMs: Math.round(killedAt - t0),
  checkedAtKill,
  deliveredAtKill,
  heldAtKill: held,
  events: eventCount,
  watchesWithMoreThanOneEvent: watchesWithMoreThanOne,
  watchesWithoutEvent: watchesWithout,
  rawDeliveries: posts.length,
  distinctDeliveries: distinctKeys,
  repeats: posts.length - distinctKeys,
  deliveryRows: deliveries,
  missedProducts: notChecked,
  missedDeliveries: expected - Number(deliveries?.delivered ?? 0),
  storeFetches,
  productsFetchedTwice: fetchedTwice,
  killToRestartedS: restartedMs === null ? null : Math.round(restartedMs / 100) / 10,
  killToAllCheckedS: isAllChecked ? Math.round(allCheckedMs / 100) / 10 : null,
  killToAllDeliveredS: isAllDelivered ? Math.round(allDeliveredMs / 100) / 10 : null,
  workerErrorLines: errors.length,
  loadAverage: {
    before: loadBefore.map((x) => x.toFixed(2)),
    after: loadAfter.map((x) => x.toFixed(2)),
  },
};

console.log(`killed ${victims.map((v) => v.name).join(" and ")} (SIGKILL) ${result.killAfterMs} ms in, \
${checkedAtKill}/${products} products checked, ${deliveredAtKill}/${expected} delivered`);
console.log(
  `held at the kill: ${held.productClaims} product claims, ${held.deliveryClaims} delivery claims; ` +
    `${held.hostSlots} host slots taken (all workers)`,
);
console.log(
  `events ${eventCount}/${expected} (watches with more than one: ${watchesWithMoreThanOne}, without: ${watchesWithout})`,
);
console.log(
  `deliveries: raw ${posts.length}, distinct ${distinctKeys}, repeats ${posts.length - distinctKeys}, ` +
    `missed ${result.missedDeliveries}; store fetches ${storeFetches} (${fetchedTwice} products twice)`,
);
console.log(
  `missed products ${notChecked}; kill → every product checked ${result.killToAllCheckedS ?? "never"} s, ` +
    `→ every alert delivered ${result.killToAllDeliveredS ?? "never"} s` +
    (restartedMs === null
      ? ""
      : ` (the fresh workers were up ${result.killToRestartedS} s after the kill)`),
);
console.log(`worker log lines at error level: ${errors.length}`);
for (const line of errors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
console.log(
  `load average before ${result.loadAverage.before.join(" ")}, after ${result.loadAverage.after.join(" ")}`,
);
console.log(JSON.stringify(result));

for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGTERM");
await Promise.all(workers.map((w) => w.exited));
await database.close();
await scratch.drop();
store.close();
receiver.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(isAllChecked && isAllDelivered ? 0 : 1);
