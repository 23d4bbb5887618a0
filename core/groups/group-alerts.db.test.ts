import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { alertEvent, product, watch, watchGroup } from "../db/schema/index.ts";
import { recordBrowserReading } from "../tracking/browser-refresh.ts";
import { createGroup } from "../tracking/watch-groups.ts";

/**
 * The group alert, "any store at or below X" (issue #37 item 5, decision 0068), from every
 * reading of a member: a server check and a person's browser reading (0048) alike.
 */
const database = setupTestDatabase();
const log = pino({ level: "silent" });
const now = new Date("2026-11-27T12:00:00Z");
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });

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
