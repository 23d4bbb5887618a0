import { PGlite } from "@electric-sql/pglite";
import { getTableConfig } from "drizzle-orm/pg-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_SERVER_URL, scratchConnections } from "../../tests/helpers/postgres.ts";
import { fetchHostGate } from "../db/schema/fetch.ts";
import {
  createMemoryHostGate,
  createSqlHostGate,
  HOST_GATE_DDL,
  type HostGate,
  type SqlExecutor,
} from "./host-gate.ts";

/**
 * Start times come from the gate's own clock (`startedAtMs`; the database's for the SQL gate),
 * so the measurement does not include query latency.
 * Runs `count` acquisitions for one host spread round-robin over `gates` (each gate standing for
 * a worker process), each holding its slot for `holdMs`. Measures start spacing and overlap.
 */
async function measure(gates: HostGate[], count: number, holdMs: number) {
  const starts: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const gate = gates[i % gates.length] as HostGate;
      const ticket = await gate.acquire("shop.example");
      if (ticket.kind !== "acquired") throw new Error("unexpected backoff");
      starts.push(ticket.startedAtMs);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      inFlight -= 1;
      await ticket.release();
    }),
  );
  starts.sort((a, b) => a - b);
  const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
  return { minGapMs: Math.min(...gaps), maxInFlight, count: starts.length };
}

