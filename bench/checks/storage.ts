/**
 * Storage: bytes of price history per product per year of checks every 6 hours, through the
 * check's real write path (extract a page → readCheckState → storeReading, under a lease), with
 * realistic change rates: the price changes on 2 % of checks (~29 times a year), stock flips on
 * 0.5 % of checks.
 *   node bench/checks/storage.ts [--products 40] [--db postgres|pglite]
 */
import { parseArgs } from "node:util";
import { readCheckState, storeReading } from "../../core/checks/check-store.ts";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { extractProduct } from "../../core/extract/index.ts";
import { factsFromExtraction } from "../../core/tracking/record-observation.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "40" },
    db: { type: "string", default: "postgres" },
  },
});
const products = Number(values.products);
const checksPerYear = 365 * 4;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** One check of a product as the worker stores it: leased, read, decided (no watches), written. */
async function checkOnce(productId: string, at: Date, priceMinor: number, availability: string) {
  const url = `https://s.test/p/${productId}`;
  const offer = {
    "@type": "Offer",
    price: (priceMinor / 100).toFixed(2),
    priceCurrency: "USD",
    availability:
      availability === "in_stock" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  };
  const html = `<html><head><title>Thing</title><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Thing", offers: offer })}</script></head><body><h1>Thing</h1></body></html>`;
  const result = extractProduct(html, url);
  const facts = factsFromExtraction(result);
  const fence = {
    productId,
    leaseOwner: "storage-bench",
    leaseUntil: new Date(at.getTime() + 60_000),
  };
  await database.sql.query("update product set lease_owner = $2, lease_until = $3 where id = $1", [
    productId,
    fence.leaseOwner,
    fence.leaseUntil.toISOString(),
  ]);
  const state = await readCheckState(database.sql, fence, facts);
  const stored = await storeReading(database.sql, fence, {
    at,
    result,
    facts,
    outcome: "ok",
    nextCheckAt: new Date(at.getTime() + 6 * 3_600_000),
    state: state!,
    stateWrites: [],
    events: [],
  });
  if (!stored.isFenceHeld) throw new Error("the storage bench lost its own lease");
}

let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
if (values.db === "pglite") {
  database = await openDatabase({ kind: "pglite", dataDir: undefined });
} else {
  scratch = await createScratchDatabase(serverUrl, "dropwave_storage");
  database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 8 });
}
try {
  await migrateDatabase(database);
  const { rows } = await database.sql.query<{ id: string }>(
    `insert into product (url_key, url, host, store)
     select 'https://s.test/p/' || g, 'https://s.test/p/' || g, 's.test', 's'
       from generate_series(1, $1::int) g returning id`,
    [products],
  );
  const start = Date.UTC(2026, 0, 1);
  let changes = 0;
  await Promise.all(
    rows.map(async ({ id }) => {
      let price = 2_000 + Math.floor(random() * 50_000);
      let availability = "in_stock";
      for (let i = 0; i < checksPerYear; i += 1) {
        if (random() < 0.02) {
          price = Math.max(100, Math.round(price * (0.85 + random() * 0.3)));
          changes += 1;
        }
        if (random() < 0.005) {
          availability = availability === "in_stock" ? "out_of_stock" : "in_stock";
          changes += 1;
        }
        // Checks land at jittered times (up to 10 % early), as the scheduler plans them.
        const at = new Date(start + i * 6 * 3_600_000 - Math.floor(random() * 2_160_000));
        await checkOnce(id, at, price, availability);
      }
    }),
  );
  await database.sql.query("vacuum full price_observation");
  const size = await database.sql.query<{ bytes: string; rows: string }>(
    `select pg_total_relation_size('price_observation')::text as bytes,
            (select count(*) from price_observation)::text as rows`,
  );
  const bytes = Number(size.rows[0]!.bytes);
  const historyRows = Number(size.rows[0]!.rows);
  console.log(
    JSON.stringify({
      db: values.db,
      products,
      checksPerProductYear: checksPerYear,
      changesPerProductYear: Math.round(changes / products),
      rowsPerProductYear: Math.round(historyRows / products),
      bytesPerProductYear: Math.round(bytes / products),
      naiveRowPerCheckEstimateBytes: checksPerYear * 60,
    }),
  );
} finally {
  await database.close();
  await scratch?.drop();
}
