import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { checkDueProducts } from "../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { alertEvent, priceObservation, product } from "../db/schema/index.ts";
import { updateWatch } from "../tracking/update-watch.ts";
import { readPriorLows } from "./prior-lows.ts";

const database = setupTestDatabase();
const log = pino({ level: "silent" });
const store = forThisFile(startStoreServer);
const newFetcher = () => testFetcher({ hostConcurrency: 16 });
const DAY = 24 * 60 * 60 * 1000;

const page = (price: string) => productPage({ title: "Thing", price, currency: "USD" });

const track = (userId: string, path: string, rule: unknown) =>
  trackPage(
    database.current.db,
    newFetcher(),
    { userId, maxWatches: 200 },
    { url: store.url(path), rule },
  );

/** Makes the product due, sets its page to `price` and runs one check; returns its events. */
async function checkAt(productId: string, path: string, price: string) {
  store.setPage(path, page(price));
  await database.current.db
    .update(product)
    .set({ nextCheckAt: new Date(Date.now() - 1_000) })
    .where(eq(product.id, productId));
  await checkDueProducts(database.current.sql, newFetcher, { workerId: "lows", log });
}

async function kindsOf(watchId: string) {
  const rows = await database.current.db
    .select()
    .from(alertEvent)
    .where(eq(alertEvent.watchId, watchId))
    .orderBy(alertEvent.createdAt);
  return rows.map((r) => `${r.kind}:${r.oldPriceMinor}>${r.newPriceMinor}`);
}

/** Moves every history row of the product `days` back in time (as if seen then). */
async function age(productId: string, days: number) {
  const rows = await database.current.db
    .select()
    .from(priceObservation)
    .where(eq(priceObservation.productId, productId));
  for (const row of rows) {
    await database.current.db
      .update(priceObservation)
      .set({
        observedAt: new Date(row.observedAt.getTime() - days * DAY),
        lastSeenAt: new Date(row.lastSeenAt.getTime() - days * DAY),
      })
      .where(eq(priceObservation.id, row.id));
  }
}

describe("alerts on lows and snoozes, through a real check", () => {
  it("raises a new all-time low from the stored history, once", async () => {
    const alice = await seedUser(database.current.db);
    store.setPage("/lows/atl", page("100.00"));
    const w = await track(alice.id, "/lows/atl", { kind: "all_time_low" });
    await checkAt(w.productId, "/lows/atl", "120.00");
    await checkAt(w.productId, "/lows/atl", "99.00");
    await checkAt(w.productId, "/lows/atl", "99.00");
    await checkAt(w.productId, "/lows/atl", "105.00");
    await checkAt(w.productId, "/lows/atl", "99.00");
    expect(await kindsOf(w.id)).toEqual(["all_time_low:10000>9900"]);
  });

  it("lowest in 7 days forgets a low older than the window, and says how long it looked", async () => {
    const alice = await seedUser(database.current.db);
    store.setPage("/lows/days", page("50.00"));
    const w = await track(alice.id, "/lows/days", { kind: "lowest_in_days", days: 7 });
    await age(w.productId, 10);
    await checkAt(w.productId, "/lows/days", "80.00");
    await checkAt(w.productId, "/lows/days", "70.00");
    const rows = await database.current.db
      .select()
      .from(alertEvent)
      .where(eq(alertEvent.watchId, w.id));
    expect(rows.map((r) => [r.kind, r.oldPriceMinor, r.newPriceMinor])).toEqual([
      ["lowest_in_days", 8000, 7000],
    ]);
    expect(rows[0]?.details).toMatchObject({ days: 7, coveredDays: 7 });
    const lows = await readPriorLows(database.current.sql, {
      productId: w.productId,
      currency: "USD",
      days: [7, 30],
      now: new Date(),
    });
    expect(lows).toMatchObject({
      allTime: { amountMinor: 5000 },
      byDays: { 7: { amountMinor: 7000 }, 30: { amountMinor: 5000 } },
    });
  });

  it("a snoozed watch raises nothing, keeps up with the price, and alerts again after", async () => {
    const alice = await seedUser(database.current.db);
    store.setPage("/lows/snooze", page("100.00"));
    const w = await track(alice.id, "/lows/snooze", { kind: "any_drop" });
    const context = { userId: alice.id, minIntervalMinutes: 60, now: new Date() };
    const snoozed = await updateWatch(database.current.db, context, w.id, { snooze: "day" });
    expect(Date.parse(snoozed.snoozedUntil ?? "")).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await checkAt(w.productId, "/lows/snooze", "90.00");
    expect(await kindsOf(w.id)).toEqual([]);
    await updateWatch(database.current.db, { ...context, now: new Date() }, w.id, {
      snooze: "off",
    });
    // The drop seen while snoozed is not raised late; the next one is.
    await checkAt(w.productId, "/lows/snooze", "90.00");
    expect(await kindsOf(w.id)).toEqual([]);
    await checkAt(w.productId, "/lows/snooze", "80.00");
    expect(await kindsOf(w.id)).toEqual(["price_drop:9000>8000"]);
  });
});
