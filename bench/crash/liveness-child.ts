/**
 * A stand-in worker for bench/crash/liveness.ts: holds a session advisory lock on one
 * connection and beats a heartbeat row every second on another; prints "ready <backend pid>".
 *   node bench/crash/liveness-child.ts <databaseUrl> <lockKey>
 */
import pg from "pg";

const [url, key] = process.argv.slice(2);
const session = new pg.Client({ connectionString: url });
await session.connect();
const { rows } = await session.query<{ pid: number }>("select pg_backend_pid() as pid");
await session.query("select pg_advisory_lock(4242, $1::int)", [Number(key)]);
const beats = new pg.Client({ connectionString: url });
await beats.connect();
const beat = () =>
  beats.query(
    `insert into liveness_heartbeat (key, beat_at) values ($1, clock_timestamp())
     on conflict (key) do update set beat_at = excluded.beat_at`,
    [Number(key)],
  );
await beat();
setInterval(() => void beat(), 1_000);
process.stdout.write(`ready ${rows[0]?.pid}\n`);
