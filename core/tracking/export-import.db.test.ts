import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { priceObservation, product, watch } from "../db/schema/index.ts";
import { exportToCsv, exportWatches, WatchExport } from "./export-watches.ts";
import { toImportFile } from "./import-file.ts";
import { readImportOffLoop } from "./import-reader.ts";
import { HISTORY_BATCH_ROWS, importWatches } from "./import-watches.ts";
import { recordObservation } from "./record-observation.ts";
import { getWatchHistory } from "./watch-history.ts";
import { listWatches } from "./watch-view.ts";

const database = setupTestDatabase();
const store = forThisFile(startStoreServer);
const now = new Date("2026-11-20T12:00:00Z");

/** An export file, as Dropwave writes one, holding these watches. */
const exportOf = <W>(watches: W[]) => ({
  format: "dropwave-export",
  version: 1,
  exportedAt: now.toISOString(),
  watches,
});

async function track(userId: string, path: string, title: string, price: string) {
  store.setPage(path, productPage({ title, price }));
  return trackPage(
    database.current.db,
    testFetcher(),
    { userId, now },
    { url: store.url(path), rule: { kind: "percent_drop", percent: 15 } },
  );
}

describe("export and import", () => {
  it("exports watches with history as JSON that validates, and as CSV", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    const w = await track(a.id, "/e/1", 'Chair, "Oak" =SUM(1)', "80.00");
    await recordObservation(
      db,
      w.productId,
      {
        priceMinor: 7000,
        currency: "USD",
        listPriceMinor: null,
        referenceLowest30dMinor: null,
        availability: "in_stock",
      },
      new Date(now.getTime() + 3_600_000),
    );
    const data = await exportWatches(db, a.id, now);
    expect(WatchExport.safeParse(data).success).toBe(true);
    expect(data.watches).toHaveLength(1);
    expect(data.watches[0]!.history.map((p) => p.price?.amountMinor)).toEqual([8000, 7000]);
    const csv = exportToCsv(data);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "url,title,store,observed_at,last_seen_at,price,currency,availability,checks,shipping,free_shipping_from,unit_price,unit_price_per",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Chair, ""Oak"" =SUM(1)"');
    // A number a spreadsheet can sum, its currency in the next column (#39 item 12).
    expect(lines[2]).toMatch(/,70\.00,USD,/);
  });

  it("imports into another account: new watches, history for new products, duplicates skipped", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    await track(a.id, "/i/1", "Desk", "200.00");
    const data = await exportWatches(db, a.id, now);
    const foreign: WatchExport = {
      ...data,
      watches: [
        ...data.watches,
        {
          ...data.watches[0]!,
          url: "https://elsewhere.example/p/9?utm_source=x",
          history: [
            {
              at: "2026-01-01T00:00:00.000Z",
              lastSeenAt: "2026-02-01T00:00:00.000Z",
              price: { amountMinor: 999, currency: "EUR" },
              availability: "in_stock",
              checks: 120,
            },
          ],
        },
        { ...data.watches[0]!, url: "ftp://nope" },
      ],
    };
    const b = await seedUser(db);
    const result = await importWatches(
      db,
      { userId: b.id, maxWatches: 10, minIntervalMinutes: 60, now },
      toImportFile(foreign),
    );
    expect(result.imported).toBe(2);
    expect(result.skipped).toEqual([{ url: "ftp://nope", reason: "not an http(s) product link" }]);
    const imported = await listWatches(db, b.id);
    expect(imported.map((w) => w.rule.kind)).toEqual(["percent_drop", "percent_drop"]);
    const elsewhere = imported.find((w) => w.url === "https://elsewhere.example/p/9")!;
    const history = await getWatchHistory(db, b.id, elsewhere.id, now);
    expect(history.points).toHaveLength(1);
    expect(history.points[0]!.price).toEqual({ amountMinor: 999, currency: "EUR" });
    // Shared product: its history is not overwritten by the file.
    const desk = imported.find((w) => w.url.endsWith("/i/1"))!;
    expect((await getWatchHistory(db, b.id, desk.id, now)).points).toHaveLength(1);
    // Importing again skips everything.
    const again = await importWatches(
      db,
      { userId: b.id, maxWatches: 10, minIntervalMinutes: 60, now },
      toImportFile(foreign),
    );
    expect(again.imported).toBe(0);
    expect(again.skipped.filter((s) => s.reason === "already tracked")).toHaveLength(2);
  });

  it("round-trips the 'was' price and the EU 30-day low kept with each observation", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    const w = await track(a.id, "/r/1", "Lamp", "80.00");
    const hour = 3_600_000;
    await recordObservation(
      db,
      w.productId,
      {
        priceMinor: 6000,
        currency: "USD",
        listPriceMinor: 9000,
        referenceLowest30dMinor: 7500,
        availability: "in_stock",
      },
      new Date(now.getTime() + hour),
    );
    const data = await exportWatches(db, a.id, new Date(now.getTime() + 2 * hour));
    expect(data.watches[0]!.history.at(-1)).toMatchObject({
      listPrice: { amountMinor: 9000, currency: "USD" },
      referenceLowest30d: { amountMinor: 7500, currency: "USD" },
    });
    // Into another instance (here: the same one after the product is gone), through the reader
    // thread the API and the /user form use.
    await db.delete(product).where(eq(product.id, w.productId));
    const b = await seedUser(db);
    const file = await readImportOffLoop(new TextEncoder().encode(JSON.stringify(data)), {
      maxPoints: 1_000,
    });
    expect(
      (await importWatches(db, { userId: b.id, maxWatches: 10, minIntervalMinutes: 60, now }, file))
        .imported,
    ).toBe(1);
    const [imported] = await listWatches(db, b.id);
    const rows = await db
      .select({
        priceMinor: priceObservation.priceMinor,
        listPriceMinor: priceObservation.listPriceMinor,
        referenceLowest30dMinor: priceObservation.referenceLowest30dMinor,
      })
      .from(priceObservation)
      .where(eq(priceObservation.productId, imported!.productId))
      .orderBy(priceObservation.observedAt);
    expect(rows).toEqual([
      { priceMinor: 8000, listPriceMinor: null, referenceLowest30dMinor: null },
      { priceMinor: 6000, listPriceMinor: 9000, referenceLowest30dMinor: 7500 },
    ]);
    const again = await exportWatches(db, b.id, new Date(now.getTime() + 2 * hour));
    expect(again.watches[0]!.history).toEqual(data.watches[0]!.history);
  });

  it("writes nothing when the import would pass the limit", async () => {
    const { db } = database.current;
    const a = await seedUser(db);
    await track(a.id, "/l/1", "One", "1.00");
    await track(a.id, "/l/2", "Two", "2.00");
    const data = await exportWatches(db, a.id, now);
    const b = await seedUser(db);
    await expect(
      importWatches(
        db,
        { userId: b.id, maxWatches: 1, minIntervalMinutes: 60, now },
        toImportFile(data),
      ),
    ).rejects.toMatchObject({ code: "limit_reached" });
    expect(await db.select().from(watch).where(eq(watch.userId, b.id))).toHaveLength(0);
  });

  /** One watch as an export file holds it, with `points` hourly history rows. */
  function bigWatch(url: string, points: number): WatchExport["watches"][number] {
    const start = Date.parse("2020-01-01T00:00:00Z");
    return {
      url,
      title: "Long history",
      store: "history.example",
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      isPaused: false,
      candidateKey: null,
      baseline: null,
      createdAt: new Date(start).toISOString(),
      history: Array.from({ length: points }, (_, i) => ({
        at: new Date(start + i * 3_600_000).toISOString(),
        lastSeenAt: new Date(start + i * 3_600_000 + 60_000).toISOString(),
        price: { amountMinor: 10_000 + (i % 500), currency: "USD" },
        availability: "in_stock" as const,
        checks: 1,
      })),
    };
  }

  async function historyRows(url: string): Promise<number> {
    const [row] = await database.current.db
      .select({ value: count() })
      .from(priceObservation)
      .innerJoin(product, eq(product.id, priceObservation.productId))
      .where(eq(product.urlKey, url));
    return row?.value ?? 0;
  }

  it("imports a long history in batches, all of it", async () => {
    const { db } = database.current;
    const b = await seedUser(db);
    // Several batches and a part of one: enough to show the history is written whole.
    const rows = 3 * HISTORY_BATCH_ROWS + 7;
    const file = WatchExport.parse(exportOf([bigWatch("https://history.example/p/big", rows)]));
    const result = await importWatches(
      db,
      { userId: b.id, maxWatches: 10, minIntervalMinutes: 60, now },
      toImportFile(file),
    );
    expect(result).toEqual({ imported: 1, skipped: [] });
    expect(await historyRows("https://history.example/p/big")).toBe(rows);
  });

  it("writes none of a long history when a later watch in the file fails", async () => {
    const { db } = database.current;
    const b = await seedUser(db);
    const file = WatchExport.parse(
      exportOf([
        bigWatch("https://history.example/p/first", 12_000),
        bigWatch("https://history.example/p/second", 1),
      ]),
    );
    await expect(
      importWatches(
        db,
        { userId: b.id, maxWatches: 1, minIntervalMinutes: 60, now },
        toImportFile(file),
      ),
    ).rejects.toMatchObject({ code: "limit_reached" });
    expect(await historyRows("https://history.example/p/first")).toBe(0);
    expect(await db.select().from(watch).where(eq(watch.userId, b.id))).toHaveLength(0);
  }, 120_000);

  it("refuses negative prices and NUL characters in a file", () => {
    const file = exportOf([bigWatch("https://history.example/p/bad", 1)]);
    const negative = structuredClone(file);
    negative.watches[0]!.history[0]!.price = { amountMinor: -1, currency: "USD" };
    expect(WatchExport.safeParse(negative).error?.issues[0]).toMatchObject({
      path: ["watches", 0, "history", 0, "price", "amountMinor"],
      message: "A price cannot be negative.",
    });
    const nul = structuredClone(file);
    nul.watches[0]!.title = "Bad\u0000title";
    expect(WatchExport.safeParse(nul).error?.issues[0]?.path).toEqual(["watches", 0, "title"]);
  });
});
