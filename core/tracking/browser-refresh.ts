import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { claimProduct } from "../checks/claim-due-products.ts";
import { type RunPriceCheckDeps, runPriceCheck } from "../checks/run-price-check.ts";
import type { Database } from "../db/client.ts";
import { product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { type BrowserReading, resultFromReading } from "./browser-reading.ts";
import { getWatch, type WatchView } from "./watch-view.ts";

/**
 * A browser-assisted check: the person's browser read one of their products' pages (the
 * extension does this only when they turned it on, for stores that block the server). The
 * reading goes through the check's own decisions and fenced write — alerts included — as one
 * observation marked as the browser's.
 */
export async function recordBrowserReading(
  deps: { database: Database } & Pick<RunPriceCheckDeps, "fetcher" | "log">,
  context: { userId: string; watchId: string; now: Date },
  reading: BrowserReading,
): Promise<WatchView> {
  const { db } = deps.database;
  const [owned] = await db
    .select({ productId: watch.productId, host: product.host })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)));
  if (!owned) throw new AppError("not_found", "No such watch.");
  const claimed = await claimProduct(deps.database.sql, {
    productId: owned.productId,
    workerId: `browser-${randomUUID()}`,
    leaseMs: 60_000,
    now: context.now,
  });
  if (!claimed) {
    throw new AppError("conflict", "A check of this product is under way; try again in a moment.");
  }
  const result = await runPriceCheck(
    { sql: deps.database.sql, fetcher: deps.fetcher, log: deps.log, now: () => context.now },
    claimed,
    { result: resultFromReading(reading, owned.host), source: "browser" },
  );
  if (result.kind === "lease_lost") {
    throw new AppError("conflict", "A check of this product is under way; try again in a moment.");
  }
  const view = await getWatch(db, context.userId, context.watchId);
  if (!view) throw new AppError("not_found", "No such watch.");
  return view;
}
