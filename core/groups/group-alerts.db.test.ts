import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { alertEvent, product, watch, watchGroup } from "../db/schema/index.ts";
import { raiseGroupAlerts } from "../groups/group-alerts.ts";
import { recordBrowserReading } from "../tracking/browser-refresh.ts";
import { recordObservation } from "../tracking/record-observation.ts";
import { createGroup } from "../tracking/watch-groups.ts";

/**
 * The group alert, "any store at or below X" (issue #37 item 5, decision 0068), from every
 * reading of a member: a server check and a person's browser reading (0048) alike.
 */
const database = setupTestDatabase();
const log = pino({ level: "silent" });
const now = new Date("2026-11-27T12:00:00Z");
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });
const DAY = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY);

/** A person watching one product at `prices.length` stores (EUR, in stock), grouped, with a target. */
async function seedGroup(prices: number[], targetMinor: number) {
  const { db } = database.current;
  const person = await seedUser(db);
  const seeded = await seedCatalogue(db, person.id, {
    count: prices.length,
    now,
    historyPoints: 1,
    urlPrefix: `https://${person.id}.`,
  });
  for (const [i, priceMinor] of prices.entries()) {
    await db
      .update(product)
      .set({ priceMinor, currency: "EUR", availability: "in_stock" })
      .where(eq(product.id, seeded[i]!.productId));
  }
  const watches = seeded.map((s) => s.watchId);
  const group = await createGroup(
    db,
    person.id,
    { watchIds: watches, target: eur(targetMinor) },
    now,
  );
  return { person, group, watches, products: seeded.map((s) => s.productId) };
}

async function eventsOf(userId: string) {
  return database.current.db
    .select()
    .from(alertEvent)
    .where(eq(alertEvent.userId, userId))
    .orderBy(alertEvent.createdAt);
}

const groupEvents = async (userId: string) =>
  (await eventsOf(userId)).filter((e) => typeof e.details.groupId === "string");

describe("the group alert from a person's browser reading (#37 gap a)", () => {
  it("a reading below the group's target raises the group alert once; nobody else's group moves", async () => {
    const { db } = database.current;
    const { person, group, watches, products } = await seedGroup([10000, 12000, 11000], 9000);
    // Someone else groups the first store's product too, with a target the reading would meet.
    const other = await seedUser(db);
    const [theirs] = await db
      .insert(watch)
      .values({ userId: other.id, productId: products[1]!, createdAt: now })
      .returning({ id: watch.id });
    await createGroup(db, other.id, { watchIds: [theirs!.id], target: eur(9500) }, now);

    const read = (amountMinor: number, at: Date) =>
      recordBrowserReading(
        { database: database.current, log },
        { userId: person.id, watchId: watches[1]!, now: at },
        { title: null, imageUrl: null, price: eur(amountMinor), availability: "in_stock" },
      );
    const view = await read(8500, new Date(now.getTime() + 60_000));
    expect(view.price).toEqual(eur(8500));
    const raised = await groupEvents(person.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      kind: "below_target",
      watchId: watches[1],
      newPriceMinor: 8500,
      currency: "EUR",
      details: expect.objectContaining({ groupId: group.id, source: "browser" }),
    });
    const [flag] = await db
      .select({ isTargetMet: watchGroup.isTargetMet })
      .from(watchGroup)
      .where(eq(watchGroup.id, group.id));
    expect(flag?.isTargetMet).toBe(true);

    // Still met: a lower reading raises no second group alert.
    await read(8400, new Date(now.getTime() + 3_600_000));
    expect(await groupEvents(person.id)).toHaveLength(1);

    // The shared product and the other person's group are as they were.
    const [shared] = await db.select().from(product).where(eq(product.id, products[1]!));
    expect(shared?.priceMinor).toBe(12000);
    expect(await eventsOf(other.id)).toEqual([]);
    const [theirGroup] = await db
      .select({ isTargetMet: watchGroup.isTargetMet })
      .from(watchGroup)
      .where(and(eq(watchGroup.userId, other.id)));
    expect(theirGroup?.isTargetMet).toBe(false);
  });
});

