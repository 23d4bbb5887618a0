import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AlertRule, type Observation, ruleToColumns } from "../checks/alert-rule.ts";
import { alertStateFromJson, alertStateToJson } from "../checks/alert-state-json.ts";
import { stateForNewRule } from "../checks/decide-alerts.ts";
import { SnoozeInput, snoozeUntil } from "../checks/snooze.ts";
import type { Db } from "../db/client.ts";
import { product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { assertRuleCurrency, refreshProductSchedule } from "./create-watch.ts";
import { CandidateKey, CheckIntervalMinutes, OnlyRealDeal } from "./watch-fields.ts";
import { getWatch, isUuid, type WatchView } from "./watch-view.ts";

export const UpdateWatchInput = z
  .object({
    rule: AlertRule.optional(),
    intervalMinutes: CheckIntervalMinutes.optional(),
    isPaused: z.boolean({ error: "isPaused is true or false." }).optional(),
    onlyRealDeal: OnlyRealDeal.optional(),
    candidateKey: CandidateKey.nullable().optional(),
    /** Snooze the watch's alerts for a day or a week (checks go on), or `off` to end it. */
    snooze: SnoozeInput.shape.snooze.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change.");
export type UpdateWatchInput = z.infer<typeof UpdateWatchInput>;

function notFound(): AppError {
  return new AppError("not_found", "No such watch.");
}

/** Changes a watch's rule, interval, pause or chosen price; only its owner can. */
export async function updateWatch(
  db: Db,
  context: { userId: string; minIntervalMinutes: number; now: Date },
  watchId: string,
  input: UpdateWatchInput,
): Promise<WatchView> {
  if (!isUuid(watchId)) throw notFound();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: watch.id, productId: watch.productId, alertState: watch.alertState })
      .from(watch)
      .where(and(eq(watch.id, watchId), eq(watch.userId, context.userId)))
      .limit(1);
    if (!existing) throw notFound();
    const current = await lockProduct(tx, existing.productId);
    if (input.rule) assertRuleCurrency(input.rule, current.currency);
    // A new rule keeps what the watch knows about the price and starts its own hysteresis.
    const alertState = input.rule
      ? alertStateToJson(
          stateForNewRule({
            watchId,
            rule: input.rule,
            previous: alertStateFromJson(existing.alertState).state,
            current: currentObservation(current),
            now: context.now,
          }),
        )
      : undefined;
    await tx
      .update(watch)
      .set({
        ...(input.rule ? ruleToColumns(input.rule) : {}),
        ...(input.intervalMinutes !== undefined
          ? { intervalMinutes: Math.max(input.intervalMinutes, context.minIntervalMinutes) }
          : {}),
        ...(input.isPaused !== undefined ? { isPaused: input.isPaused } : {}),
        ...(input.onlyRealDeal !== undefined ? { onlyRealDeal: input.onlyRealDeal } : {}),
        ...(input.candidateKey !== undefined ? { candidateKey: input.candidateKey } : {}),
        ...(alertState ? { alertState } : {}),
        ...(input.snooze !== undefined
          ? { snoozedUntil: snoozeUntil(input.snooze, context.now) }
          : {}),
        updatedAt: context.now,
      })
      .where(eq(watch.id, watchId));
    if (input.candidateKey) {
      await tx
        .update(product)
        .set({ preferredCandidateKey: input.candidateKey })
        .where(eq(product.id, existing.productId));
    }
    await refreshProductSchedule(tx, existing.productId, context.now);
  });
  const view = await getWatch(db, context.userId, watchId);
  if (!view) throw notFound();
  return view;
}

/**
 * Stops tracking. The shared product stays while anyone else watches it; a product nobody
 * watches is removed with its history.
 */
export async function deleteWatch(db: Db, userId: string, watchId: string): Promise<void> {
  if (!isUuid(watchId)) throw notFound();
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ productId: watch.productId })
      .from(watch)
      .where(and(eq(watch.id, watchId), eq(watch.userId, userId)));
    if (!owned) throw notFound();
    await lockProduct(tx, owned.productId);
    const [removed] = await tx
      .delete(watch)
      .where(and(eq(watch.id, watchId), eq(watch.userId, userId)))
      .returning({ productId: watch.productId });
    if (!removed) throw notFound();
    const [other] = await tx
      .select({ id: watch.id })
      .from(watch)
      .where(eq(watch.productId, removed.productId))
      .limit(1);
    if (!other) await tx.delete(product).where(eq(product.id, removed.productId));
  });
}

/**
 * Locks the product row before any of its watches, the order a check's write takes them in
 * (check-store.ts: product, then watch rows). Taking them the other way round let a person's
 * edit and a check's write wait for each other until PostgreSQL aborted one (a deadlock).
 */
async function lockProduct(tx: Pick<Db, "select">, productId: string) {
  const [row] = await tx
    .select({
      priceMinor: product.priceMinor,
      currency: product.currency,
      availability: product.availability,
      extractStatus: product.extractStatus,
    })
    .from(product)
    .where(eq(product.id, productId))
    .for("update");
  if (!row) throw notFound();
  return row;
}

type ProductReading = Awaited<ReturnType<typeof lockProduct>>;

/** The product's last successful reading, as the alert decision reads observations. */
function currentObservation(row: ProductReading): Observation | null {
  if (row.extractStatus === null) return null;
  const availability = row.availability;
  return {
    id: "rule-change",
    kind: "read",
    status: row.extractStatus as Extract<Observation, { kind: "read" }>["status"],
    price:
      row.priceMinor === null || row.currency === null
        ? null
        : { amountMinor: row.priceMinor, currency: row.currency },
    availability:
      availability === "in_stock" || availability === "out_of_stock" || availability === "preorder"
        ? availability
        : "unknown",
  };
}
