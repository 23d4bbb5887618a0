/**
 * How fast PostgreSQL tells that a process died, and what each signal says about a process that
 * is alive but stalled (decision 0047):
 *   node bench/crash/liveness.ts [--stall-s 10] [--runs 5]
 * A child holds a session advisory lock and beats a heartbeat row every second. The run
 * (1) times the two "is its session alive" queries (pg_locks, pg_stat_activity),
 * (2) stops the child with SIGSTOP for --stall-s seconds (a stalled but living worker: a long
 *     pause, a swapped-out VM) and samples what each signal says,
 * (3) kills it with SIGKILL and times until pg_locks and pg_stat_activity no longer show it.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local default (a scratch database).
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";

const { values } = parseArgs({
  options: { "stall-s": { type: "string", default: "10" }, runs: { type: "string", default: "5" } },
});
const stallMs = Number(values["stall-s"]) * 1000;
const runs = Number(values.runs);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = await createScratchDatabase(serverUrl, "dropwave_liveness");
const db = new pg.Client({ connectionString: scratch.url });
await db.connect();
await db.query(
  "create table liveness_heartbeat (key int primary key, beat_at timestamptz not null)",
);

const LOCK_SQL = `select exists (select 1 from pg_locks l where l.locktype = 'advisory'
  and l.classid = 4242 and l.objid = $1::int::oid and l.objsubid = 2 and l.granted) as alive`;
const ACTIVITY_SQL = "select exists (select 1 from pg_stat_activity where pid = $1) as alive";
const BEAT_SQL = `select extract(epoch from clock_timestamp() - beat_at) * 1000 as age_ms
  from liveness_heartbeat where key = $1`;

async function timeQuery(text: string, params: unknown[], n: number): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < n; i += 1) await db.query(text, params);
  return ((performance.now() - t) * 1000) / n;
}
const isAlive = async (text: string, param: number) =>
  (await db.query<{ alive: boolean }>(text, [param])).rows[0]?.alive === true;

const results: Array<Record<string, number | boolean>> = [];
for (let run = 0; run < runs; run += 1) {
  const key = run + 1;
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "liveness-child.ts"), scratch.url, String(key)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once("line", resolve),
  );
  const backendPid = Number(line.split(" ")[1]);
  const lockCheckUs = await timeQuery(LOCK_SQL, [key], 200);
  const activityCheckUs = await timeQuery(ACTIVITY_SQL, [backendPid], 200);

  // A stall: the process lives, its sockets stay open, it runs nothing.
  child.kill("SIGSTOP");
  const stallStart = performance.now();
  let lockHeldThroughout = true;
  let sessionSeenThroughout = true;
  let maxBeatAgeMs = 0;
  while (performance.now() - stallStart < stallMs) {
    lockHeldThroughout &&= await isAlive(LOCK_SQL, key);
    sessionSeenThroughout &&= await isAlive(ACTIVITY_SQL, backendPid);
    maxBeatAgeMs = Math.max(
      maxBeatAgeMs,
      Number((await db.query(BEAT_SQL, [key])).rows[0]?.age_ms),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGCONT");

  // A crash.
  child.kill("SIGKILL");
  const killedAt = performance.now();
  let lockGoneMs = -1;
  let sessionGoneMs = -1;
  while (lockGoneMs < 0 || sessionGoneMs < 0) {
    if (lockGoneMs < 0 && !(await isAlive(LOCK_SQL, key)))
      lockGoneMs = performance.now() - killedAt;
    if (sessionGoneMs < 0 && !(await isAlive(ACTIVITY_SQL, backendPid)))
      sessionGoneMs = performance.now() - killedAt;
  }
  await exited;
  results.push({
    lockCheckUs: Math.round(lockCheckUs),
    activityCheckUs: Math.round(activityCheckUs),
    lockHeldThroughStall: lockHeldThroughout,
    sessionSeenThroughStall: sessionSeenThroughout,
    heartbeatAgeAtStallEndMs: Math.round(maxBeatAgeMs),
    lockGoneAfterKillMs: Math.round(lockGoneMs * 10) / 10,
    sessionGoneAfterKillMs: Math.round(sessionGoneMs * 10) / 10,
  });
}
for (const r of results) console.log(JSON.stringify(r));
const median = (k: string) => {
  const xs = results.map((r) => Number(r[k])).sort((x, y) => x - y);
  return xs[Math.floor(xs.length / 2)];
};
console.log(
  JSON.stringify({
    runs,
    stallS: stallMs / 1000,
    medianLockCheckUs: median("lockCheckUs"),
    medianActivityCheckUs: median("activityCheckUs"),
    medianLockGoneAfterKillMs: median("lockGoneAfterKillMs"),
    maxLockGoneAfterKillMs: Math.max(...results.map((r) => Number(r.lockGoneAfterKillMs))),
    medianSessionGoneAfterKillMs: median("sessionGoneAfterKillMs"),
    lockHeldThroughEveryStall: results.every((r) => r.lockHeldThroughStall),
    loadAverage: loadavg().map((x) => x.toFixed(2)),
  }),
);
await db.end();
await scratch.drop();
