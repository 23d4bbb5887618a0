import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import { checkEuLowest30d, type EuLowest30dCheck } from "../checks/eu-lowest-30d.ts";
import { landedOf } from "../checks/landed-columns.ts";
import { type PriceVerdict, priceVerdict } from "../checks/price-verdict.ts";
import { checkReference, type ReferenceCheck } from "../checks/reference-check.ts";
import type { Db } from "../db/client.ts";
import { alertEvent, priceObservation } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { Money } from "../money/index.ts";
import type { Shipping } from "../money/landed-total.ts";
import type { UnitPrice } from "../money/unit-price.ts";
import { getWatch } from "./watch-view.ts";

export type HistoryPoint = {
  /** When these values were first seen. */
  at: string;
  /** The last check that still saw them. */
  lastSeenAt: string;
  price: Money | null;
  /** The "was" / list price the page showed beside the price (decision 0062), or null. */
  listPrice: Money | null;
  /** The EU "lowest price in the last 30 days" the page printed (decision 0071), or null. */
  referenceLowest30d: Money | null;
  /** Shipping the page stated (decision 0079), in the price's currency, or null. */
  shipping: Shipping | null;
  /** The unit price the page stated (decision 0079), or null. */
  unitPrice: UnitPrice | null;
  availability: string;
  /** How many checks saw these values. */
  checks: number;
  /** Who saw them: the server's checks or a person's browser (the extension). */
  source: "server" | "browser";
};

export type WatchHistory = {
  points: HistoryPoint[];
  stats: { lowest: Money | null; highest: Money | null; average: Money | null; checks: number };
  /** Where the price shown stands against this history (issue #37, decision 0061). */
  verdict: PriceVerdict;
  /**
   * The page's "was" price checked against this history (issue #37 item 2, decision 0062), or
   * null when the page shows no reference above the price.
   */
  reference: ReferenceCheck | null;
  /** The page's EU 30-day low checked against this history (item 3, decision 0071), or null. */
  euLowest30d: EuLowest30dCheck | null;
  alerts: {
    id: string;
    kind: string;
    createdAt: string;
    oldPrice: Money | null;
    newPrice: Money | null;
  }[];
};

/** One stored run of identical observations as a point of history. */
export function toHistoryPoint(row: typeof priceObservation.$inferSelect): HistoryPoint {
  return {
    at: row.observedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    price:
      row.priceMinor !== null && row.currency
        ? { amountMinor: row.priceMinor, currency: row.currency }
        : null,
    listPrice:
      row.listPriceMinor !== null && row.currency
        ? { amountMinor: row.listPriceMinor, currency: row.currency }
        : null,
    referenceLowest30d:
      row.referenceLowest30dMinor !== null && row.currency
        ? { amountMinor: row.referenceLowest30dMinor, currency: row.currency }
        : null,
    ...landedOf(row, row.currency),
    availability: row.availability,
    checks: 1 + row.checkOffsets.length,
    source: row.source,
  };
}

/** A watch's price and availability history with lowest, highest and time-weighted average. */
export async function getWatchHistory(
  db: Pick<Db, "select">,
  userId: string,
  watchId: string,
  now: Date,
): Promise<WatchHistory> {
  const view = await getWatch(db, userId, watchId);
  if (!view) throw new AppError("not_found", "No such watch.");
  const rows = await db
    .select()
    .from(priceObservation)
    .where(
      and(
        eq(priceObservation.productId, view.productId),
        // The shared history and this watch's own readings, never another person's (0048).
        or(isNull(priceObservation.watchId), eq(priceObservation.watchId, view.id)),
      ),
    )
    .orderBy(asc(priceObservation.observedAt), asc(priceObservation.id));
  const points = rows.map(toHistoryPoint);

  const currency = view.price?.currency ?? points.findLast((p) => p.price)?.price?.currency ?? null;
  let lowest: number | null = null;
  let highest: number | null = null;
  let weighted = 0;
  let weight = 0;
  rows.forEach((row, i) => {
    if (row.priceMinor === null || row.currency !== currency) return;
    lowest = lowest === null ? row.priceMinor : Math.min(lowest, row.priceMinor);
    highest = highest === null ? row.priceMinor : Math.max(highest, row.priceMinor);
    const until = rows[i + 1]?.observedAt ?? now;
    const span = Math.max(1, until.getTime() - row.observedAt.getTime());
    weighted += row.priceMinor * span;
    weight += span;
  });
  const asMoney = (n: number | null) =>
    n === null || !currency ? null : { amountMinor: n, currency };

  const alerts = await db
    .select()
    .from(alertEvent)
    .where(and(eq(alertEvent.watchId, watchId), eq(alertEvent.userId, userId)))
    .orderBy(desc(alertEvent.createdAt))
    .limit(200);

  return {
    points,
    stats: {
      lowest: asMoney(lowest),
      highest: asMoney(highest),
      average: asMoney(weight > 0 ? Math.round(weighted / weight) : null),
      checks: points.reduce((sum, p) => sum + p.checks, 0),
    },
    verdict: priceVerdict(points, view.price, now),
    reference: checkReference(points, view.price, shownListPrice(points, view.price), now),
    euLowest30d: checkEuLowest30d(
      points,
      view.price,
      shownOf(points, view.price, "referenceLowest30d"),
      now,
    ),
    alerts: alerts.map((a) => ({
      id: a.id,
      kind: a.kind,
      createdAt: a.createdAt.toISOString(),
      oldPrice:
        a.oldPriceMinor !== null && a.currency
          ? { amountMinor: a.oldPriceMinor, currency: a.currency }
          : null,
      newPrice:
        a.newPriceMinor !== null && a.currency
          ? { amountMinor: a.newPriceMinor, currency: a.currency }
          : null,
    })),
  };
}

/** The list price read with the price shown: the latest point's, when it is that price. */
export function shownListPrice(
  points: readonly Pick<HistoryPoint, "price" | "listPrice">[],
  price: Money | null,
): Money | null {
  return shownOf(points, price, "listPrice");
}

/** An amount read with the price shown: the latest point's, when it is that price. */
function shownOf<K extends "listPrice" | "referenceLowest30d">(
  points: readonly Pick<HistoryPoint, "price" | K>[],
  price: Money | null,
  field: K,
): Money | null {
  const last = points.at(-1);
  if (!last || !price || !last.price) return null;
  const isShown =
    last.price.amountMinor === price.amountMinor && last.price.currency === price.currency;
  return isShown ? (last[field] as Money | null) : null;
}
