import { and, eq } from "drizzle-orm";
import { alertEventColumns } from "../checks/alert-event-columns.ts";
import { type AlertRule, ruleFromColumns, UnreadableRuleError } from "../checks/alert-rule.ts";
import { alertStateFromJson, alertStateToJson } from "../checks/alert-state-json.ts";
import { readDealEvidence } from "../checks/deal-evidence.ts";
import { decideAlerts } from "../checks/decide-alerts.ts";
import { lowWindowsFor, type PriorLows } from "../checks/decide-low-alert.ts";
import { factsFromExtraction } from "../checks/observed-facts.ts";
import { readPriorLows } from "../checks/prior-lows.ts";
import { isSameJson } from "../checks/run-price-check.ts";
import { isSnoozed } from "../checks/snooze.ts";
import type { Database } from "../db/client.ts";
import { alertEvent, product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
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
 * watch's alert rule decides on it. The shared product — its title, price, stock, its shared
 * history — and every other person's watch, history and alerts are left as they were.
 */
export async function recordBrowserReading(
  deps: { database: Database; log: Logger },
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

  // The rule and its lows are read first (the lows are of readings before this one).
  const [before] = await db.select().from(watch).where(eq(watch.id, context.watchId));
  const rule = before ? readRule(before, deps.log) : null;
  const windows = lowWindowsFor(rule ? [rule] : []);
  const lows: PriorLows | null =
    rule && windows.needsLows && result.price
      ? await readPriorLows(sql, {
          productId: owned.productId,
          currency: result.price.currency,
          days: windows.days,
          now,
          watchId: context.watchId,
        })
      : null;
  const deal =
    before?.onlyRealDeal && result.price
      ? await readDealEvidence(sql, {
          productId: owned.productId,
          price: result.price,
          listPrice: result.listPrice,
          now,
          lows,
          watchId: context.watchId,
        })
      : null;

  await db.transaction(async (tx) => {
    // The watch is locked: two readings of one watch decide one after the other.
    const [w] = await tx
      .select()
      .from(watch)
      .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)))
      .for("update");
    if (!w) throw new AppError("not_found", "No such watch.");
    const { observationId } = await recordObservation(tx, w.productId, facts, now, "browser", w.id);
    const current = readRule(w, deps.log);
    if (w.isPaused || current === null) return;
    const decision = decideAlerts({
      watchId: w.id,
      rule: current,
      state: alertStateFromJson(w.alertState).state,
      observation: {
        id: String(observationId),
        kind: "read",
        status: result.status,
        price: result.price,
        availability: result.availability,
      },
      now,
      ...(lows ? { lows } : {}),
      ...(w.onlyRealDeal ? { onlyRealDeal: true, ...(deal ? { deal } : {}) } : {}),
    });
    const nextState = alertStateToJson(decision.nextState);
    if (!isSameJson(nextState, w.alertState)) {
      await tx.update(watch).set({ alertState: nextState }).where(eq(watch.id, w.id));
    }
    // A snoozed watch keeps its state up to date, but raises nothing until the snooze ends.
    if (isSnoozed(w.snoozedUntil, now) || decision.events.length === 0) return;
    await tx
      .insert(alertEvent)
      .values(
        decision.events.map((e) => {
          const columns = alertEventColumns(e);
          return {
            ...columns,
            details: { ...columns.details, source: "browser" },
            watchId: w.id,
            userId: w.userId,
            productId: w.productId,
            createdAt: now,
          };
        }),
      )
      .onConflictDoNothing({ target: alertEvent.idempotencyKey });
  });
  const view = await getWatch(db, context.userId, context.watchId);
  if (!view) throw new AppError("not_found", "No such watch.");
  return view;
}

/** The watch's rule, or null (loudly) when its columns cannot be read. */
function readRule(
  columns: Parameters<typeof ruleFromColumns>[0] & { id: string },
  log: Logger,
): AlertRule | null {
  try {
    return ruleFromColumns(columns);
  } catch (error) {
    if (!(error instanceof UnreadableRuleError)) throw error;
    log.error(
      { watchId: columns.id, err: error },
      "browser reading: the alert rule cannot be read",
    );
    return null;
  }
}
