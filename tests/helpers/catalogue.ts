import { eq } from "drizzle-orm";
import type { Db } from "../../core/db/client.ts";
import { priceObservation, product, watch } from "../../core/db/schema/index.ts";
import { seedUser } from "./users.ts";

const STORES = ["lumen.test", "kettle-co.test", "northwind.test", "gearhub.test", "atelier.test"];
const NOUNS = ["Lamp", "Kettle", "Backpack", "Headphones", "Chair", "Blender", "Jacket", "Drill"];

export type SeededWatch = {
  watchId: string;
  productId: string;
  title: string;
  store: string;
  priceMinor: number;
  baselineMinor: number;
  targetMinor: number | null;
};

/**
 * `count` tracked products for one person, written straight to the database (for tests and
 * benchmarks that are not about adding products): varied stores, titles, prices, baselines,
 * below-target rules on every third, and a few price changes of history each. Deterministic.
 */
export async function seedCatalogue(
  db: Db,
  userId: string,
  options: { count: number; now?: Date; urlPrefix?: string; historyPoints?: number },
): Promise<SeededWatch[]> {
  const now = options.now ?? new Date();
  const points = options.historyPoints ?? 4;
  const seeded: SeededWatch[] = [];
  for (let start = 0; start < options.count; start += 100) {
    const batch = Array.from({ length: Math.min(100, options.count - start) }, (_, j) => {
      const i = start + j;
      const store = STORES[i % STORES.length] as string;
      const title = `${["Arc", "Nova", "Pulse", "Drift", "Echo"][i % 5]} ${NOUNS[i % NOUNS.length]} ${i + 1}`;
      const baselineMinor = 5_000 + ((i * 7_919) % 20_000);
      // Between a 40 % drop and a 20 % rise since added, spread over the list.
      const priceMinor = Math.round(baselineMinor * (0.6 + ((i * 37) % 61) / 100));
      const targetMinor =
        i % 3 === 0 ? Math.round(baselineMinor * (0.5 + ((i * 13) % 40) / 100)) : null;
      return { i, store, title, baselineMinor, priceMinor, targetMinor };
    });
    const products = await db
      .insert(product)
      .values(
        batch.map((b) => ({
          urlKey: `${options.urlPrefix ?? "https://"}${b.store}/p/${b.i + 1}`,
          url: `${options.urlPrefix ?? "https://"}${b.store}/p/${b.i + 1}`,
          host: b.store,
          store: b.store,
          title: b.title,
          priceMinor: b.priceMinor,
          currency: "EUR",
          availability: b.i % 11 === 0 ? "out_of_stock" : "in_stock",
          extractStatus: "ok",
          lastCheckedAt: now,
          lastSuccessAt: now,
          // Far in the future: a worker running alongside leaves the seeded rows alone.
          nextCheckAt: new Date(now.getTime() + 365 * 86_400_000),
        })),
      )
      .returning({ id: product.id });
    const watches = await db
      .insert(watch)
      .values(
        batch.map((b, j) => ({
          userId,
          productId: products[j]?.id as string,
          ruleKind: b.targetMinor === null ? "any_drop" : "below_target",
          ruleAmountMinor: b.targetMinor,
          ruleCurrency: b.targetMinor === null ? null : "EUR",
          baselinePriceMinor: b.baselineMinor,
          baselineCurrency: "EUR",
          createdAt: new Date(now.getTime() - (options.count - b.i) * 60_000),
        })),
      )
      .returning({ id: watch.id });
    const history = batch.flatMap((b, j) =>
      Array.from({ length: points }, (_, k) => {
        const at = new Date(now.getTime() - (points - k) * 3 * 86_400_000);
        const price =
          k === points - 1
            ? b.priceMinor
            : Math.round(b.baselineMinor * (0.9 + (((b.i + 1) * (k + 3)) % 30) / 100));
        return {
          productId: products[j]?.id as string,
          priceMinor: price,
          currency: "EUR",
          availability: "in_stock",
          observedAt: at,
          lastSeenAt: at,
        };
      }),
    );
    if (history.length > 0) await db.insert(priceObservation).values(history);
    batch.forEach((b, j) => {
      seeded.push({
        watchId: watches[j]?.id as string,
        productId: products[j]?.id as string,
        title: b.title,
        store: b.store,
        priceMinor: b.priceMinor,
        baselineMinor: b.baselineMinor,
        targetMinor: b.targetMinor,
      });
    });
  }
  return seeded;
}

/**
 * A new person tracking one product with no history yet (its address unique to the person), at
 * `price` when given: the start of tests that write their own history.
 */
export async function seedOneWatch(
  db: Db,
  options: { now: Date; price?: { amountMinor: number; currency: string } },
): Promise<SeededWatch & { person: Awaited<ReturnType<typeof seedUser>> }> {
  const person = await seedUser(db);
  const [seeded] = await seedCatalogue(db, person.id, {
    count: 1,
    now: options.now,
    historyPoints: 0,
    urlPrefix: `https://${person.id}.`,
  });
  if (!seeded) throw new Error("seedCatalogue made no watch");
  if (options.price) {
    await db
      .update(product)
      .set({ priceMinor: options.price.amountMinor, currency: options.price.currency })
      .where(eq(product.id, seeded.productId));
  }
  return { person, ...seeded };
}
