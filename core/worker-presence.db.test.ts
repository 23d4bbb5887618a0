import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { scratchPostgresForFile } from "../tests/helpers/db.ts";
import { seedAlertEvent } from "../tests/helpers/delivery.ts";
import { waitFor } from "../tests/helpers/wait-for.ts";
import { delivery, fetchHostGate, product, workerProcess } from "./db/schema/index.ts";
import { reapDeadWorkers, startWorkerPresence, WORKER_LOCK_NAMESPACE } from "./worker-presence.ts";

/** Presence and reaping on PostgreSQL (decision 0047); skipped without a server. */
const { isReachable, database } = await scratchPostgresForFile(
  "worker-presence",
  "dropwave_presence",
);
const log = pino({ level: "silent" });

/** Another process's registration, on a connection of its own: `end()` is its death. */
async function registerOther(name: string) {
  const client = new pg.Client({ connectionString: database.current.url });
  await client.connect();
  await client.query("begin");
  const { rows } = await client.query<{ id: number }>(
    "insert into worker_process (name, backend_pid) values ($1, pg_backend_pid()) returning id",
    [name],
  );
  await client.query("select pg_advisory_lock($1::int, $2::int)", [
    WORKER_LOCK_NAMESPACE,
    rows[0]!.id,
  ]);
  await client.query("commit");
  return client;
}

/** A product claim, a delivery claim and a host slot held by `name`, lease 5 min. */
async function holdWork(name: string) {
  const { db } = database.current;
  const { event, product: p } = await seedAlertEvent(db);
  const leaseUntil = new Date(Date.now() + 5 * 60_000);
  await db
    .update(product)
    .set({ leaseOwner: name, leaseUntil, nextCheckAt: leaseUntil })
    .where(eq(product.id, p.id));
  const [row] = await db
    .insert(delivery)
    .values({
      eventId: event.id,
      channelId: null,
      userId: event.userId,
      leaseOwner: name,
      leaseUntil,
      nextAttemptAt: leaseUntil,
      attempts: 1,
    })
    .returning();
  const host = `${name.replace(/\W/g, "")}.example`;
  await db.insert(fetchHostGate).values({
    host,
    leases: {
      [`${name} ${crypto.randomUUID()}`]: Date.now() + 120_000,
      other: Date.now() + 120_000,
    },
  });
  return { productId: p.id, deliveryId: row!.id, host };
}

async function stateOf(work: Awaited<ReturnType<typeof holdWork>>) {
  const { db } = database.current;
  const [p] = await db.select().from(product).where(eq(product.id, work.productId));
  const [d] = await db.select().from(delivery).where(eq(delivery.id, work.deliveryId));
  const [g] = await db.select().from(fetchHostGate).where(eq(fetchHostGate.host, work.host));
  return { product: p!, delivery: d!, slots: Object.keys(g!.leases) };
}

describe.skipIf(!isReachable)("worker presence on PostgreSQL", { timeout: 60_000 }, () => {
  it("frees a dead process's claims and slots at once, and leaves a living one's alone", async () => {
    const alive = await registerOther("host:1:alive");
    const dead = await registerOther("host:2:dead");
    const aliveWork = await holdWork("host:1:alive");
    const deadWork = await holdWork("host:2:dead");
    try {
      const before = await reapDeadWorkers(database.current.sql, {
        now: new Date(),
        deliveryGraceMs: 2_000,
      });
      expect(before.workers).toEqual([]);

      await dead.end(); // the process dies: its session, and the lock, go
      const now = new Date();
      await waitFor(async () => {
        const reaped = await reapDeadWorkers(database.current.sql, { now, deliveryGraceMs: 2_000 });
        return reaped.workers.includes("host:2:dead");
      }, 10_000);
      const freed = await stateOf(deadWork);
      expect(freed.product).toMatchObject({ leaseOwner: null, leaseUntil: null, nextCheckAt: now });
      expect(freed.delivery).toMatchObject({
        status: "pending",
        leaseOwner: null,
        nextAttemptAt: new Date(now.getTime() + 2_000),
      });
      expect(freed.slots).toEqual(["other"]);
      const kept = await stateOf(aliveWork);
      expect(kept.product.leaseOwner).toBe("host:1:alive");
      expect(kept.delivery.leaseOwner).toBe("host:1:alive");
      expect(kept.slots).toHaveLength(2);
      const rows = await database.current.db.select().from(workerProcess);
      expect(rows.map((r) => r.name)).toEqual(["host:1:alive"]);
    } finally {
      await alive.end();
      await dead.end().catch(() => {});
    }
  });

  it("a name registered again after losing its session keeps its claims", async () => {
    const old = await registerOther("host:3:again");
    const work = await holdWork("host:3:again");
    const again = await registerOther("host:3:again");
    try {
      await old.end();
      await waitFor(async () => {
        await reapDeadWorkers(database.current.sql, { now: new Date(), deliveryGraceMs: 0 });
        const rows = await database.current.db
          .select()
          .from(workerProcess)
          .where(eq(workerProcess.name, "host:3:again"));
        return rows.length === 1;
      }, 10_000);
      const kept = await stateOf(work);
      expect(kept.product.leaseOwner).toBe("host:3:again");
      expect(kept.delivery.leaseOwner).toBe("host:3:again");
      expect(kept.slots).toHaveLength(2);
    } finally {
      await again.end();
    }
  });

  it("a process whose session is cut stops its sends and registers again under its name", async () => {
    const presence = await startWorkerPresence({
      database: database.current,
      log,
      pingEveryMs: 50,
      reapEveryMs: 60_000,
    });
    try {
      const first = presence.signal;
      const [row] = await database.current.db
        .select()
        .from(workerProcess)
        .where(eq(workerProcess.name, presence.name));
      await database.current.sql.query("select pg_terminate_backend($1)", [row!.backendPid]);
      await waitFor(() => first.aborted, 10_000);
      await waitFor(() => presence.isRegistered && !presence.signal.aborted, 10_000);
      const rows = await database.current.db
        .select()
        .from(workerProcess)
        .where(eq(workerProcess.name, presence.name));
      expect(rows).toHaveLength(2); // the old row until someone reaps it, and the new one
      const reaped = await reapDeadWorkers(database.current.sql, {
        now: new Date(),
        deliveryGraceMs: 0,
      });
      expect(reaped.workers).toEqual([]); // the name is alive
    } finally {
      await presence.stop();
    }
    const left = await database.current.db
      .select()
      .from(workerProcess)
      .where(eq(workerProcess.name, presence.name));
    expect(left).toHaveLength(0);
  });
});
