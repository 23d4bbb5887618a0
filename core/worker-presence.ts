import pg from "pg";
import type { Database, SqlExecutor } from "./db/client.ts";
import type { Logger } from "./log.ts";
import { createWakeableSleep, defaultWorkerId } from "./worker-loop.ts";

/**
 * A process's life, as PostgreSQL sees it (docs/decisions/0047-worker-presence.md).
 *
 * On PostgreSQL every process registers a `worker_process` row and takes the session advisory
 * lock (WORKER_LOCK_NAMESPACE, row id) on a connection of its own, held until the process ends.
 * When the process dies — SIGKILL, out of memory, a crash — the kernel closes its sockets,
 * PostgreSQL ends the session and the lock goes with it (about 60 ms, bench/crash/liveness.ts).
 * Every process looks once a second (`reapDeadWorkers`) for rows whose lock nobody holds and
 * frees what their name held: product claims (due at once), delivery claims (due after a short
 * grace) and host slots. A process that is slow but alive keeps its session, its lock and so
 * its claims: only the leases' own lengths apply to it, as before.
 *
 * The embedded database (PGlite) is one process: no presence there, leases work as they did.
 */

/** The first key of pg_advisory_lock(int, int) for presence locks ("DW"). */
export const WORKER_LOCK_NAMESPACE = 0x4457;

export type WorkerPresence = {
  /** The name in lease_owner columns and host-slot keys: one per process. */
  name: string;
  /**
   * Aborts when this process's session is lost (the others may free its claims): sends in
   * flight stop. After a new registration, a fresh signal.
   */
  readonly signal: AbortSignal;
  /** Whether the lock is held now. */
  readonly isRegistered: boolean;
  /** Deletes the row and ends the session (after the workers gave their claims back). */
  stop(): Promise<void>;
};

export type PresenceOptions = {
  database: Database;
  log: Logger;
  name?: string;
  /** How often this process looks for dead ones. Default 1 s. */
  reapEveryMs?: number;
  /** How often the presence connection is pinged, and how long an answer may take. */
  pingEveryMs?: number;
  pingTimeoutMs?: number;
  /** A dead process's deliveries are due again after this (see reapDeadWorkers). Default 2 s. */
  deliveryGraceMs?: number;
  /** Called after a reap that freed something (tests, logs). */
  onReap?: (reaped: ReapResult) => void;
};

export type ReapResult = { workers: string[]; products: number; deliveries: number; slots: number };

/**
 * Frees what dead processes held: rows of `worker_process` whose advisory lock no session holds
 * in this database are deleted, and when no live row carries the same name (a process that lost
 * its session and registered again keeps its name), that name's product claims become due at
 * `now`, its pending deliveries at `now + deliveryGraceMs`, and its host slots are dropped. Every
 * write of a check or a delivery is fenced on its claim, so a process wrongly taken for dead
 * writes nothing over its successor. Safe to run from every process at once.
 */
export async function reapDeadWorkers(
  sql: SqlExecutor,
  input: { now: Date; deliveryGraceMs: number },
): Promise<ReapResult> {
  const { rows } = await sql.query<{
    workers: string[] | null;
    products: number;
    deliveries: number;
    slots: number;
  }>(
    `with held as (
       select l.objid from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.classid = $1::int::oid
          and l.database = (select oid from pg_database where datname = current_database())
     ),
     registered as (
       select w.id, w.name, w.id::oid in (select objid from held) as is_alive from worker_process w
     ),
     gone as (select name from registered group by name having not bool_or(is_alive)),
     removed as (
       delete from worker_process where id in (select id from registered where not is_alive)
       returning 1
     ),
     products as (
       update product set lease_until = null, lease_owner = null, next_check_at = $2::timestamptz
        where lease_owner in (select name from gone)
       returning 1
     ),
     deliveries as (
       update delivery set lease_until = null, lease_owner = null, next_attempt_at = $3::timestamptz
        where status = 'pending' and lease_owner in (select name from gone)
       returning 1
     ),
     slots as (
       update fetch_host_gate g set leases = coalesce(
           (select jsonb_object_agg(e.k, e.v) from jsonb_each(g.leases) e(k, v)
             where split_part(e.k, ' ', 1) not in (select name from gone)),
           '{}'::jsonb)
        where exists (select 1 from jsonb_object_keys(g.leases) k
                       where split_part(k, ' ', 1) in (select name from gone))
       returning 1
     )
     select (select array_agg(name) from gone) as workers,
            (select count(*) from products)::int as products,
            (select count(*) from deliveries)::int as deliveries,
            (select count(*) from slots)::int as slots,
            (select count(*) from removed)::int as removed`,
    [
      WORKER_LOCK_NAMESPACE,
      input.now.toISOString(),
      new Date(input.now.getTime() + input.deliveryGraceMs).toISOString(),
    ],
  );
  const row = rows[0];
  return {
    workers: row?.workers ?? [],
    products: Number(row?.products ?? 0),
    deliveries: Number(row?.deliveries ?? 0),
    slots: Number(row?.slots ?? 0),
  };
}

