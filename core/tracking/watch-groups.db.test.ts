import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { alertEvent, product } from "../db/schema/index.ts";
import { raiseGroupAlerts } from "../groups/group-alerts.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { exportWatches, WatchExport } from "./export-watches.ts";
import { toImportFile } from "./import-file.ts";
import { importWatches } from "./import-watches.ts";
import {
  createGroup,
  deleteGroup,
  getGroupView,
  listGroupSuggestions,
  listGroups,
  updateGroup,
} from "./watch-groups.ts";

const database = setupTestDatabase();
const now = new Date("2026-11-27T12:00:00Z");
const RATES: ReferenceRates = { date: "2026-11-27", perEur: { EUR: 1, USD: 1.08, GBP: 0.85 } };

/** One person watching one kettle (EAN 4006381333931) at three stores, in €, $ and £. */
async function seedThreeStores() {
  const { db } = database.current;
  const person = await seedUser(db);
  const seeded = await seedCatalogue(db, person.id, {
    count: 4,
    now,
    historyPoints: 2,
    urlPrefix: `https://${person.id}.`,
  });
  const stores: [number, string, string, string | null][] = [
    [10000, "EUR", "in_stock", "4006381333931"],
    [10260, "USD", "in_stock", "04006381333931"], // 95.00 €
    [7650, "GBP", "out_of_stock", "4006381333931"], // 90.00 €, but sold out
    [5000, "EUR", "in_stock", null], // another product
  ];
  for (const [i, [priceMinor, currency, availability, gtin]] of stores.entries()) {
    await db
      .update(product)
      .set({ priceMinor, currency, availability, gtin })
      .where(eq(product.id, seeded[i]!.productId));
  }
  return {
    person,
    watches: seeded.map((s) => s.watchId),
    products: seeded.map((s) => s.productId),
  };
}

