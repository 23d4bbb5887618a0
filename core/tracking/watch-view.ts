import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type AlertRule, ruleFromColumns } from "../checks/alert-rule.ts";
import { type LandedBeside, landedBeside } from "../checks/landed-columns.ts";
import { type OwnReading, shownReading } from "../checks/shown-reading.ts";
import type { Db } from "../db/client.ts";
import { priceObservation, product, watch } from "../db/schema/index.ts";
import { isUuid } from "../input.ts";
import type { Money } from "../money/index.ts";

/** A watch as the hub and the API show it. */
export type WatchView = {
  id: string;
  productId: string;
  url: string;
  host: string;
  store: string;
  title: string | null;
  imageUrl: string | null;
  price: Money | null;
  listPrice: Money | null;
  availability: string;
  extractStatus: string | null;
  rule: AlertRule;
  intervalMinutes: number;
  isPaused: boolean;
  /** Price-down alerts only for a real deal (decision 0063). */
  onlyRealDeal: boolean;
  /** The group of the same product at other stores it is in (decision 0068), or null. */
  groupId: string | null;
  /** Alerts are snoozed until this instant (ISO), or null. */
  snoozedUntil: string | null;
  candidateKey: string | null;
  /** The variant (SKU or id) tracked, when the page offers several (#12 item 5). */
  variantId: string | null;
  baseline: Money | null;
  /** Current price minus the price when added, same currency only. */
  changeSinceAdded: { amountMinor: number; percent: number } | null;
  lowest: Money | null;
  highest: Money | null;
  lastCheckedAt: string | null;
  lastSuccessAt: string | null;
  nextCheckAt: string;
  lastOutcome: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  createdAt: string;
} & LandedBeside; // shipping, unitPrice and landedPrice (decision 0079)

/**
 * The columns a view needs, and no more: the product's candidates and the watch's alert state
 * (jsonb, the largest columns) are never read or parsed for a list.
 */
const VIEW_COLUMNS = {
  watch: {
    id: watch.id,
    ruleKind: watch.ruleKind,
    ruleAmountMinor: watch.ruleAmountMinor,
    ruleCurrency: watch.ruleCurrency,
    rulePercent: watch.rulePercent,
    ruleDays: watch.ruleDays,
    intervalMinutes: watch.intervalMinutes,
    isPaused: watch.isPaused,
    onlyRealDeal: watch.onlyRealDeal,
    groupId: watch.groupId,
    snoozedUntil: watch.snoozedUntil,
    candidateKey: watch.candidateKey,
    baselinePriceMinor: watch.baselinePriceMinor,
    baselineCurrency: watch.baselineCurrency,
    createdAt: watch.createdAt,
  },
  product: {
    id: product.id,
    url: product.url,
    variantId: product.variantId,
    host: product.host,
    store: product.store,
    title: product.title,
    imageUrl: product.imageUrl,
    priceMinor: product.priceMinor,
    currency: product.currency,
    listPriceMinor: product.listPriceMinor,
    shippingCostMinor: product.shippingCostMinor,
    shippingFreeAboveMinor: product.shippingFreeAboveMinor,
    unitPriceMinor: product.unitPriceMinor,
    unitPriceQuantity: product.unitPriceQuantity,
    unitPriceUnit: product.unitPriceUnit,
    availability: product.availability,
    extractStatus: product.extractStatus,
    lastCheckedAt: product.lastCheckedAt,
    lastSuccessAt: product.lastSuccessAt,
    nextCheckAt: product.nextCheckAt,
    lastOutcome: product.lastOutcome,
    lastError: product.lastError,
    consecutiveFailures: product.consecutiveFailures,
  },
};

type Row = {
  watch: Pick<typeof watch.$inferSelect, keyof typeof VIEW_COLUMNS.watch>;
  product: Pick<typeof product.$inferSelect, keyof typeof VIEW_COLUMNS.product>;
};

function money(amountMinor: number | null, currency: string | null): Money | null {
  return amountMinor === null || currency === null ? null : { amountMinor, currency };
}

export function toWatchView(
  row: Row,
  range?: { low: number | null; high: number | null },
  own?: OwnReading,
): WatchView {
  const { watch: w, product: p } = row;
  const shown = shownReading(p, own);
  const price = money(shown.priceMinor, shown.currency);
  const baseline = money(w.baselinePriceMinor, w.baselineCurrency);
  const change =
    price && baseline && price.currency === baseline.currency && baseline.amountMinor > 0
      ? {
          amountMinor: price.amountMinor - baseline.amountMinor,
          percent:
            Math.round(((price.amountMinor - baseline.amountMinor) / baseline.amountMinor) * 1000) /
            10,
        }
      : null;
  return {
    id: w.id,
    productId: p.id,
    url: p.url,
    host: p.host,
    store: p.store,
    title: p.title,
    imageUrl: p.imageUrl,
    price,
    listPrice: shown.isOwn ? null : money(p.listPriceMinor, p.currency),
    ...landedBeside(p, shown, price),
    availability: shown.availability,
    extractStatus: p.extractStatus,
    rule: ruleFromColumns(w),
    intervalMinutes: w.intervalMinutes,
    isPaused: w.isPaused,
    onlyRealDeal: w.onlyRealDeal,
    groupId: w.groupId,
    snoozedUntil: w.snoozedUntil ? w.snoozedUntil.toISOString() : null,
    candidateKey: w.candidateKey,
    variantId: p.variantId,
    baseline,
    changeSinceAdded: change,
    lowest: money(range?.low ?? null, shown.currency),
    highest: money(range?.high ?? null, shown.currency),
    lastCheckedAt: p.lastCheckedAt?.toISOString() ?? null,
    lastSuccessAt: p.lastSuccessAt?.toISOString() ?? null,
    nextCheckAt: p.nextCheckAt.toISOString(),
    lastOutcome: p.lastOutcome,
    lastError: p.lastError,
    consecutiveFailures: p.consecutiveFailures,
    createdAt: w.createdAt.toISOString(),
  };
}

