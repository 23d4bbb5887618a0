import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEvent, priceObservation, product } from "../core/db/schema/index.ts";
import { childProcesses } from "../tests/helpers/child-processes.ts";
import { scratchPostgresForFile } from "../tests/helpers/db.ts";
import { productPage, startStoreServer, testFetcher } from "../tests/helpers/store-server.ts";
import { trackPage } from "../tests/helpers/track-page.ts";
import { seedUser } from "../tests/helpers/users.ts";
import { waitFor } from "../tests/helpers/wait-for.ts";

/**
 * `docker stop` / `podman stop` / Ctrl-C: the server receives SIGTERM while checks are in flight.
 * It must exit by itself (code 0), hold no claim afterwards, and leave every product either
 * checked completely (price, history point and alert event together) or not at all; a worker
 * started afterwards checks the rest, and every product ends with exactly one alert event.
 * The real server entry (server/main.ts) as `--role=worker`, so on PostgreSQL only.
 */
const { isReachable, database } = await scratchPostgresForFile("graceful-stop", "dropwave_stop");
const servers = childProcesses("server-child.ts");

describe.skipIf(!isReachable)("SIGTERM while checks run", { timeout: 240_000 }, () => {
  let store: Awaited<ReturnType<typeof startStoreServer>>;
  beforeAll(async () => {
    store = await startStoreServer();
  });
  afterAll(async () => {
    servers.killAll();
    await store?.close();
  });

  function startServer() {
    return servers.start(["--role=worker"], {
      DATABASE_URL: database.current.url,
      LOG_LEVEL: "silent",
      // The store stand-in is on this machine; checks run many at once, without spacing.
      FETCH_ALLOW_PRIVATE: "127.0.0.0/8",
      FETCH_HOST_CONCURRENCY: "4",
      FETCH_HOST_SPACING_MS: "0",
    });
  }

  it("finishes or gives back every check: no claim held, no half-written product", async () => {
    const n = 24;
    const alice = await seedUser(database.current.db);
    const paths = Array.from({ length: n }, (_, i) => `/stop/${i}`);
    const ids: string[] = [];
    for (const p of paths) {
      store.setPage(p, productPage({ title: p, price: "10.00" }));
      const view = await trackPage(
        database.current.db,
        testFetcher({ hostConcurrency: 64 }),
        { userId: alice.id, maxWatches: 1_000 },
        { url: store.url(p) },
      );
      ids.push(view.productId);
    }
    // Slow pages: when SIGTERM comes, some checks are waiting for their page.
    for (const p of paths) {
      store.setPage(p, { body: productPage({ title: p, price: "9.00" }), delayMs: 1_500 });
    }
    const before = paths.map((p) => store.hitsFor(p));
    const requested = () => paths.filter((p, i) => store.hitsFor(p) > before[i]!).length;

    const server = startServer();
    await waitFor(() => server.lines("started").length > 0, 60_000);
    const since = new Date();
    await database.current.db
      .update(product)
      .set({ nextCheckAt: new Date(Date.now() - 1_000) })
      .where(sql`${product.id} in ${ids}`);
    await waitFor(() => requested() >= 2, 30_000);
    server.child.kill("SIGTERM");
    await server.closed;
    expect(server.child.exitCode).toBe(0);
    const requestedAtStop = requested();

    const rows = await database.current.db
      .select({
        id: product.id,
        priceMinor: product.priceMinor,
        leaseOwner: product.leaseOwner,
        lastCheckedAt: product.lastCheckedAt,
        newPoints: sql<number>`(select count(*)::int from ${priceObservation} o where o.product_id = "product"."id" and o.price_minor = 900)`,
        events: sql<number>`(select count(*)::int from ${alertEvent} e where e.product_id = "product"."id")`,
      })
      .from(product)
      .where(sql`${product.id} in ${ids}`);
    expect(rows.filter((r) => r.leaseOwner !== null)).toEqual([]);
    const checked = rows.filter((r) => r.lastCheckedAt !== null && r.lastCheckedAt >= since);
    for (const row of rows) {
      const isChecked = checked.includes(row);
      // All of a check or none of it.
      expect({ price: row.priceMinor, points: row.newPoints, events: row.events }).toEqual(
        isChecked ? { price: 900, points: 1, events: 1 } : { price: 1_000, points: 0, events: 0 },
      );
    }
    // It stopped in the middle: not every product was checked, and nothing it fetched was lost
    // half-way (a check that was waiting for its page was finished, or given back untouched).
    expect(checked.length).toBeLessThan(n);
    expect(checked.length).toBeLessThanOrEqual(requestedAtStop);

    // The next start checks the rest, each product once.
    const next = startServer();
    await waitFor(
      async () => {
        const [row] = await database.current.db
          .select({ n: sql<number>`count(*)::int` })
          .from(alertEvent)
          .where(sql`${alertEvent.productId} in ${ids}`);
        return row?.n === n;
      },
      90_000,
      100,
    );
    next.child.kill("SIGTERM");
    await next.closed;
    expect(next.child.exitCode).toBe(0);
    const [held] = await database.current.db
      .select({ n: sql<number>`count(*)::int` })
      .from(product)
      .where(sql`${product.id} in ${ids} and ${product.leaseOwner} is not null`);
    expect(held?.n).toBe(0);
  });
});
