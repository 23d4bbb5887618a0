/**
 * Scheduler scale on PostgreSQL: 1 000 000 watches (500 000 products × 2 people), next checks
 * spread over 6 h. Measures claim latency (batch 100) from several concurrent connections and
 * checks that no product is claimed twice while its claim (lease) holds.
 *   node bench/checks/scheduler.ts [--products 500000] [--claims 400] [--connections 4]
 * Database: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 */
import { parseArgs } from "node:util";
import { claimDueProducts } from "../../core/checks/claim-due-products.ts";
import { openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "500000" },
    claims: { type: "string", default: "400" },
    connections: { type: "string", default: "4" },
    /** Every other claim waits for its WAL flush, as before 2026-11-23: both, one run. */
    "compare-durable": { type: "boolean", default: false },
  },
});
const products = Number(values.products);
const claims = Number(values.claims);
const connections = Number(values.connections);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

const scratch = await createScratchDatabase(serverUrl, "dropwave_sched");
const database = await openDatabase({
  kind: "postgres",
  url: scratch.url,
  maxConnections: connections,
});
try {
  await migrateDatabase(database);
  const t = performance.now();
  const t0 = Date.now();
  await database.sql.query(
    `insert into "user" (id, name, email) values ('a', 'A', 'a@example.test'), ('b', 'B', 'b@example.test')`,
  );
  await database.sql.query(
    `insert into product (url_key, url, host, store, next_check_at, check_interval_minutes)
     select 'https://s' || (g % 1000) || '.test/p/' || g, 'https://s' || (g % 1000) || '.test/p/' || g,
            's' || (g % 1000) || '.test', 's', to_timestamp($2::float8 / 1000) + random() * interval '6 hours', 360
       from generate_series(1, $1::int) g`,
    [products, t0],
  );
  await database.sql.query(
    `insert into watch (user_id, product_id, interval_minutes)
     select u.id, p.id, 360 from product p cross join (values ('a'), ('b')) u(id)`,
  );
  await database.sql.query("analyze");
  const [{ watches } = { watches: 0 }] = (
    await database.sql.query<{ watches: number }>("select count(*)::int as watches from watch")
  ).rows;
  const seedSeconds = (performance.now() - t) / 1000;

  /** Claims `claims` batches of 100 from `connections` connections at simulated time `now`. */
  // The claim as it was before it stopped waiting for its WAL flush (for --compare-durable).
  const durableSql = {
    query: (text: string, params?: unknown[]) =>
      database.sql.query(
        text.replace("and (select set_config('synchronous_commit', 'off', true)) = 'off'", ""),
        params,
      ),
  } as typeof database.sql;
  const isDurableCall = (call: number) => values["compare-durable"] === true && call % 2 === 1;

  async function measure(nowFor: (call: number) => Date) {
    const latencies: number[] = [];
    const durableLatencies: number[] = [];
    const seen = new Map<string, number>();
    let duplicates = 0;
    let claimed = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        while (next < claims) {
          const call = next;
          next += 1;
          const start = performance.now();
          const rows = await claimDueProducts(isDurableCall(call) ? durableSql : database.sql, {
            workerId: `w${c}`,
            batchSize: 100,
            leaseMs: 10 * 60_000,
            now: nowFor(call),
          });
          (isDurableCall(call) ? durableLatencies : latencies).push(performance.now() - start);
          claimed += rows.length;
          for (const row of rows) {
            if (seen.has(row.id)) duplicates += 1;
            seen.set(row.id, c);
          }
          // The checks finish (not timed): next check one interval later, lease released.
          await database.sql.query(
            `update product set next_check_at = $2::timestamptz + interval '6 hours',
                    lease_until = null, lease_owner = null where id = any($1::uuid[])`,
            [rows.map((r) => r.id), nowFor(call).toISOString()],
          );
        }
      }),
    );
    const q = (list: number[], p: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return (
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100
      );
    };
    return {
      claimCalls: latencies.length + durableLatencies.length,
      claimed,
      duplicates,
      p50Ms: q(latencies, 0.5),
      p99Ms: q(latencies, 0.99),
      ...(durableLatencies.length > 0
        ? { durableP50Ms: q(durableLatencies, 0.5), durableP99Ms: q(durableLatencies, 0.99) }
        : {}),
    };
  }

  // Steady state: the clock moves 3 s per claim, so each claim finds what fell due since.
  const steady = await measure((call) => new Date(t0 + 60_000 + call * 3_000));
  // Backlog: 6 h in, every product is due (after downtime, or far behind).
  const backlog = await measure(() => new Date(t0 + 6 * 3_600_000 + 1));
  const result = {
    products,
    watches,
    connections,
    seedSeconds: Math.round(seedSeconds),
    steady,
    backlog,
  };
  console.log(JSON.stringify(result));
} finally {
  await database.close();
  await scratch.drop();
}