/** Registers this process on PostgreSQL and watches the others; see the module comment. */
export async function startWorkerPresence(options: PresenceOptions): Promise<WorkerPresence> {
  if (options.database.kind !== "postgres") {
    throw new Error("worker presence is for PostgreSQL (PGlite is one process)");
  }
  const name = options.name ?? defaultWorkerId();
  const log = options.log.child({ module: "presence", workerId: name });
  const reapEveryMs = options.reapEveryMs ?? 1_000;
  const pingEveryMs = options.pingEveryMs ?? 1_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  const deliveryGraceMs = options.deliveryGraceMs ?? 2_000;
  const pool = (options.database.db as unknown as { $client: pg.Pool }).$client;
  const connectionString = (pool.options as { connectionString?: string }).connectionString;

  let client: pg.Client | undefined;
  let rowId: number | undefined;
  let controller = new AbortController();
  let isStopping = false;
  const session = createWakeableSleep();
  const reaper = createWakeableSleep();

  const lose = (which: pg.Client, reason: string) => {
    if (!client || client !== which) return;
    log.warn({ reason }, "presence session lost; sends in flight stop, registering again");
    controller.abort(new Error(`presence lost: ${reason}`));
    const lost = client;
    client = undefined;
    rowId = undefined;
    lost.end().catch(() => {});
    session.wake();
  };

  const register = async () => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on("error", (error) => lose(next, error.message));
    next.on("end", () => lose(next, "connection ended"));
    await next.connect();
    try {
      // Without a FIN (a host gone, a cable pulled) the server ends the session after ~19 s.
      await next.query(
        "set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 3; set tcp_keepalives_count = 3",
      );
      await next.query("begin");
      const { rows } = await next.query<{ id: number }>(
        "insert into worker_process (name, backend_pid) values ($1, pg_backend_pid()) returning id",
        [name],
      );
      const id = Number(rows[0]?.id);
      // Taken before the row commits: nobody sees the row without its lock held.
      await next.query("select pg_advisory_lock($1::int, $2::int)", [WORKER_LOCK_NAMESPACE, id]);
      await next.query("commit");
      rowId = id;
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => {});
      throw error;
    }
    controller = new AbortController();
    client = next;
  };

  const ping = async (current: pg.Client) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("ping timed out")), pingTimeoutMs);
    });
    try {
      await Promise.race([current.query("select 1"), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  // The session: ping it, and register again (same name) when it is lost.
  const keepSession = async () => {
    let backoffMs = 500;
    while (!isStopping) {
      if (!client) {
        try {
          await register();
          backoffMs = 500;
          log.info({ id: rowId }, "registered again");
        } catch (error) {
          log.warn({ err: error }, "presence registration failed; retrying");
          await session.sleep(backoffMs);
          backoffMs = Math.min(backoffMs * 2, 10_000);
          continue;
        }
      }
      await session.sleep(pingEveryMs);
      const current = client;
      if (isStopping || !current) continue;
      try {
        await ping(current);
      } catch (error) {
        lose(current, (error as Error).message);
      }
    }
  };

  // The others: free what dead processes held.
  const watchOthers = async () => {
    while (!isStopping) {
      try {
        const reaped = await reapDeadWorkers(options.database.sql, {
          now: new Date(),
          deliveryGraceMs,
        });
        if (reaped.workers.length > 0) {
          log.info(reaped, "freed what dead workers held");
          options.onReap?.(reaped);
        }
      } catch (error) {
        if (!isStopping) log.warn({ err: error }, "could not look for dead workers");
      }
      // A little jitter: processes started together do not look at the same instant.
      await reaper.sleep(reapEveryMs + Math.floor(Math.random() * 100));
    }
  };

  await register();
  log.debug({ id: rowId }, "registered");
  const loops = Promise.all([keepSession(), watchOthers()]);

  return {
    name,
    get signal() {
      return controller.signal;
    },
    get isRegistered() {
      return client !== undefined;
    },
    async stop() {
      if (isStopping) return;
      isStopping = true;
      session.wake();
      reaper.wake();
      await loops;
      const current = client;
      client = undefined;
      if (!current) return;
      current.removeAllListeners("end");
      try {
        await current.query("delete from worker_process where id = $1", [rowId]);
      } finally {
        await current.end().catch(() => {});
      }
    },
  };
}
