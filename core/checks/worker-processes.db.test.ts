import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childProcesses, type TestChild } from "../../tests/helpers/child-processes.ts";
import { scratchPostgresForFile } from "../../tests/helpers/db.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { alertEvent, product } from "../db/schema/index.ts";
import { startWorker } from "./worker.ts";

/**
 * Real worker processes against one PostgreSQL database (PGlite is single-process, so these
 * need a server): DATABASE_URL, else TEST_POSTGRES_URL, else the local default. Skipped with a
 * message when none answers.
 */
const { isReachable, database } = await scratchPostgresForFile(
  "worker-processes",
  "dropwave_workers",
);

const workers = childProcesses("worker-child.ts");
const log = pino({ level: "silent" });
const newFetcher = () => testFetcher({ hostConcurrency: 64 });

let store: Awaited<ReturnType<typeof startStoreServer>>;

// Each test starts Node processes that load the app and wait out a lease: on a loaded CI machine
// that takes well over the default 20 s. The waits below are guards, not targets.
describe.skipIf(!isReachable)("worker processes on one PostgreSQL", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    store = await startStoreServer();
  });
  afterAll(async () => {
    workers.killAll();
    await store?.close();
  });

  /** n watched products at 10.00, then every page says 9.00 and everything is due. */
  async function seed(prefix: string, n: number, delayMs: number) {
    const alice = await seedUser(database.current.db);
    const paths: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const p = `/${prefix}/${i}`;
      store.setPage(p, productPage({ title: `P${i}`, price: "10.00" }));
      const view = await trackPage(
        database.current.db,
        newFetcher(),
        { userId: alice.id, maxWatches: 1_000 },
        { url: store.url(p) },
      );
      paths.push(p);
      ids.push(view.productId);
    }
    const before = paths.map((p) => store.hitsFor(p));
    for (const p of paths) {
      store.setPage(p, { body: productPage({ title: "x", price: "9.00" }), delayMs });
    }
    const makeDue = async () => {
      await database.current.db
        .update(product)
        .set({ nextCheckAt: new Date(Date.now() - 1_000) })
        .where(sql`${product.id} in ${ids}`);
      return new Date();
    };
    return {
      paths,
      ids,
      makeDue,
      hits: () => paths.map((p, i) => store.hitsFor(p) - before[i]!),
    };
  }

  async function uncheckedCount(ids: string[], since: Date): Promise<number> {
    const rows = await database.current.db
      .select({ id: product.id })
      .from(product)
      .where(
        sql`${product.id} in ${ids} and (${product.lastCheckedAt} is null or ${product.lastCheckedAt} < ${since.toISOString()}::timestamptz)`,
      );
    return rows.length;
  }

  async function eventKeys(ids: string[]) {
    return database.current.db
      .select({ key: alertEvent.idempotencyKey, productId: alertEvent.productId })
      .from(alertEvent)
      .where(sql`${alertEvent.productId} in ${ids}`);
  }

  it("two worker processes racing on the same due set never check a product twice", async () => {
    const { ids, hits, makeDue } = await seed("race", 60, 50);
    const a = spawnWorker(30_000, 5, 4);
    const b = spawnWorker(30_000, 5, 4);
    // Both processes are up and polling before anything falls due: a real race.
    await waitFor(async () => isStarted(a) && isStarted(b), 20_000);
    const since = await makeDue();
    await waitFor(async () => (await uncheckedCount(ids, since)) === 0, 30_000);
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    // A check is committed before its worker prints it: read both workers' output to the end.
    await Promise.all([a.closed, b.closed]);
    expect(hits()).toEqual(ids.map(() => 1));
    // Both took part (the race was real), and each product has one event.
    expect(a.lines("checked").length).toBeGreaterThan(0);
    expect(b.lines("checked").length).toBeGreaterThan(0);
    expect(a.lines("checked").length + b.lines("checked").length).toBe(60);
    const keys = await eventKeys(ids);
    expect(keys).toHaveLength(60);
    expect(new Set(keys.map((k) => k.productId)).size).toBe(60);
  });

  it("kill -9 in the middle of a batch: after the lease, every product is checked and every event exists once", async () => {
    const { ids, hits, makeDue } = await seed("kill", 30, 150);
    const leaseMs = 2_000;
    const victim = spawnWorker(leaseMs, 10, 2);
    await waitFor(async () => isStarted(victim), 20_000);
    const since = await makeDue();
    // Mid-batch: some checks committed, two in flight, the rest of the batch claimed.
    await waitFor(async () => victim.lines("checked").length >= 3, 20_000);
    await victim.kill9();
    const committedByVictim = 30 - (await uncheckedCount(ids, since));
    const leased = await database.current.db
      .select({ id: product.id })
      .from(product)
      .where(sql`${product.id} in ${ids} and ${product.leaseOwner} is not null`);
    expect(leased.length).toBeGreaterThan(0); // its claims are held until the lease ends

    const survivor = startWorker({
      database: database.current,
      fetcher: newFetcher(),
      log,
      leaseMs,
      batchSize: 10,
      concurrency: 4,
      pollMs: 50,
      overdueWindowMs: 0,
    });
    try {
      await waitFor(async () => (await uncheckedCount(ids, since)) === 0, 30_000);
    } finally {
      await survivor.stop();
    }
    const keys = await eventKeys(ids);
    expect(keys).toHaveLength(30);
    expect(new Set(keys.map((k) => k.key)).size).toBe(30);
    expect(new Set(keys.map((k) => k.productId)).size).toBe(30);
    // Every product was fetched; a second fetch only for the ones in flight at the kill.
    const counts = hits();
    expect(counts.every((c) => c >= 1)).toBe(true);
    expect(counts.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(30 + 2);
    expect(committedByVictim).toBeGreaterThanOrEqual(3);
    const [row] = await database.current.db
      .select({ n: sql<number>`count(*)::int` })
      .from(product)
      .where(sql`${product.id} in ${ids} and ${product.leaseOwner} is not null`);
    expect(row?.n).toBe(0);
    expect(
      await database.current.db.select().from(product).where(eq(product.id, ids[0]!)),
    ).toHaveLength(1);
  });
});

function spawnWorker(leaseMs: number, batchSize: number, concurrency: number) {
  return workers.start([
    database.current.url,
    String(leaseMs),
    String(batchSize),
    String(concurrency),
  ]);
}

const isStarted = (worker: TestChild) => worker.lines("started").length > 0;
