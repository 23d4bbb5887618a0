import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { priceObservation, product } from "../db/schema/index.ts";
import { CreateWatchInput, createWatch } from "./create-watch.ts";
import { previewProduct } from "./preview-product.ts";
import { recordObservation } from "./record-observation.ts";
import { deleteWatch, updateWatch } from "./update-watch.ts";
import { getWatchHistory } from "./watch-history.ts";
import { getWatch, listWatches } from "./watch-view.ts";

const database = setupTestDatabase();
const store = forThisFile(startStoreServer);

const now = new Date("2026-11-20T12:00:00Z");
const context = (userId: string, maxWatches = 200) => ({
  userId,
  maxWatches,
  minIntervalMinutes: 60,
  now,
});

async function track(
  userId: string,
  path: string,
  extra: Partial<CreateWatchInput> = {},
  maxWatches?: number,
) {
  const input = CreateWatchInput.parse({ url: store.url(path), ...extra });
  const preview = await previewProduct(testFetcher(), input.url);
  return createWatch(database.current.db, context(userId, maxWatches), input, preview);
}

describe("tracking", () => {
  it("creates a watch with the product's facts, baseline and first history point", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/p/kettle", productPage({ title: "Kettle", price: "49.99", currency: "USD" }));
    const view = await track(alice.id, "/p/kettle?utm_source=newsletter");
    expect(view).toMatchObject({
      title: "Kettle",
      price: { amountMinor: 4999, currency: "USD" },
      baseline: { amountMinor: 4999, currency: "USD" },
      availability: "in_stock",
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      url: store.url("/p/kettle"),
      lowest: { amountMinor: 4999, currency: "USD" },
    });
    const history = await getWatchHistory(db, alice.id, view.id, now);
    expect(history.points).toHaveLength(1);
  });

  it("shares one product between everyone tracking the same URL", async () => {
    const { db } = database.current;
    const [a, b] = [await seedUser(db), await seedUser(db)];
    store.setPage("/p/shared", productPage({ title: "Shared", price: "10.00" }));
    const first = await track(a.id, "/p/shared?ref=mail");
    const second = await track(b.id, "/p/shared?utm_campaign=x");
    expect(second.productId).toBe(first.productId);
    expect(second.id).not.toBe(first.id);
  });

  it("records what the shared product shows at each new watcher's save: its history's points, lowest and highest", async () => {
    const { db } = database.current;
    let last: Awaited<ReturnType<typeof track>> | undefined;
    let lastUser = "";
    for (const price of ["120.00", "99.00", "109.00"]) {
      store.setPage("/p/arc-lamp", productPage({ title: "Arc Lamp", price, currency: "USD" }));
      lastUser = (await seedUser(db)).id;
      last = await track(lastUser, "/p/arc-lamp");
    }
    const history = await getWatchHistory(db, lastUser, last!.id, now);
    expect(history.points.map((p) => p.price?.amountMinor)).toEqual([12000, 9900, 10900]);
    expect(history.stats).toMatchObject({
      lowest: { amountMinor: 9900, currency: "USD" },
      highest: { amountMinor: 12000, currency: "USD" },
    });
  });

  it("refuses a second watch of the same product by the same person", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    store.setPage("/p/twice", productPage({ title: "Twice", price: "10.00" }));
    await track(a.id, "/p/twice");
    await expect(track(a.id, "/p/twice")).rejects.toMatchObject({ code: "conflict" });
  });

  it("enforces the per-person limit with a clear error and writes nothing", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    store.setPage("/p/l1", productPage({ title: "L1", price: "1.00" }));
    store.setPage("/p/l2", productPage({ title: "L2", price: "2.00" }));
    await track(a.id, "/p/l1", {}, 1);
    await expect(track(a.id, "/p/l2", {}, 1)).rejects.toMatchObject({ code: "limit_reached" });
    expect(await listWatches(db, a.id)).toHaveLength(1);
    const products = await db
      .select()
      .from(product)
      .where(eq(product.url, store.url("/p/l2")));
    expect(products).toHaveLength(0);
  });

  it("still tracks a product whose store blocked the preview, saying why", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    store.setPage("/p/blocked", {
      status: 503,
      body: "<html><head><title>Robot Check</title></head><body><form action='/errors/validateCaptcha'>Type the characters you see in this image</form></body></html>",
    });
    const view = await track(a.id, "/p/blocked");
    expect(view.price).toBeNull();
    expect(view.lastOutcome).toBe("bot_challenge");
    expect(view.lastError).toMatch(/blocked/i);
  });

  it("keeps a stable price as one history row however many checks see it", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    store.setPage("/p/stable", productPage({ title: "Stable", price: "5.00" }));
    const view = await track(a.id, "/p/stable");
    const facts = {
      priceMinor: 500,
      currency: "USD",
      listPriceMinor: null,
      referenceLowest30dMinor: null,
      availability: "in_stock",
    };
    for (let i = 1; i <= 20; i++) {
      const at = new Date(now.getTime() + i * 6 * 3_600_000);
      expect((await recordObservation(db, view.productId, facts, at)).isChange).toBe(false);
    }
    const changed = await recordObservation(
      db,
      view.productId,
      { ...facts, priceMinor: 450 },
      new Date(now.getTime() + 21 * 6 * 3_600_000),
    );
    expect(changed.isChange).toBe(true);
    const rows = await db
      .select()
      .from(priceObservation)
      .where(eq(priceObservation.productId, view.productId));
    expect(rows).toHaveLength(2);
    const history = await getWatchHistory(
      db,
      a.id,
      view.id,
      new Date(now.getTime() + 200 * 3_600_000),
    );
    expect(history.points[0]!.checks).toBe(21);
    expect(history.stats.lowest?.amountMinor).toBe(450);
    expect(history.stats.highest?.amountMinor).toBe(500);
    expect(history.stats.checks).toBe(22);
  });

  it("updates rule, interval (not below the floor) and pause; only for the owner", async () => {
    const { db } = database.current;
    const [a, b] = [await seedUser(db), await seedUser(db)];
    store.setPage("/p/edit", productPage({ title: "Edit", price: "20.00" }));
    const view = await track(a.id, "/p/edit");
    const updated = await updateWatch(db, { userId: a.id, minIntervalMinutes: 60, now }, view.id, {
      rule: { kind: "below_target", target: { amountMinor: 1500, currency: "USD" } },
      intervalMinutes: 5,
      isPaused: true,
    });
    expect(updated).toMatchObject({
      rule: { kind: "below_target", target: { amountMinor: 1500, currency: "USD" } },
      intervalMinutes: 60,
      isPaused: true,
    });
    await expect(
      updateWatch(db, { userId: b.id, minIntervalMinutes: 60, now }, view.id, { isPaused: false }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await getWatch(db, b.id, view.id)).toBeNull();
    await expect(getWatchHistory(db, b.id, view.id, now)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteWatch(db, b.id, view.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("deletes a watch, and the product with it once nobody watches it", async () => {
    const { db } = database.current;
    const [a, b] = [await seedUser(db), await seedUser(db)];
    store.setPage("/p/del", productPage({ title: "Del", price: "3.00" }));
    const wa = await track(a.id, "/p/del");
    const wb = await track(b.id, "/p/del");
    await deleteWatch(db, a.id, wa.id);
    expect(await db.select().from(product).where(eq(product.id, wa.productId))).toHaveLength(1);
    await deleteWatch(db, b.id, wb.id);
    expect(await db.select().from(product).where(eq(product.id, wa.productId))).toHaveLength(0);
    await expect(deleteWatch(db, a.id, wa.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("treats malformed ids as missing", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    expect(await getWatch(db, a.id, "not-a-uuid")).toBeNull();
    await expect(deleteWatch(db, a.id, "1; drop table watch")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