/** A server check of one store at `when` as stored: its history row and its product's price. */
async function record(productId: string, priceMinor: number, when: Date) {
  const { db } = database.current;
  const { observationId } = await recordObservation(
    db,
    productId,
    {
      priceMinor,
      currency: "EUR",
      listPriceMinor: null,
      referenceLowest30dMinor: null,
      availability: "in_stock",
    },
    when,
  );
  await db
    .update(product)
    .set({ priceMinor, currency: "EUR", lastSuccessAt: when })
    .where(eq(product.id, productId));
  return observationId;
}

/** A server check of one store, then the group alert as the check runs it. */
async function serverCheck(productId: string, priceMinor: number, when: Date) {
  const observationId = await record(productId, priceMinor, when);
  return raiseGroupAlerts(database.current.sql, {
    productId,
    observationId: String(observationId),
    at: when,
  });
}

const isTargetMet = async (groupId: string) =>
  (
    await database.current.db
      .select({ isTargetMet: watchGroup.isTargetMet })
      .from(watchGroup)
      .where(eq(watchGroup.id, groupId))
  )[0]?.isTargetMet;

describe("the group alert honours each store's watch options, as its own alerts do (#37 gap b)", () => {
  it("a snoozed store's watch raises nothing; the target counts as met, so the snooze's end raises nothing either", async () => {
    const { db } = database.current;
    const { person, group, watches, products } = await seedGroup([10000, 12000], 9000);
    await db
      .update(watch)
      .set({ snoozedUntil: at(1) })
      .where(eq(watch.id, watches[0]!));
    expect(await serverCheck(products[0]!, 8500, now)).toBe(0);
    expect(await isTargetMet(group.id)).toBe(true);
    // The snooze is over: the same price is no news.
    expect(await serverCheck(products[0]!, 8500, at(2))).toBe(0);
    // Back above the target re-arms; below again alerts.
    expect(await serverCheck(products[0]!, 9500, at(3))).toBe(0);
    expect(await isTargetMet(group.id)).toBe(false);
    expect(await serverCheck(products[0]!, 8800, at(4))).toBe(1);
    expect((await groupEvents(person.id)).map((e) => [e.watchId, e.newPriceMinor])).toEqual([
      [watches[0], 8800],
    ]);
  });

  it("'only a real deal': a price below the target but above the 90-day low is held back, not spent", async () => {
    const { db } = database.current;
    const { person, group, watches, products } = await seedGroup([10000, 12000], 9000);
    await db.update(watch).set({ onlyRealDeal: true }).where(eq(watch.id, watches[1]!));
    // The second store: 120.00 for a month, 80.00 for ten days, back to 120.00.
    await record(products[1]!, 12000, at(-40));
    await record(products[1]!, 8000, at(-20));
    await record(products[1]!, 12000, at(-10));
    // 85.00 is below the 90.00 target, but not below the 90-day low of 80.00: no real deal.
    expect(await serverCheck(products[1]!, 8500, now)).toBe(0);
    expect(await isTargetMet(group.id)).toBe(false);
    // 79.00 is: the group alerts about it.
    expect(await serverCheck(products[1]!, 7900, at(0.5))).toBe(1);
    expect((await groupEvents(person.id)).map((e) => [e.watchId, e.newPriceMinor])).toEqual([
      [watches[1], 7900],
    ]);
  });
});

describe("each day's reference rates are kept while a group spans currencies (#37 gap c)", () => {
  it("a check of a store in a group of several currencies asks for the day's rates, even without a target", async () => {
    const { db, sql } = database.current;
    const { group, products } = await seedGroup([10000, 12000], 9000);
    await db
      .update(watchGroup)
      .set({ targetMinor: null, targetCurrency: null })
      .where(eq(watchGroup.id, group.id));
    let asked = 0;
    const rates = async () => {
      asked += 1;
      return { date: "2026-11-27", perEur: { EUR: 1, USD: 1.08 } };
    };
    const raise = () =>
      raiseGroupAlerts(sql, { productId: products[0]!, observationId: "o", at: now, rates });
    // One currency: nothing to convert, no feed asked.
    expect(await raise()).toBe(0);
    expect(asked).toBe(0);
    await db.update(product).set({ currency: "USD" }).where(eq(product.id, products[1]!));
    expect(await raise()).toBe(0);
    expect(asked).toBe(1);
  });
});
