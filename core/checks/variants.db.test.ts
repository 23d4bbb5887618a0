import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { product } from "../db/schema/index.ts";
import { CreateWatchInput } from "../tracking/create-watch.ts";
import { startTracking } from "../tracking/start-tracking.ts";
import { claimDueProducts } from "./claim-due-products.ts";
import { runPriceCheck } from "./run-price-check.ts";

/** #12 item 5: a watch of one variant is checked for that variant's price, not the default's. */
const database = setupTestDatabase();
const log = pino({ level: "silent" });
const store = forThisFile(startStoreServer);

/** A product group whose first (default) variant costs `small` and second `large`. */
function shirtPage(small: string, large: string): string {
  const variant = (sku: string, price: string) => ({
    "@type": "Product",
    sku,
    name: `Shirt, ${sku.slice(-1)}`,
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    },
  });
  const data = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: "Shirt",
    productGroupID: "SH",
    hasVariant: [variant("SH-S", small), variant("SH-L", large)],
  };
  return `<!doctype html><html lang="en"><head><title>Shirt</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Shirt</h1><button>Add to cart</button></body></html>`;
}

async function track(userId: string, input: Record<string, unknown>) {
  const { watch } = await startTracking(
    { db: database.current.db, fetcher: testFetcher({ hostConcurrency: 16 }) },
    { userId, maxWatches: 10, minIntervalMinutes: 60, now: new Date() },
    CreateWatchInput.parse(input),
  );
  return watch;
}

async function productRow(id: string) {
  const [row] = await database.current.db.select().from(product).where(eq(product.id, id));
  return row!;
}

describe("variant watches", () => {
  it("stores the chosen variant, and later checks read its price, not the default's", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    const bob = await seedUser(db);
    store.setPage("/shirt", shirtPage("19.90", "24.90"));
    const url = store.url("/shirt");

    const large = await track(alice.id, { url, variantId: "SH-L" });
    expect(large).toMatchObject({
      price: { amountMinor: 2490, currency: "EUR" },
      variantId: "SH-L",
    });
    const largeRow = await productRow(large.productId);
    expect(largeRow).toMatchObject({ variantId: "SH-L", priceMinor: 2490, url });

    // Another person tracking the page's default variant gets a product of their own.
    const plain = await track(bob.id, { url });
    expect(plain.productId).not.toBe(large.productId);
    expect((await productRow(plain.productId)).variantId).toBeNull();

    // The large size drops; the default (small) one stays. The check reads the large size.
    store.setPage("/shirt", shirtPage("19.90", "21.90"));
    await db
      .update(product)
      .set({ nextCheckAt: new Date(Date.now() - 1_000) })
      .where(eq(product.id, large.productId));
    const claimed = await claimDueProducts(database.current.sql, {
      workerId: "w1",
      batchSize: 10,
      leaseMs: 60_000,
      now: new Date(),
    });
    expect(claimed.map((c) => [c.id, c.variantId])).toEqual([[large.productId, "SH-L"]]);
    const result = await runPriceCheck(
      { sql: database.current.sql, fetcher: testFetcher({ hostConcurrency: 16 }), log },
      claimed[0]!,
    );
    expect(result).toMatchObject({ kind: "checked" });
    expect(await productRow(large.productId)).toMatchObject({ priceMinor: 2190, currency: "EUR" });
  });

  it("refuses a variant id that is not one (NUL, too long, odd characters)", () => {
    const url = "https://shop.example/p";
    for (const variantId of ["a\u0000", "x".repeat(101), "a b", ""]) {
      const parsed = CreateWatchInput.safeParse({ url, variantId });
      expect(parsed.success, JSON.stringify(variantId)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["variantId"]);
    }
    expect(CreateWatchInput.parse({ url, variantId: "SH-1/L:2.0_x" }).variantId).toBe(
      "SH-1/L:2.0_x",
    );
  });
});
