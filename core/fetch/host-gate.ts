/**
 * Politeness per host: at most `concurrency` requests in flight, request starts at least
 * `spacingMs` apart, and none before a "not before" time set after a 403/429/503 (Retry-After).
 * Two implementations: in memory (one process) and SQL (shared by every process using the same
 * PostgreSQL or PGlite database).
 */

export type GateTicket =
  | {
      kind: "acquired";
      waitedMs: number;
      /** When the slot was taken, epoch ms on the gate's clock (the database's for SQL). */
      startedAtMs: number;
      release: () => Promise<void>;
    }
  /** The host is held back longer than the caller is willing to wait. */
  | { kind: "backoff"; retryAfterMs: number };

export interface HostGate {
  /** Wait for a slot for `host`. Rejects only when `signal` aborts. */
  acquire(host: string, options?: { signal?: AbortSignal }): Promise<GateTicket>;
  /** Hold the host back for `forMs` from now (keeps a later existing "not before"). */
  backOff(host: string, forMs: number): Promise<void>;
}

export type HostGateOptions = {
  concurrency: number;
  spacingMs: number;
  /** When the host is held back longer than this, `acquire` answers `backoff` at once. */
  maxBackoffWaitMs?: number;
};

const DEFAULT_MAX_BACKOFF_WAIT_MS = 30_000;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("Aborted", "AbortError");
}

/** Resolves after `ms`, or rejects when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Waiter = {
  resolve: (startedAtMs: number) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
};
type HostState = {
  active: number;
  lastStartMs: number;
  notBeforeMs: number;
  queue: Waiter[];
  timer: ReturnType<typeof setTimeout> | undefined;
};

export function createMemoryHostGate(options: HostGateOptions): HostGate {
  const concurrency = Math.max(1, options.concurrency);
  const maxBackoffWaitMs = options.maxBackoffWaitMs ?? DEFAULT_MAX_BACKOFF_WAIT_MS;
  const hosts = new Map<string, HostState>();

  const stateOf = (host: string): HostState => {
    let state = hosts.get(host);
    if (!state) {
      state = { active: 0, lastStartMs: -Infinity, notBeforeMs: 0, queue: [], timer: undefined };
      hosts.set(host, state);
    }
    return state;
  };

  const pump = (host: string, state: HostState) => {
    if (state.timer) return;
    while (state.queue.length > 0 && state.active < concurrency) {
      const now = Date.now();
      const next = Math.max(state.lastStartMs + options.spacingMs, state.notBeforeMs);
      if (now < next) {
        state.timer = setTimeout(() => {
          state.timer = undefined;
          pump(host, state);
        }, next - now);
        return;
      }
      const waiter = state.queue.shift() as Waiter;
      state.active += 1;
      state.lastStartMs = now;
      waiter.resolve(now);
    }
    if (state.queue.length === 0 && state.active === 0 && state.notBeforeMs <= Date.now()) {
      // Forget idle hosts once their spacing has passed, so the map does not grow forever.
      const idleFor = Date.now() - state.lastStartMs;
      if (idleFor >= options.spacingMs) hosts.delete(host);
    }
  };

  return {
    async acquire(host, { signal } = {}) {
      const state = stateOf(host);
      const startedAt = Date.now();
      const heldFor = state.notBeforeMs - startedAt;
      if (heldFor > maxBackoffWaitMs) return { kind: "backoff", retryAfterMs: heldFor };
      if (signal?.aborted) throw abortError(signal);
      const startedAtMs = await new Promise<number>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, signal };
        const onAbort = () => {
          const index = state.queue.indexOf(waiter);
          if (index !== -1) state.queue.splice(index, 1);
          reject(abortError(signal as AbortSignal));
        };
        waiter.resolve = (at) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(at);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        state.queue.push(waiter);
        pump(host, state);
      });
      let isReleased = false;
      return {
        kind: "acquired",
        waitedMs: Date.now() - startedAt,
        startedAtMs,
        release: async () => {
          if (isReleased) return;
          isReleased = true;
          state.active -= 1;
          if (!hosts.has(host)) hosts.set(host, state);
          pump(host, state);
        },
      };
    },
    async backOff(host, forMs) {
      const state = stateOf(host);
      state.notBeforeMs = Math.max(state.notBeforeMs, Date.now() + forMs);
    },
  };
}

/** Anything with `query(sql, params)`: `pg.Pool`, `pg.Client`, PGlite. */
export type SqlExecutor = {
  // biome-ignore lint/suspicious/noExplicitAny: rows come back untyped from any driver
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
};

/**
 * The shared gate's table; the Drizzle definition is `fetchHostGate` in core/db/schema/fetch.ts.
 * `leases` maps a lease id to its expiry (epoch ms), so a crashed worker's slot frees itself; a
 * lease id starts with its process's name when it has one, so that a dead process's slots are
 * dropped as soon as its death is seen (core/worker-presence.ts).
 */
export const HOST_GATE_DDL = `CREATE TABLE IF NOT EXISTS fetch_host_gate (
  host text PRIMARY KEY,
  last_start_ms bigint NOT NULL DEFAULT 0,
  not_before_ms bigint NOT NULL DEFAULT 0,
  leases jsonb NOT NULL DEFAULT '{}'::jsonb
)`;

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/**
 * One atomic statement: take a slot when spacing, backoff and concurrency allow. INSERT … ON
 * CONFLICT DO UPDATE locks the host's row, and its WHERE sees the latest committed version, so
 * two workers can never both pass. The database's clock is the only clock.
 */
