import ipaddr from "ipaddr.js";
import { buildConnector, Pool } from "undici";
import { parseAddress } from "./address-policy.ts";

/** An address the policy checked, that a connection may be made to. */
export type PinnedTarget = { address: string; family: 4 | 6 };

/** The address a socket really dials, given the one the policy checked. Tests only. */
export type DialOverride = (checked: PinnedTarget) => PinnedTarget;

export type PinnedConnectionsOptions = {
  connectTimeoutMs: number;
  /** Headers and body timeouts of each request. */
  timeoutMs: number;
  tlsCa: string | undefined;
  unsafeDialOverride: DialOverride | undefined;
  /** Connections kept per (origin, checked addresses). Default 8. */
  connectionsPerKey?: number;
  /** Pools kept at most; the least recently used is closed beyond it. Default 256. */
  maxKeys?: number;
  /** A pool unused for this long is closed. Default 30 s. */
  idleMs?: number;
  /** An idle socket is closed after this (or the server's Keep-Alive hint). Default 4 s. */
  keepAliveMs?: number;
};

/**
 * Keep-alive connections that stay pinned (docs/decisions/0022-keep-alive-pinned.md).
 * A pool is kept per origin AND per set of checked addresses, and its connector can only dial
 * those addresses: a reused socket was opened to an address this very request's DNS answer
 * was checked for. When a name starts resolving elsewhere (DNS rebinding, a move) the key
 * changes, so the request gets a new pool and a new connection to the newly checked address.
 */
export type PinnedConnections = {
  /** The pool for this origin, pinned to `targets` (all checked; at most 8 are used). */
  poolFor(url: URL, targets: readonly PinnedTarget[]): Pool;
  /** Pools open now (tests, metrics). */
  size(): number;
  close(): Promise<void>;
};

export function createPinnedConnections(options: PinnedConnectionsOptions): PinnedConnections {
  const maxKeys = options.maxKeys ?? 256;
  const idleMs = options.idleMs ?? 30_000;
  const pools = new Map<string, { pool: Pool; usedAt: number }>();
  let isClosed = false;

  const retire = (key: string) => {
    const entry = pools.get(key);
    if (!entry) return;
    pools.delete(key);
    // Waits for requests still running on it; new requests get a new pool.
    entry.pool.close().catch(() => {});
  };
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const [key, entry] of pools) if (now - entry.usedAt > idleMs) retire(key);
    },
    Math.max(1_000, Math.min(idleMs, 30_000)),
  );
  sweep.unref();

  return {
    poolFor(url, targets) {
      if (isClosed) throw new Error("the fetcher was closed");
      const dials = targets.slice(0, 8);
      const key = `${url.origin} ${dials.map((t) => `${t.address}/${t.family}`).join(",")}`;
      const found = pools.get(key);
      if (found) {
        // Map order is use order: re-insert so the first entry is the least recently used.
        pools.delete(key);
        found.usedAt = performance.now();
        pools.set(key, found);
        return found.pool;
      }
      const pool = new Pool(url.origin, {
        connect: pinnedConnector(dials, options),
        connections: options.connectionsPerKey ?? 8,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        keepAliveTimeout: options.keepAliveMs ?? 4_000,
        keepAliveMaxTimeout: 30_000,
        pipelining: 1,
      });
      pools.set(key, { pool, usedAt: performance.now() });
      for (const oldest of pools.keys()) {
        if (pools.size <= maxKeys) break;
        retire(oldest);
      }
      return pool;
    },
    size: () => pools.size,
    async close() {
      isClosed = true;
      clearInterval(sweep);
      const all = [...pools.values()].map((e) => e.pool);
      pools.clear();
      await Promise.all(all.map((pool) => pool.destroy().catch(() => {})));
    },
  };
}

/**
 * undici's own connector, with a `lookup` that can only answer the checked addresses (so
 * `net.connect`/`tls.connect` keep the hostname for SNI, certificates and Host, with no
 * second DNS query), and a check of the socket's remote address after connecting.
 */
function pinnedConnector(
  targets: readonly PinnedTarget[],
  options: PinnedConnectionsOptions,
): buildConnector.connector {
  const override = options.unsafeDialOverride;
  const dials = targets.map((target) => (override ? override(target) : target));
  const first = dials[0] as PinnedTarget;
  const base = buildConnector({
    timeout: options.connectTimeoutMs,
    maxCachedSessions: 0,
    allowH2: false,
    ...(options.tlsCa ? { ca: options.tlsCa } : {}),
    // The one and only "lookup": it can only answer with addresses the policy checked. With
    // several, Node's happy-eyeballs connect tries them in turn.
    lookup: (
      _hostname: string,
      lookupOptions: { all?: boolean },
      callback: (...args: unknown[]) => void,
    ) => {
      if (lookupOptions?.all)
        callback(
          null,
          dials.map((d) => ({ address: d.address, family: d.family })),
        );
      else callback(null, first.address, first.family);
    },
  } as buildConnector.BuildOptions);
  const expected = new Set(dials.map((d) => parseAddress(d.address)?.toString()));
  return (connectOptions, callback) => {
    base(connectOptions, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error("connect failed"), null);
        return;
      }
      const remote = socket.remoteAddress ? parseAddress(socket.remoteAddress) : undefined;
      const remoteText =
        remote instanceof ipaddr.IPv6 && remote.isIPv4MappedAddress()
          ? remote.toIPv4Address().toString()
          : remote?.toString();
      if (!expected.has(remoteText)) {
        socket.destroy();
        callback(
          Object.assign(new Error(`connected to ${remoteText}, not a checked address`), {
            code: "PIN_MISMATCH",
          }),
          null,
        );
        return;
      }
      callback(null, socket);
    });
  };
}
