import { and, eq } from "drizzle-orm";
import { decideForWatches, readAlertHistory, readRules } from "../checks/decide-for-watches.ts";
import { factsFromExtraction } from "../checks/observed-facts.ts";
import type { Database } from "../db/client.ts";
import { alertEvent, product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { raiseGroupAlerts } from "../groups/group-alerts.ts";
import type { RateSource } from "../groups/rate-source.ts";
import type { Logger } from "../log.ts";
import { type BrowserReading, resultFromReading } from "./browser-reading.ts";
import { recordObservation } from "./record-observation.ts";
import { getWatch, type WatchView } from "./watch-view.ts";

/**
 * A browser-assisted check: the person's browser read one of their products' pages (the
 * extension does this only when they turned it on, for stores that block the server).
 *
 * What one person's browser saw counts for that person's watch only (docs/decisions/0048): a
 * browser may show a member, regional or signed-in price, and its sender may lie. The reading
 * becomes a history row of this watch alone (`price_observation.watch_id`), and only this
 * watch's alert rule decides on it — the same decision as a server check's
 * (core/checks/decide-for-watches.ts) — and then the group alert of this watch's group, if it is
 * in one (core/groups/group-alerts.ts). The shared product — its title, price, stock, its shared
 * history — and every other person's watch, history, groups and alerts are left as they were.
 */
export async function recordBrowserReading(
  deps: { database: Database; log: Logger; rates?: RateSource },
  context: { userId: string; watchId: string; now: Date },
  reading: BrowserReading,
): Promise<WatchView> {
  const { db, sql } = deps.database;
  const { now } = context;
  const [owned] = await db
    .select({ productId: watch.productId, host: product.host })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)));
  if (!owned) throw new AppError("not_found", "No such watch.");
  const result = resultFromReading(reading, owned.host);
  const facts = factsFromExtraction(result);

  // The rule's history is read first (of the readings before this one), outside the lock.
  const [before] = await db.select().from(watch).where(eq(watch.id, context.watchId));
  const history = await readAlertHistory(sql, {
    productId: owned.productId,
    rules: before ? [...readRules([before]).values()] : [],
    isDealAsked: before?.onlyRealDeal ?? false,
    price: result.price,
    listPrice: result.listPrice,
    at: now,
    watchId: context.watchId,
  });

  const decided = await db.transaction(async (tx) => {
    // The watch is locked: two readings of one watch decide one after the other.
    const [w] = await tx
      .select()
      .from(watch)
      .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)))
      .for("update");
    if (!w) throw new AppError("not_found", "No such watch.");
    const { observationId } = await recordObservation(tx, w.productId, facts, now, "browser", w.id);
    if (w.isPaused) return null;
    const decision = decideForWatches({
      watches: [{ ...w, updatedAt: w.updatedAt.toISOString() }],
      rules: readRules([w], deps.log),
      history,
      observation: {
        id: String(observationId),
        kind: "read",
        status: result.status,
        price: result.price,
        availability: result.availability,
      },
      at: now,
    });
    for (const write of decision.stateWrites) {
      await tx.update(watch).set({ alertState: write.state }).where(eq(watch.id, w.id));
    }
    if (decision.events.length > 0) {
      await tx
        .insert(alertEvent)
        .values(
          decision.events.map((e) => ({
            idempotencyKey: e.idempotencyKey,
            kind: e.kind,
            oldPriceMinor: e.oldPriceMinor,
            newPriceMinor: e.newPriceMinor,
            currency: e.currency,
            details: { ...e.details, source: "browser" },
            watchId: w.id,
            userId: w.userId,
            productId: w.productId,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: alertEvent.idempotencyKey });
    }
    return { observationId, isHeld: decision.isHeld };
  });
  // The group alert of this watch's group (0068), from its stores' prices as just stored; a
  // price held for confirmation is not judged, as after a server check.
  if (decided && !decided.isHeld) {
    const raised = await raiseGroupAlerts(sql, {
      productId: owned.productId,
      observationId: String(decided.observationId),
      at: now,
      watchId: context.watchId,
      ...(deps.rates ? { rates: () => deps.rates!.current(now) } : {}),
    });
    if (raised > 0)
      deps.log.info({ watchId: context.watchId, events: raised }, "group alert raised");
  }
  const view = await getWatch(db, context.userId, context.watchId);
  if (!view) throw new AppError("not_found", "No such watch.");
  return view;
}
