/**
 * What the once-a-second reap (core/worker-presence.ts) costs on a big catalogue:
 *   npm run bench:crash:reap -- [--products 200000]
 * A scratch PostgreSQL database with N products: the reap's time with nobody dead (what every
 * process pays each second), then with one dead process holding two claims.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local default.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { reapDeadWorkers } from "../../core/worker-presence.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";

const { values } = parseArgs({ options: { products: { type: "string", default: "200000" } } });
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = await createScratchDatabase(serverUrl, "dropwave_reap");
const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 2 });
await migrateDatabase(database);
await database.sql.query(
  `insert into product (url_key, url, host, store, next_check_at, check_interval_minutes)
   select 'x.example/' || g, 'https://x.example/' || g, 'x.example', 'x', now(), 360
     from generate_series(1, $1::int) g`,
  [Number(values.products)],
);
await database.sql.query("analyze");
const reap = async () => {
  const t = performance.now();
  const reaped = await reapDeadWorkers(database.sql, { now: new Date(), deliveryGraceMs: 2_000 });
  return { ms: performance.now() - t, reaped };
};
const idle: number[] = [];
for (let i = 0; i < 20; i += 1) idle.push((await reap()).ms);
idle.sort((a, b) => a - b);
await database.sql.query(
  "insert into worker_process (name, backend_pid) values ('gone:1:x', 1)", // no lock: dead
);
await database.sql.query(
  "update product set lease_owner = 'gone:1:x' where url_key in ('x.example/5', 'x.example/6')",
);
const dead = await reap();
console.log(
  JSON.stringify({
    products: Number(values.products),
    nobodyDeadMedianMs: Number(idle[10]!.toFixed(1)),
    nobodyDeadMaxMs: Number(idle[19]!.toFixed(1)),
    oneDeadMs: Number(dead.ms.toFixed(1)),
    freedProducts: dead.reaped.products,
    loadAverage: loadavg().map((x) => x.toFixed(2)),
  }),
);
await database.close();
await scratch.drop();
