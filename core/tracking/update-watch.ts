import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { AlertRule, ruleToColumns } from "./alert-rule.ts";
import { refreshProductSchedule } from "./create-watch.ts";
import { getWatch, isUuid, type WatchView } from "./watch-view.ts";

export const UpdateWatchInput = z
  .object({
    rule: AlertRule.optional(),
    intervalMinutes: z.number().int().min(1).max(1_440).optional(),
    isPaused: z.boolean().optional(),
    candidateKey: z.string().max(500).nullable().optional(),
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
      .select({ id: watch.id, productId: watch.productId })
      .from(watch)
      .where(and(eq(watch.id, watchId), eq(watch.userId, context.userId)))
      .limit(1);
    if (!existing) throw notFound();
    await lockProduct(tx, existing.productId);
    const ruleChanged = input.rule !== undefined;
    await tx
      .update(watch)
      .set({
        ...(input.rule ? ruleToColumns(input.rule) : {}),
        ...(input.intervalMinutes !== undefined
          ? { intervalMinutes: Math.max(input.intervalMinutes, context.minIntervalMinutes) }
          : {}),
        ...(input.isPaused !== undefined ? { isPaused: input.isPaused } : {}),
        ...(input.candidateKey !== undefined ? { candidateKey: input.candidateKey } : {}),
        // A new rule starts with fresh alert state (no hysteresis carried over).
        ...(ruleChanged ? { alertState: {} } : {}),
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
async function lockProduct(tx: Pick<Db, "select">, productId: string): Promise<void> {
  await tx.select({ id: product.id }).from(product).where(eq(product.id, productId)).for("update");
}