const ACQUIRE_SQL = `WITH now AS (SELECT ${NOW_MS} AS ms)
INSERT INTO fetch_host_gate AS g (host, last_start_ms, not_before_ms, leases)
SELECT $1, now.ms, 0, jsonb_build_object($2::text, now.ms + $5::bigint) FROM now
ON CONFLICT (host) DO UPDATE SET
  last_start_ms = (SELECT ms FROM now),
  leases = (
    SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb)
    FROM jsonb_each(g.leases) AS e(k, v)
    WHERE (v #>> '{}')::bigint > (SELECT ms FROM now)
  ) || jsonb_build_object($2::text, (SELECT ms FROM now) + $5::bigint)
WHERE g.last_start_ms + $3::bigint <= (SELECT ms FROM now)
  AND g.not_before_ms <= (SELECT ms FROM now)
  AND (
    SELECT count(*) FROM jsonb_each(g.leases) AS e(k, v)
    WHERE (v #>> '{}')::bigint > (SELECT ms FROM now)
  ) < $4::bigint
RETURNING last_start_ms`;

/** How long until the host could be free, as far as the row tells. */
const STATUS_SQL = `SELECT
  ${NOW_MS} AS now_ms,
  g.last_start_ms + $2::bigint AS next_start_ms,
  g.not_before_ms,
  (SELECT count(*) FROM jsonb_each(g.leases) AS e(k, v)
    WHERE (v #>> '{}')::bigint > ${NOW_MS}) AS active
FROM fetch_host_gate AS g WHERE g.host = $1`;

const RELEASE_SQL = "UPDATE fetch_host_gate SET leases = leases - $2::text WHERE host = $1";

const BACKOFF_SQL = `INSERT INTO fetch_host_gate AS g (host, not_before_ms)
VALUES ($1, ${NOW_MS} + $2::bigint)
ON CONFLICT (host) DO UPDATE SET not_before_ms = greatest(g.not_before_ms, EXCLUDED.not_before_ms)`;

export type SqlHostGateOptions = HostGateOptions & {
  /** A slot not released within this time frees itself (crashed worker). Default 120 s. */
  leaseMs?: number;
  /** Longest pause between polls while a host is busy. Default 250 ms. */
  maxPollMs?: number;
  /**
   * The process's name (core/worker-presence.ts): slot keys start with it and a space, so when
   * the process dies the others drop its slots at once instead of after `leaseMs`.
   */
  owner?: string;
};

export function createSqlHostGate(db: SqlExecutor, options: SqlHostGateOptions): HostGate {
  const concurrency = Math.max(1, options.concurrency);
  const leaseMs = options.leaseMs ?? 120_000;
  const maxPollMs = options.maxPollMs ?? 250;
  const maxBackoffWaitMs = options.maxBackoffWaitMs ?? DEFAULT_MAX_BACKOFF_WAIT_MS;
  // Within one process, one waiter per host polls at a time (the rest queue here): far fewer
  // queries, and a slow database answer cannot release a crowd of waiters at once.
  const turns = new Map<string, Promise<void>>();

  return {
    async acquire(host, { signal } = {}) {
      const startedAt = Date.now();
      const previous = turns.get(host) ?? Promise.resolve();
      let leave: () => void = () => {};
      const mine = new Promise<void>((resolve) => {
        leave = resolve;
      });
      const chain = previous.then(() => mine);
      turns.set(host, chain);
      try {
        await untilSettled(previous, signal);
        return await poll(host, startedAt, signal);
      } finally {
        leave();
        if (turns.get(host) === chain) turns.delete(host);
      }
    },
    async backOff(host, forMs) {
      await db.query(BACKOFF_SQL, [host, Math.max(0, Math.round(forMs))]);
    },
  };

  async function poll(host: string, startedAt: number, signal?: AbortSignal): Promise<GateTicket> {
    const leaseId = options.owner ? `${options.owner} ${crypto.randomUUID()}` : crypto.randomUUID();
    for (;;) {
      if (signal?.aborted) throw abortError(signal);
      const taken = await db.query(ACQUIRE_SQL, [
        host,
        leaseId,
        options.spacingMs,
        concurrency,
        leaseMs,
      ]);
      if (taken.rows.length > 0) {
        let isReleased = false;
        return {
          kind: "acquired",
          waitedMs: Date.now() - startedAt,
          startedAtMs: Number(taken.rows[0].last_start_ms),
          release: async () => {
            if (isReleased) return;
            isReleased = true;
            await db.query(RELEASE_SQL, [host, leaseId]);
          },
        };
      }
      const status = (await db.query(STATUS_SQL, [host, options.spacingMs])).rows[0];
      if (!status) continue;
      const nowMs = Number(status.now_ms);
      const heldFor = Number(status.not_before_ms) - nowMs;
      if (heldFor > maxBackoffWaitMs) return { kind: "backoff", retryAfterMs: heldFor };
      const untilFree = Math.max(Number(status.next_start_ms) - nowMs, heldFor, 0);
      const isBusy = Number(status.active) >= concurrency;
      // Busy: poll (we cannot be told when another process releases). Spaced: sleep until then.
      const pause = isBusy ? Math.min(maxPollMs, Math.max(untilFree, 10)) : untilFree;
      await sleep(Math.max(1, pause) + Math.floor(Math.random() * 3), signal);
    }
  }
}

/** Resolves when `promise` settles, or rejects when the signal aborts first. */
function untilSettled(promise: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise.then(() => undefined);
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