describe("memory host gate", () => {
  it("keeps starts at least the spacing apart", async () => {
    const gate = createMemoryHostGate({ concurrency: 4, spacingMs: 15 });
    const result = await measure([gate], 12, 1);
    expect(result.count).toBe(12);
    expect(result.minGapMs).toBeGreaterThanOrEqual(15);
  });

  it("never lets more than `concurrency` run at once", async () => {
    const gate = createMemoryHostGate({ concurrency: 2, spacingMs: 0 });
    const result = await measure([gate], 10, 20);
    expect(result.maxInFlight).toBe(2);
  });

  it("keeps hosts independent", async () => {
    const gate = createMemoryHostGate({ concurrency: 1, spacingMs: 10_000 });
    const a = await gate.acquire("a.example");
    const b = await gate.acquire("b.example");
    expect(a.kind).toBe("acquired");
    expect(b.kind).toBe("acquired");
  });

  it("answers backoff at once when the host is held back for long", async () => {
    const gate = createMemoryHostGate({ concurrency: 2, spacingMs: 0, maxBackoffWaitMs: 1_000 });
    await gate.backOff("shop.example", 60_000);
    const ticket = await gate.acquire("shop.example");
    expect(ticket.kind).toBe("backoff");
    if (ticket.kind === "backoff") expect(ticket.retryAfterMs).toBeGreaterThan(59_000);
  });

  it("waits out a short backoff", async () => {
    const gate = createMemoryHostGate({ concurrency: 2, spacingMs: 0 });
    const before = Date.now();
    await gate.backOff("shop.example", 40);
    const ticket = await gate.acquire("shop.example");
    expect(ticket.kind).toBe("acquired");
    // Measured from before the backoff began, so a slow machine cannot shorten it.
    if (ticket.kind === "acquired") expect(ticket.startedAtMs - before).toBeGreaterThanOrEqual(39);
  });

  it("a queued acquire rejects when its signal aborts, and frees its place", async () => {
    const gate = createMemoryHostGate({ concurrency: 1, spacingMs: 0 });
    const held = await gate.acquire("shop.example");
    const controller = new AbortController();
    const waiting = gate.acquire("shop.example", { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeDefined();
    if (held.kind === "acquired") await held.release();
    expect((await gate.acquire("shop.example")).kind).toBe("acquired");
  });
});

function sqlGateSuite(
  name: string,
  connect: () => Promise<{ executors: SqlExecutor[]; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let executors: SqlExecutor[] = [];
    let close: () => Promise<void> = async () => {};
    let isAvailable = true;
    beforeAll(async () => {
      try {
        ({ executors, close } = await connect());
      } catch (error) {
        isAvailable = false;
        console.warn(`${name}: skipped, database unreachable (${String(error)})`);
      }
    });
    afterAll(() => close());

    it("holds the spacing across two independent connections", async (context) => {
      if (!isAvailable) return context.skip();
      const gates = executors.map((db) => createSqlHostGate(db, { concurrency: 4, spacingMs: 25 }));
      const result = await measure(gates, 16, 2);
      console.log(
        `${name}: 16 starts over 2 connections, min gap ${result.minGapMs.toFixed(1)} ms`,
      );
      expect(result.count).toBe(16);
      // Measured on the database clock, which is the one both workers obey.
      expect(result.minGapMs).toBeGreaterThanOrEqual(25);
    });

    it("holds the concurrency limit across two independent connections", async (context) => {
      if (!isAvailable) return context.skip();
      const gates = executors.map((db) =>
        createSqlHostGate(db, { concurrency: 2, spacingMs: 0, maxPollMs: 5 }),
      );
      const result = await measure(gates, 12, 30);
      expect(result.maxInFlight).toBe(2);
    });

    it("shares backoff: one worker's 429 holds the other back", async (context) => {
      if (!isAvailable) return context.skip();
      const [a, b] = executors.map((db) =>
        createSqlHostGate(db, { concurrency: 2, spacingMs: 0, maxBackoffWaitMs: 1_000 }),
      ) as [HostGate, HostGate];
      await a.backOff("held.example", 120_000);
      const ticket = await b.acquire("held.example");
      expect(ticket.kind).toBe("backoff");
    });

    it("frees the slot of a worker that never released it once its lease expires", async (context) => {
      if (!isAvailable) return context.skip();
      const [a, b] = executors.map((db) =>
        createSqlHostGate(db, { concurrency: 1, spacingMs: 0, leaseMs: 60, maxPollMs: 5 }),
      ) as [HostGate, HostGate];
      const crashed = await a.acquire("lease.example");
      expect(crashed.kind).toBe("acquired");
      const next = await b.acquire("lease.example");
      expect(next.kind).toBe("acquired");
      // On the database's clock: the second slot starts only once the first one's lease is over.
      if (next.kind === "acquired" && crashed.kind === "acquired") {
        expect(next.startedAtMs - crashed.startedAtMs).toBeGreaterThanOrEqual(60);
      }
    });
  });
}

sqlGateSuite("SQL host gate on PGlite", async () => {
  const db = new PGlite();
  await db.query(HOST_GATE_DDL);
  // PGlite is one connection; two gates on it still share state only through the table.
  return { executors: [db, db], close: () => db.close() };
});

sqlGateSuite("SQL host gate on PostgreSQL (two clients)", async () => {
  const { clients, close } = await scratchConnections(POSTGRES_SERVER_URL, "dropwave_gate", 2);
  await (clients[0] as pg.Client).query(HOST_GATE_DDL);
  return { executors: clients, close };
});

describe("HOST_GATE_DDL matches the Drizzle table", () => {
  it("has the same columns, types, nullability and primary key", async () => {
    const db = new PGlite();
    try {
      await db.query(HOST_GATE_DDL);
      const { rows } = await db.query<{
        column_name: string;
        data_type: string;
        is_nullable: string;
      }>(
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = 'fetch_host_gate' ORDER BY column_name",
      );
      const config = getTableConfig(fetchHostGate);
      expect(config.name).toBe("fetch_host_gate");
      const fromDrizzle = config.columns
        .map((c) => ({
          column_name: c.name,
          data_type: c.getSQLType(),
          is_nullable: c.notNull ? "NO" : "YES",
          isPrimary: c.primary,
        }))
        .sort((a, b) => a.column_name.localeCompare(b.column_name));
      expect(rows.map((r) => r.column_name)).toEqual(fromDrizzle.map((c) => c.column_name));
      for (const [i, row] of rows.entries()) {
        const column = fromDrizzle[i];
        expect(row.data_type).toBe(column?.data_type);
        expect(row.is_nullable).toBe(column?.is_nullable);
      }
      expect(fromDrizzle.filter((c) => c.isPrimary).map((c) => c.column_name)).toEqual(["host"]);
    } finally {
      await db.close();
    }
  });
});
