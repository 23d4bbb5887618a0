import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { checkDueProducts } from "../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { alertEvent, priceObservation, product, watch } from "../db/schema/index.ts";
import { getWatchHistory } from "../tracking/watch-history.ts";

const database = setupTestDatabase();
const log = pino({ level: "silent" });
const store = forThisFile(startStoreServer);
const DAY = 86_400_000;

/** A product page at `price` €, with a "was" price when given (JSON-LD ListPrice). */
function page(price: string, was?: string): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kettle",
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      ...(was
        ? {
            priceSpecification: [
              {
                "@type": "UnitPriceSpecification",
                priceType: "https://schema.org/ListPrice",
                price: was,
                priceCurrency: "EUR",
              },
            ],
          }
        : {}),
    },
  };
  return `<!doctype html><html lang="en"><head><title>Kettle</title>
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><h1>Kettle</h1><p class="price">€${price}</p><button>Add to cart</button></body></html>`;
}

/** A watch of a product whose history, before today, is `runs` (days ago → price in €). */
async function trackWithHistory(path: string, runs: [number, number, string][]) {
  const { db } = database.current;
  const person = await seedUser(db);
  store.setPage(path, page(runs.at(-1)![2]));
  const w = await trackPage(
    db,
    testFetcher(),
    { userId: person.id },
    { url: store.url(path), rule: { kind: "any_drop" }, onlyRealDeal: true },
  );
  await db.delete(priceObservation).where(eq(priceObservation.productId, w.productId));
  const now = Date.now();
  await db.insert(priceObservation).values(
    runs.map(([from, to, euros]) => ({
      productId: w.productId,
      priceMinor: Math.round(Number(euros) * 100),
      currency: "EUR",
      availability: "in_stock",
      observedAt: new Date(now - from * DAY),
      lastSeenAt: new Date(now - to * DAY),
    })),
  );
  return w;
}

async function checkWith(productId: string, html: string, path: string) {
  const { db, sql } = database.current;
  store.setPage(path, html);
  await db
    .update(product)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(product.id, productId));
  await checkDueProducts(sql, () => testFetcher(), { log });
  return db.select().from(alertEvent).where(eq(alertEvent.productId, productId));
}

describe("only a real deal, through a check (issue #37 item 4, decision 0063)", () => {
  it("a drop above the 90-day low is held back; one below it alerts", async () => {
    const path = "/rd/low";
    // 90 € for a month, then 100 € since.
    const w = await trackWithHistory(path, [
      [60, 30, "90.00"],
      [30, 0, "100.00"],
    ]);
    expect(await checkWith(w.productId, page("95.00"), path)).toHaveLength(0);
    const events = await checkWith(w.productId, page("85.00"), path);
    expect(events.map((e) => [e.kind, e.newPriceMinor])).toEqual([["price_drop", 8500]]);
  });

  it("a discount from a 'was' price charged for a month alerts; from one never charged, not", async () => {
    const charged = await trackWithHistory("/rd/was", [
      [60, 30, "90.00"],
      [30, 0, "100.00"],
    ]);
    const a = await checkWith(charged.productId, page("95.00", "100.00"), "/rd/was");
    expect(a.map((e) => e.kind)).toEqual(["price_drop"]);

    const inflated = await trackWithHistory("/rd/fake", [
      [60, 30, "90.00"],
      [30, 0, "100.00"],
    ]);
    expect(await checkWith(inflated.productId, page("95.00", "150.00"), "/rd/fake")).toHaveLength(
      0,
    );
  });

  it("the check keeps the page's list price with the observation it writes", async () => {
    const w = await trackWithHistory("/rd/keep", [[20, 0, "100.00"]]);
    await checkWith(w.productId, page("95.00", "100.00"), "/rd/keep");
    const rows = await database.current.db
      .select({ price: priceObservation.priceMinor, list: priceObservation.listPriceMinor })
      .from(priceObservation)
      .where(eq(priceObservation.productId, w.productId))
      .orderBy(priceObservation.observedAt);
    expect(rows.at(-1)).toEqual({ price: 9500, list: 10000 });
  });
});

describe("the EU 30-day low, through a check (issue #37 item 3, decision 0071)", () => {
  it("keeps the page's stated 30-day low with the observation; the history compares it with what Dropwave saw", async () => {
    const { db } = database.current;
    const w = await trackWithHistory("/eu/kettle", [
      [25, 10, "80.00"],
      [10, 0, "100.00"],
    ]);
    const page30 = `<!doctype html><html lang="de"><head><title>Wasserkocher</title>
<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Wasserkocher",
      offers: {
        "@type": "Offer",
        price: "75.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      },
    })}</script></head><body><h1>Wasserkocher</h1><p class="price">75,00 €</p>
<p>Niedrigster Preis der letzten 30 Tage: 100,00 €</p><button>In den Warenkorb</button></body></html>`;
    await checkWith(w.productId, page30, "/eu/kettle");
    const rows = await db
      .select({ eu: priceObservation.referenceLowest30dMinor })
      .from(priceObservation)
      .where(eq(priceObservation.productId, w.productId))
      .orderBy(priceObservation.observedAt);
    expect(rows.at(-1)).toEqual({ eu: 10000 });
    const [owner] = await db.select({ userId: watch.userId }).from(watch).where(eq(watch.id, w.id));
    const history = await getWatchHistory(db, owner!.userId, w.id, new Date());
    // The store says 100.00 € was its lowest of 30 days; Dropwave saw 80.00 € in them.
    expect(history.euLowest30d).toMatchObject({
      key: "higher_than_seen",
      stated: { amountMinor: 10000, currency: "EUR" },
      seenLow: { amountMinor: 8000, currency: "EUR" },
    });
  });
});
