import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { checkDueProducts } from "../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { priceObservation, product } from "../db/schema/index.ts";
import { exportToCsv, exportWatches } from "./export-watches.ts";
import { readImportOffLoop } from "./import-reader.ts";
import { importWatches } from "./import-watches.ts";
import { getWatchHistory } from "./watch-history.ts";
import { getWatch, listWatches } from "./watch-view.ts";

/**
 * The landed price (issue #37 item 6, decision 0079): the shipping and unit price a page
 * states are kept with each observation and on the product, shown by the watch's view and its
 * history, and carried by the export and the import.
 */
const database = setupTestDatabase();
const store = forThisFile(startStoreServer);
const log = pino({ level: "silent" });

const lamp = (shipping: string) =>
  productPage({
    title: "Lamp oil",
    price: "24.99",
    extra: `<p>${shipping}</p><p>($0.42 / 100 g)</p><p>Free shipping on orders over $35</p>`,
  });

async function checkAgain(productId: string) {
  const { db, sql } = database.current;
  await db
    .update(product)
    .set({ nextCheckAt: new Date(Date.now() - 1_000) })
    .where(eq(product.id, productId));
  const fetcher = testFetcher();
  await checkDueProducts(sql, () => fetcher, { workerId: "w1", log, policy: {} });
}

const rowsOf = (productId: string) =>
  database.current.db
    .select({
      priceMinor: priceObservation.priceMinor,
      shippingCostMinor: priceObservation.shippingCostMinor,
      shippingFreeAboveMinor: priceObservation.shippingFreeAboveMinor,
      unitPriceMinor: priceObservation.unitPriceMinor,
      unitPriceQuantity: priceObservation.unitPriceQuantity,
      unitPriceUnit: priceObservation.unitPriceUnit,
      checks: priceObservation.checkOffsets,
    })
    .from(priceObservation)
    .where(eq(priceObservation.productId, productId))
    .orderBy(priceObservation.observedAt, priceObservation.id);

describe("the landed price kept with each observation", () => {
  it("is stored, shown with the watch and its history, and a change of it starts a new row", async () => {
    const { db } = database.current;
    const user = await seedUser(db);
    store.setPage("/oil", lamp("Shipping: $4.99"));
    const created = await trackPage(
      db,
      testFetcher(),
      { userId: user.id },
      { url: store.url("/oil"), rule: { kind: "any_drop" } },
    );
    const view = await getWatch(db, user.id, created.id);
    expect(view?.shipping).toEqual({ costMinor: 499, freeAboveMinor: 3500, currency: "USD" });
    expect(view?.unitPrice).toEqual({
      amountMinor: 42,
      currency: "USD",
      perQuantity: 100,
      unit: "g",
    });
    expect(view?.landedPrice).toEqual({ amountMinor: 2998, currency: "USD" });

    // The same page again joins the row; a new shipping cost, the same price, starts one.
    await checkAgain(created.productId);
    store.setPage("/oil", lamp("Shipping: $5.99"));
    await checkAgain(created.productId);
    const rows = await rowsOf(created.productId);
    expect(rows.map(({ checks, ...r }) => ({ ...r, checks: checks.length + 1 }))).toEqual([
      {
        priceMinor: 2499,
        shippingCostMinor: 499,
        shippingFreeAboveMinor: 3500,
        unitPriceMinor: 42,
        unitPriceQuantity: 100,
        unitPriceUnit: "g",
        checks: 2,
      },
      {
        priceMinor: 2499,
        shippingCostMinor: 599,
        shippingFreeAboveMinor: 3500,
        unitPriceMinor: 42,
        unitPriceQuantity: 100,
        unitPriceUnit: "g",
        checks: 1,
      },
    ]);
    expect((await getWatch(db, user.id, created.id))?.landedPrice).toEqual({
      amountMinor: 3098,
      currency: "USD",
    });
    const history = await getWatchHistory(db, user.id, created.id, new Date());
    expect(history.points.map((p) => p.shipping?.costMinor)).toEqual([499, 599]);
    expect(history.points.at(-1)?.unitPrice).toEqual(view?.unitPrice);

    // A page that stops stating them: none kept, none shown.
    store.setPage("/oil", productPage({ title: "Lamp oil", price: "24.99" }));
    await checkAgain(created.productId);
    const plain = await getWatch(db, user.id, created.id);
    expect([plain?.shipping, plain?.unitPrice, plain?.landedPrice]).toEqual([null, null, null]);
    expect((await rowsOf(created.productId)).at(-1)).toMatchObject({
      shippingCostMinor: null,
      unitPriceMinor: null,
      unitPriceUnit: null,
    });
  });

  it("travels through the export (JSON and CSV) and back in through the import", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    store.setPage("/exp", lamp("+ $4.99 shipping"));
    const now = new Date();
    const w = await trackPage(
      db,
      testFetcher(),
      { userId: a.id, now },
      { url: store.url("/exp"), rule: { kind: "any_drop" } },
    );
    const data = await exportWatches(db, a.id, now);
    expect(data.watches[0]?.history[0]).toMatchObject({
      shipping: { costMinor: 499, freeAboveMinor: 3500, currency: "USD" },
      unitPrice: { amountMinor: 42, currency: "USD", perQuantity: 100, unit: "g" },
    });
    const csv = exportToCsv(data).trim().split("\r\n");
    expect(csv[1]).toMatch(/,4\.99,35\.00,0\.42,100 g$/);

    // Into an instance without the product, through the reader thread the API uses.
    await db.delete(product).where(eq(product.id, w.productId));
    const b = await seedUser(db);
    const file = await readImportOffLoop(new TextEncoder().encode(JSON.stringify(data)), {
      maxPoints: 1_000,
    });
    const limits = { userId: b.id, maxWatches: 10, minIntervalMinutes: 60, now };
    expect((await importWatches(db, limits, file)).imported).toBe(1);
    const [imported] = await listWatches(db, b.id);
    expect(await rowsOf(imported!.productId)).toEqual([
      {
        priceMinor: 2499,
        shippingCostMinor: 499,
        shippingFreeAboveMinor: 3500,
        unitPriceMinor: 42,
        unitPriceQuantity: 100,
        unitPriceUnit: "g",
        checks: [],
      },
    ]);
    const again = await exportWatches(db, b.id, now);
    expect(again.watches[0]?.history).toEqual(data.watches[0]?.history);
  });
});