export { type OwnReading, shownReading };

type Reader = Pick<Db, "select">;

/**
 * Lowest and highest price seen per product, in each product's current currency: its shared
 * history and, with `watchId`, that watch's own readings (never another person's, 0048).
 */
export async function priceRanges(
  db: Reader,
  products: { id: string; currency: string | null; watchId?: string }[],
): Promise<Map<string, { low: number | null; high: number | null }>> {
  const ids = products.map((p) => p.id);
  const ranges = new Map<string, { low: number | null; high: number | null }>();
  if (ids.length === 0) return ranges;
  const watchIds = products.flatMap((p) => (p.watchId ? [p.watchId] : []));
  const rows = await db
    .select({
      productId: priceObservation.productId,
      currency: priceObservation.currency,
      low: sql<string | null>`min(${priceObservation.priceMinor})`,
      high: sql<string | null>`max(${priceObservation.priceMinor})`,
    })
    .from(priceObservation)
    .where(
      and(
        inArray(priceObservation.productId, ids),
        watchIds.length === 0
          ? isNull(priceObservation.watchId)
          : or(isNull(priceObservation.watchId), inArray(priceObservation.watchId, watchIds)),
      ),
    )
    .groupBy(priceObservation.productId, priceObservation.currency);
  const currencyOf = new Map(products.map((p) => [p.id, p.currency]));
  for (const row of rows) {
    if (row.currency === null || row.currency !== currencyOf.get(row.productId)) continue;
    ranges.set(row.productId, {
      low: row.low === null ? null : Number(row.low),
      high: row.high === null ? null : Number(row.high),
    });
  }
  return ranges;
}

/** Each watch's own latest reading (by its owner's browser), for the watches that have one. */
export async function ownReadings(
  db: Reader,
  watchIds: readonly string[],
): Promise<Map<string, OwnReading>> {
  const latest = new Map<string, OwnReading>();
  if (watchIds.length === 0) return latest;
  const ranked = db
    .select({
      watchId: priceObservation.watchId,
      priceMinor: priceObservation.priceMinor,
      currency: priceObservation.currency,
      availability: priceObservation.availability,
      lastSeenAt: priceObservation.lastSeenAt,
      rank: sql<number>`row_number() over (partition by ${priceObservation.watchId} order by ${priceObservation.observedAt} desc, ${priceObservation.id} desc)`.as(
        "rank",
      ),
    })
    .from(priceObservation)
    .where(inArray(priceObservation.watchId, [...watchIds]))
    .as("ranked");
  const rows = await db
    .select({
      watchId: ranked.watchId,
      priceMinor: ranked.priceMinor,
      currency: ranked.currency,
      availability: ranked.availability,
      lastSeenAt: ranked.lastSeenAt,
    })
    .from(ranked)
    .where(sql`${ranked.rank} = 1`);
  for (const row of rows) {
    if (row.watchId === null) continue;
    latest.set(row.watchId, {
      priceMinor: row.priceMinor === null ? null : Number(row.priceMinor),
      currency: row.currency,
      availability: row.availability,
      lastSeenAt: row.lastSeenAt instanceof Date ? row.lastSeenAt : new Date(row.lastSeenAt),
    });
  }
  return latest;
}

/** The currency a watch's range is read in: the one it shows (its own reading's when newer). */
function shownCurrency(row: Row, own: OwnReading | undefined) {
  return {
    id: row.product.id,
    currency: shownReading(row.product, own).currency,
    watchId: row.watch.id,
  };
}

/** One watch of one owner, or null (someone else's id reads as missing). */
export async function getWatch(
  db: Reader,
  userId: string,
  watchId: string,
): Promise<WatchView | null> {
  if (!isUuid(watchId)) return null;
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(and(eq(watch.id, watchId), eq(watch.userId, userId)))
    .limit(1);
  if (!row) return null;
  const own = (await ownReadings(db, [row.watch.id])).get(row.watch.id);
  const ranges = await priceRanges(db, [shownCurrency(row, own)]);
  return toWatchView(row, ranges.get(row.product.id), own);
}

/** Every watch of one owner, newest first. */
export async function listWatches(db: Reader, userId: string): Promise<WatchView[]> {
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(eq(watch.userId, userId))
    .orderBy(sql`${watch.createdAt} desc`);
  const own = await ownReadings(
    db,
    rows.map((r) => r.watch.id),
  );
  const ranges = await priceRanges(
    db,
    rows.map((r) => shownCurrency(r, own.get(r.watch.id))),
  );
  return rows.map((row) => toWatchView(row, ranges.get(row.product.id), own.get(row.watch.id)));
}

export { isUuid };
