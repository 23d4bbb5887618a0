import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedOneWatch } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { priceObservation } from "../db/schema/index.ts";
import { recordObservation } from "./record-observation.ts";
import { getWatchHistory } from "./watch-history.ts";

const database = setupTestDatabase();
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const ago = (days: number) => new Date(now.getTime() - days * DAY);

function seedWatch() {
  return seedOneWatch(database.current.db, { now, price: { amountMinor: 6000, currency: "EUR" } });
}

const facts = (priceMinor: number, listPriceMinor: number | null) => ({
  priceMinor,
  currency: "EUR",
  listPriceMinor,
  referenceLowest30dMinor: null,
  availability: "in_stock",
});

describe("a discount checked against history (issue #37 item 2, decision 0062)", () => {
  it("keeps the page's list price with the observation; a new list price starts a new run", async () => {
    const { db } = database.current;
    const { productId } = await seedWatch();
    await recordObservation(db, productId, facts(6000, null), ago(3));
    expect((await recordObservation(db, productId, facts(6000, null), ago(2))).isChange).toBe(
      false,
    );
    expect((await recordObservation(db, productId, facts(6000, 8000), ago(1))).isChange).toBe(true);
    const rows = await db
      .select({ listPriceMinor: priceObservation.listPriceMinor })
      .from(priceObservation)
      .where(eq(priceObservation.productId, productId))
      .orderBy(priceObservation.observedAt);
    expect(rows.map((r) => r.listPriceMinor)).toEqual([null, 8000]);
  });

  it("the product page's history says a 'was' price never charged is inflated", async () => {
    const { db } = database.current;
    const { person, watchId, productId } = await seedWatch();
    for (let d = 30; d >= 1; d -= 1)
      await recordObservation(db, productId, facts(6000, null), ago(d));
    await recordObservation(db, productId, facts(6000, 8000), ago(0.5));
    await recordObservation(db, productId, facts(6000, 8000), now);
    const history = await getWatchHistory(db, person.id, watchId, now);
    expect(history.points.at(-1)?.listPrice).toEqual({ amountMinor: 8000, currency: "EUR" });
    expect(history.reference?.key).toBe("inflated");
    expect(history.reference?.chargedDaysEver).toBe(0);
  });

  it("a 'was' price charged for weeks before the sale is a real discount", async () => {
    const { db } = database.current;
    const { person, watchId, productId } = await seedWatch();
    for (let d = 40; d >= 5; d -= 1)
      await recordObservation(db, productId, facts(8000, null), ago(d));
    await recordObservation(db, productId, facts(6000, 8000), ago(4));
    await recordObservation(db, productId, facts(6000, 8000), now);
    const history = await getWatchHistory(db, person.id, watchId, now);
    expect(history.reference?.key).toBe("charged");
    expect(history.reference?.chargedDaysBeforeSale).toBeCloseTo(36, 5);
  });

  it("no reference above the price: nothing to check", async () => {
    const { db } = database.current;
    const { person, watchId, productId } = await seedWatch();
    await recordObservation(db, productId, facts(6000, null), ago(10));
    const history = await getWatchHistory(db, person.id, watchId, now);
    expect(history.reference).toBeNull();
  });
});