describe("groups of watches of one product (issue #37 items 5 and 7)", () => {
  it("offers the three stores sharing a GTIN, groups them, and compares them in the person's currency", async () => {
    const { db } = database.current;
    const { person, watches } = await seedThreeStores();
    const suggestions = await listGroupSuggestions(db, person.id);
    expect(suggestions).toEqual([
      {
        key: "gtin:04006381333931",
        reason: "gtin",
        watchIds: watches.slice(0, 3),
        intoGroupId: null,
      },
    ]);
    const group = await createGroup(
      db,
      person.id,
      { name: "Kettle", watchIds: suggestions[0]!.watchIds },
      now,
    );
    expect((await listGroups(db, person.id)).map((g) => g.watchIds)).toEqual([watches.slice(0, 3)]);
    expect(await listGroupSuggestions(db, person.id)).toEqual([]);

    const view = await getGroupView(db, person.id, group.id, {
      now,
      country: "DE",
      rates: async () => RATES,
    });
    expect(view.members.map((m) => m.price?.currency)).toEqual(["EUR", "USD", "GBP"]);
    expect(view.comparison.currency).toBe("EUR");
    expect(view.comparison.status).toBe("compared");
    expect(view.comparison.ratesDate).toBe("2026-11-27");
    expect(view.comparison.rows.map((r) => r.converted?.amountMinor)).toEqual([10000, 9500, 9000]);
    // The pound store is cheaper but sold out: the dollar store is the cheapest in stock.
    expect(view.comparison.cheapestInStock).toEqual({
      watchId: watches[1],
      price: { amountMinor: 10260, currency: "USD" },
      converted: { amountMinor: 9500, currency: "EUR" },
    });
    // Stored prices stay in their own currency.
    const [stored] = await db.select().from(product).where(eq(product.currency, "USD"));
    expect(stored?.priceMinor).toBe(10260);
  });

  it("says the comparison is unavailable without reference rates, never guessing", async () => {
    const { db } = database.current;
    const { person, watches } = await seedThreeStores();
    const group = await createGroup(db, person.id, { watchIds: watches.slice(0, 3) }, now);
    const view = await getGroupView(db, person.id, group.id, {
      now,
      country: "DE",
      rates: async () => null,
    });
    expect(view.comparison.status).toBe("rates_unavailable");
    expect(view.comparison.cheapestInStock).toBeNull();
    expect(view.comparison.rows.map((r) => r.converted?.amountMinor ?? null)).toEqual([
      10000,
      null,
      null,
    ]);
  });

  it("is the owner's only: another person's group or watch is not found", async () => {
    const { db } = database.current;
    const { person, watches } = await seedThreeStores();
    const other = await seedUser(db);
    const group = await createGroup(db, person.id, { watchIds: watches.slice(0, 2) }, now);
    const context = { now, country: null, rates: async () => RATES };
    await expect(getGroupView(db, other.id, group.id, context)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(createGroup(db, other.id, { watchIds: [watches[0]!] }, now)).rejects.toMatchObject(
      { code: "not_found" },
    );
    await expect(deleteGroup(db, other.id, group.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(updateGroup(db, other.id, group.id, { name: "Mine" }, now)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("one alert for the group: any store in stock at or below the target, once until it re-arms", async () => {
    const { db, sql } = database.current;
    const { person, watches, products } = await seedThreeStores();
    const group = await createGroup(
      db,
      person.id,
      { watchIds: watches.slice(0, 3), target: { amountMinor: 9600, currency: "EUR" } },
      now,
    );
    const rates = async () => RATES;
    const raise = (observationId: string, productIndex = 1) =>
      raiseGroupAlerts(sql, { productId: products[productIndex]!, observationId, at: now, rates });
    // The dollar store is 95.00 € ≤ 96.00 €: one alert, about that store.
    expect(await raise("o1")).toBe(1);
    const events = await db.select().from(alertEvent).where(eq(alertEvent.userId, person.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "below_target",
      watchId: watches[1],
      newPriceMinor: 10260,
      currency: "USD",
      details: expect.objectContaining({ groupId: group.id, convertedMinor: 9500 }),
    });
    // Still met: no second alert, whichever store is checked.
    expect(await raise("o2", 0)).toBe(0);
    // Every store back above the target re-arms; coming below again alerts again.
    await db.update(product).set({ priceMinor: 11000 }).where(eq(product.id, products[1]!));
    expect(await raise("o3")).toBe(0);
    await db.update(product).set({ priceMinor: 10000 }).where(eq(product.id, products[1]!));
    expect(await raise("o4")).toBe(1);
  });

  it("a group alert in one currency needs no rates; stores in others are left out when rates are unavailable", async () => {
    const { db, sql } = database.current;
    const { person, watches, products } = await seedThreeStores();
    await createGroup(
      db,
      person.id,
      { watchIds: watches.slice(0, 3), target: { amountMinor: 10000, currency: "EUR" } },
      now,
    );
    const raised = await raiseGroupAlerts(sql, {
      productId: products[0]!,
      observationId: "o1",
      at: now,
      rates: async () => null,
    });
    expect(raised).toBe(1);
    const [event] = await db.select().from(alertEvent).where(eq(alertEvent.userId, person.id));
    expect(event).toMatchObject({ watchId: watches[0], currency: "EUR", newPriceMinor: 10000 });
  });
});

describe("the export carries groups and verdicts (issue #37)", () => {
  it("names each watch's group and verdict, and an import makes the groups again", async () => {
    const { db } = database.current;
    const { person, watches } = await seedThreeStores();
    await createGroup(
      db,
      person.id,
      {
        name: "Kettle",
        watchIds: watches.slice(0, 3),
        target: { amountMinor: 9000, currency: "EUR" },
      },
      now,
    );
    const data = await exportWatches(db, person.id, now);
    expect(WatchExport.safeParse(data).success).toBe(true);
    expect(data.groups).toEqual([
      { name: "Kettle", target: { amountMinor: 9000, currency: "EUR" } },
    ]);
    expect(data.watches.filter((w) => w.group === "Kettle")).toHaveLength(3);
    expect(data.watches.every((w) => w.verdict !== undefined)).toBe(true);

    const other = await seedUser(db);
    await importWatches(
      db,
      { userId: other.id, maxWatches: 10, minIntervalMinutes: 60, now },
      toImportFile(data),
    );
    const groups = await listGroups(db, other.id);
    expect(groups.map((g) => [g.name, g.watchIds.length, g.target])).toEqual([
      ["Kettle", 3, { amountMinor: 9000, currency: "EUR" }],
    ]);
  });
});
