import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import {
  decodeCursor,
  encodeCursor,
  listWatchPage,
  listWatchStores,
  type WatchListItem,
  WatchPageQuery,
  type WatchSort,
} from "./watch-page.ts";

const database = setupTestDatabase();
const now = new Date("2026-11-20T12:00:00Z");

async function everyPage(userId: string, sort: WatchSort, limit: number, q?: string) {
  const items: WatchListItem[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await listWatchPage(
      database.current.db,
      userId,
      WatchPageQuery.parse({ limit, sort, cursor, q }),
    );
    items.push(...page.items);
    pages += 1;
    if (!page.nextCursor) return { items, pages, total: page.total };
    cursor = page.nextCursor;
  }
}

describe("listWatchPage", () => {
  it("walks 230 watches page by page in each order, every watch exactly once", async () => {
    const { db } = database.current;
    const person = await seedUser(db);
    const other = await seedUser(db);
    const seeded = await seedCatalogue(db, person.id, { count: 230, now });
    await seedCatalogue(db, other.id, { count: 5, now, urlPrefix: "https://other." });

    const newest = await everyPage(person.id, "newest", 50);
    expect(newest.pages).toBe(5);
    expect(newest.total).toBe(230);
    expect(newest.items.map((w) => w.id)).toEqual(seeded.map((s) => s.watchId).reverse());

    const drops = await everyPage(person.id, "biggest_drop", 37);
    expect(new Set(drops.items.map((w) => w.id)).size).toBe(230);
    const percents = drops.items.map((w) => w.changeSinceAdded?.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBeLessThan(-35);

    const target = await everyPage(person.id, "closest_to_target", 40);
    expect(new Set(target.items.map((w) => w.id)).size).toBe(230);
    const withTarget = target.items.filter((w) => w.toTargetPercent !== null);
    expect(withTarget.length).toBe(seeded.filter((s) => s.targetMinor !== null).length);
    // Watches with a target come first, nearest (or already under) first; the rest after.
    expect(target.items.slice(0, withTarget.length)).toEqual(withTarget);
    const distances = withTarget.map((w) => w.toTargetPercent as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("searches title or store, case-insensitively, with % and _ taken literally", async () => {
    const { db } = database.current;
    const person = await seedUser(db);
    const seeded = await seedCatalogue(db, person.id, { count: 60, now, urlPrefix: "https://s." });
    const lamps = await everyPage(person.id, "newest", 7, "lAmP");
    expect(lamps.items.map((w) => w.title).sort()).toEqual(
      seeded
        .filter((s) => /lamp/i.test(s.title))
        .map((s) => s.title)
        .sort(),
    );
    expect(lamps.total).toBe(lamps.items.length);
    const store = await everyPage(person.id, "biggest_drop", 100, "northwind");
    expect(store.items.length).toBe(seeded.filter((s) => s.store === "northwind.test").length);
    expect(store.items.every((w) => w.store === "northwind.test")).toBe(true);
    expect((await everyPage(person.id, "newest", 10, "100%")).items).toEqual([]);
    expect((await everyPage(person.id, "newest", 10, "_")).items).toEqual([]);
  });

  it("gives each row what the dense list shows, lean", async () => {
    const { db } = database.current;
    const person = await seedUser(db);
    const [first] = await seedCatalogue(db, person.id, {
      count: 1,
      now,
      urlPrefix: "https://lean.",
      historyPoints: 30,
    });
    const page = await listWatchPage(db, person.id, WatchPageQuery.parse({}));
    const item = page.items[0] as WatchListItem;
    expect(item).toMatchObject({
      id: first?.watchId,
      title: first?.title,
      store: first?.store,
      price: { amountMinor: first?.priceMinor, currency: "EUR" },
      availability: "out_of_stock",
      isPaused: false,
      hasError: false,
    });
    expect(item.sparkline).toHaveLength(24);
    expect(item.sparkline.at(-1)).toBe(first?.priceMinor);
    expect(item.isLowestEver).toBe(
      (first?.priceMinor as number) <= Math.min(...item.sparkline) &&
        Math.max(...item.sparkline) > Math.min(...item.sparkline),
    );
    expect(JSON.stringify(item).length).toBeLessThan(600);
  });

  it("filters as the cards do: Show (dropped, below target, errors, paused) and Store, paged", async () => {
    const { db } = database.current;
    const person = await seedUser(db);
    const seeded = await seedCatalogue(db, person.id, { count: 60, now, urlPrefix: "https://f." });
    const paused = seeded.filter((_, i) => i % 7 === 0).map((s) => s.watchId);
    const failing = seeded.filter((_, i) => i % 5 === 0).map((s) => s.watchId);
    await db.update(watch).set({ isPaused: true }).where(inArray(watch.id, paused));
    const failingProducts = db
      .select({ id: watch.productId })
      .from(watch)
      .where(inArray(watch.id, failing));
    await db
      .update(product)
      .set({ lastError: "The store answered 503." })
      .where(inArray(product.id, failingProducts));

    const all = (await everyPage(person.id, "newest", 100)).items;
    const pages = async (query: Record<string, string>) => {
      const items: WatchListItem[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await listWatchPage(
          db,
          person.id,
          WatchPageQuery.parse({ ...query, limit: 9, cursor }),
        );
        items.push(...page.items);
        if (!page.nextCursor) return { ids: items.map((w) => w.id), total: page.total };
        cursor = page.nextCursor;
      }
    };
    const expected: Record<string, (w: WatchListItem) => boolean> = {
      dropped: (w) => (w.changeSinceAdded?.amountMinor ?? 0) < 0,
      below_target: (w) => w.toTargetPercent !== null && w.toTargetPercent <= 0,
      errors: (w) => w.hasError,
      paused: (w) => w.isPaused,
    };
    for (const [show, keep] of Object.entries(expected)) {
      const ids = all.filter(keep).map((w) => w.id);
      expect(ids.length, show).toBeGreaterThan(0);
      expect(ids.length, show).toBeLessThan(60);
      expect(await pages({ show }), show).toEqual({ ids, total: ids.length });
    }
    const store = "northwind.test";
    const inStore = all.filter((w) => w.store === store && w.isPaused).map((w) => w.id);
    expect(inStore.length).toBeGreaterThan(0);
    expect(await pages({ show: "paused", store })).toEqual({ ids: inStore, total: inStore.length });
    expect(await pages({ store: "nowhere.test" })).toEqual({ ids: [], total: 0 });
    expect(await listWatchStores(db, person.id)).toEqual(
      [...new Set(seeded.map((s) => s.store))].sort(),
    );
  });

  it("refuses a cursor it did not write with a validation error", async () => {
    const { db } = database.current;
    const person = await seedUser(db);
    for (const cursor of ["nope", encodeCursor({ k: 1, id: "x" }).slice(3), "W10"]) {
      await expect(
        listWatchPage(db, person.id, WatchPageQuery.parse({ cursor })),
      ).rejects.toSatisfy((e) => e instanceof AppError && e.code === "validation_failed");
    }
    expect(
      decodeCursor(encodeCursor({ k: -1.5, id: "0b5c9f5e-6a51-4d33-9d1c-2f8e8f0f0a11" })),
    ).toEqual({
      k: -1.5,
      id: "0b5c9f5e-6a51-4d33-9d1c-2f8e8f0f0a11",
    });
  });

  it("validates the query: limits, sort names", () => {
    expect(WatchPageQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(WatchPageQuery.safeParse({ limit: "201" }).success).toBe(false);
    expect(WatchPageQuery.safeParse({ limit: "ten" }).success).toBe(false);
    expect(WatchPageQuery.safeParse({ sort: "cheapest" }).success).toBe(false);
    expect(WatchPageQuery.safeParse({ show: "cheap" }).success).toBe(false);
    expect(WatchPageQuery.parse({ limit: "20", sort: "biggest_drop", q: "  lamp " })).toEqual({
      limit: 20,
      sort: "biggest_drop",
      show: "all",
      q: "lamp",
    });
  });
});
