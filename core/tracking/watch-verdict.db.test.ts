import { describe, expect, it } from "vitest";
import { seedOneWatch } from "../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { priceObservation } from "../db/schema/index.ts";
import { getWatchHistory } from "./watch-history.ts";
import { listWatchPage, WatchPageQuery, watchVerdicts } from "./watch-page.ts";

const database = setupTestDatabase();
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const ago = (days: number) => new Date(now.getTime() - days * DAY);

/** One watch whose product held 100.00 € for 59 days and is 80.00 € since yesterday. */
async function seedSale() {
  const { db } = database.current;
  const { person, watchId, productId } = await seedOneWatch(db, {
    now,
    price: { amountMinor: 8000, currency: "EUR" },
  });
  await db.insert(priceObservation).values([
    {
      productId,
      priceMinor: 10000,
      currency: "EUR",
      availability: "in_stock",
      observedAt: ago(60),
      lastSeenAt: ago(1.25),
    },
    {
      productId,
      priceMinor: 8000,
      currency: "EUR",
      availability: "in_stock",
      observedAt: ago(1),
      lastSeenAt: now,
    },
  ]);
  return { person, watchId, productId };
}

describe("the verdict on the product page and the hub (issue #37 item 1, decision 0061)", () => {
  it("the product page's history carries the verdict and its figures", async () => {
    const { person, watchId } = await seedSale();
    const history = await getWatchHistory(database.current.db, person.id, watchId, now);
    expect(history.verdict.key).toBe("lowest_ever");
    expect(history.verdict.allTimeLow).toEqual({ amountMinor: 8000, currency: "EUR" });
    expect(history.verdict.windows[0]).toEqual({
      days: 30,
      low: { amountMinor: 8000, currency: "EUR" },
      high: { amountMinor: 10000, currency: "EUR" },
      isCovered: true,
    });
    expect(history.verdict.windows[1]?.isCovered).toBe(false);
    // One day of sixty at 80 €, however many checks saw it.
    expect(history.verdict.shareAtOrBelow).toBeCloseTo(1 / 60, 5);
  });

  it("the hub list's rows and the cards carry the words' key", async () => {
    const { person, watchId, productId } = await seedSale();
    const { db } = database.current;
    const page = await listWatchPage(db, person.id, WatchPageQuery.parse({ verdict: "1" }), now);
    expect(page.items.map((i) => i.verdict)).toEqual(["lowest_ever"]);
    // The lean list of the API leaves it out unless asked.
    const lean = await listWatchPage(db, person.id, WatchPageQuery.parse({}), now);
    expect(lean.items[0]).not.toHaveProperty("verdict");
    const cards = await watchVerdicts(
      db,
      [{ watchId, productId, price: { amountMinor: 10000, currency: "EUR" } }],
      now,
    );
    expect(cards.get(watchId)).toBe("typical");
  });

  it("no claim on a product seen for a day", async () => {
    const { db } = database.current;
    const seeded = await seedOneWatch(db, { now });
    const { person } = seeded;
    await db.insert(priceObservation).values({
      productId: seeded.productId,
      priceMinor: seeded.priceMinor,
      currency: "EUR",
      availability: "in_stock",
      observedAt: ago(1),
      lastSeenAt: now,
    });
    const page = await listWatchPage(db, person.id, WatchPageQuery.parse({ verdict: "1" }), now);
    expect(page.items[0]?.verdict).toBeNull();
    const history = await getWatchHistory(db, person.id, seeded.watchId, now);
    expect(history.verdict.key).toBe("not_enough_history");
  });
});
