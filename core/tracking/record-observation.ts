import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { extractionColumns } from "../checks/extraction-columns.ts";
import { isSameLanded } from "../checks/landed-columns.ts";
import { factsFromExtraction, type ObservedFacts } from "../checks/observed-facts.ts";
import type { Db } from "../db/client.ts";
import { type ObservationSource, priceObservation, product } from "../db/schema/index.ts";
import type { ExtractResult } from "../extract/types.ts";

export { extractionColumns, factsFromExtraction, type ObservedFacts };

type Executor = Pick<Db, "select" | "insert" | "update">;

/**
 * Appends a check to the price history: a new row only when price, currency, the page's list price, its shipping or unit price, or availability
 * (or who saw it: the server or a browser) changed since the last row; otherwise the check's time joins the last row as a second offset.
 * Returns the observation row id and whether it is a change. With `watchId`, the reading is
 * that watch's own (a person's browser saw it) and continues that watch's own rows, never the
 * product's shared history (docs/decisions/0048).
 */
export async function recordObservation(
  db: Executor,
  productId: string,
  facts: ObservedFacts,
  at: Date,
  source: ObservationSource = "server",
  watchId: string | null = null,
): Promise<{ observationId: number; isChange: boolean }> {
  const [last] = await db
    .select()
    .from(priceObservation)
    .where(
      and(
        eq(priceObservation.productId, productId),
        watchId === null ? isNull(priceObservation.watchId) : eq(priceObservation.watchId, watchId),
      ),
    )
    .orderBy(desc(priceObservation.observedAt), desc(priceObservation.id))
    .limit(1);
  const isSame =
    last !== undefined &&
    last.priceMinor === facts.priceMinor &&
    last.currency === facts.currency &&
    last.listPriceMinor === facts.listPriceMinor &&
    last.referenceLowest30dMinor === facts.referenceLowest30dMinor &&
    isSameLanded(last, facts) &&
    last.availability === facts.availability &&
    last.source === source;
  if (isSame) {
    const offset = Math.max(0, Math.round((at.getTime() - last.observedAt.getTime()) / 1000));
    await db
      .update(priceObservation)
      .set({
        lastSeenAt: at,
        checkOffsets: sql`array_append(${priceObservation.checkOffsets}, ${offset}::integer)`,
      })
      .where(eq(priceObservation.id, last.id));
    return { observationId: last.id, isChange: false };
  }
  const [inserted] = await db
    .insert(priceObservation)
    .values({ productId, ...facts, observedAt: at, lastSeenAt: at, source, watchId })
    .returning({ id: priceObservation.id });
  return { observationId: inserted!.id, isChange: true };
}

/** The product row's facts after a successful fetch and extraction. */
export async function storeExtraction(
  db: Executor,
  productId: string,
  result: ExtractResult,
  at: Date,
): Promise<void> {
  await db
    .update(product)
    .set(extractionColumns(result, at))
    .where(and(eq(product.id, productId)));
}
