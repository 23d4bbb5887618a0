import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type LandedBeside, landedBeside } from "../checks/landed-columns.ts";
import { priceVerdict, type VerdictKey, type VerdictPoint } from "../checks/price-verdict.ts";
import type { Db } from "../db/client.ts";
import { priceObservation, product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { storedText } from "../input.ts";
import type { Money } from "../money/index.ts";
import { ownReadings, priceRanges, shownReading } from "./watch-view.ts";

/**
 * One page of a person's watches for the dense hub list and `GET /api/v1/watches`
 * (docs/decisions/0025-watch-list.md): sorted, searched, cursor-paginated and lean.
 */

export const WATCH_SORTS = ["newest", "biggest_drop", "closest_to_target"] as const;
export type WatchSort = (typeof WATCH_SORTS)[number];
/** Which watches a list shows: the cards' "Show" filter, the same words (#39 item 12). */
export const WATCH_FILTERS = ["all", "dropped", "below_target", "errors", "paused"] as const;
export type WatchFilter = (typeof WATCH_FILTERS)[number];

export const WatchPageQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(200, "limit is at most 200.")
    .default(50),
  cursor: z.string().max(400, "That cursor is not one of ours.").optional(),
  sort: z
    .enum(WATCH_SORTS, { error: `sort is one of ${WATCH_SORTS.join(", ")}.` })
    .default("newest"),
  q: storedText({ label: "The search" })
    .trim()
    .max(200, "Search for at most 200 characters.")
    .optional(),
  show: z
    .enum(WATCH_FILTERS, { error: `show is one of ${WATCH_FILTERS.join(", ")}.` })
    .default("all"),
  /** Only this store's watches (the store's name as the list shows it). */
  store: storedText({ label: "The store" })
    .trim()
    .max(200, "A store name is at most 200 characters.")
    .optional(),
  /** "1": each row carries its verdict key (decision 0061); the hub asks, the lean list not. */
  verdict: z.literal("1", { error: "verdict is 1 or left out." }).optional(),
});
export type WatchPageQuery = z.infer<typeof WatchPageQuery>;

/** A row of the dense list: what a list shows and nothing more. */
export type WatchListItem = {
  id: string;
  /** Its picture is served at /img/p/<productId>. */
  productId: string;
  title: string | null;
  store: string;
  imageUrl: string | null;
  price: Money | null;
  /** Current price minus the price when added (same currency): minor units and percent. */
  changeSinceAdded: { amountMinor: number; percent: number } | null;
  /** The current price is the lowest this product has had (and it has had others). */
  isLowestEver: boolean;
  /** The target of a below-target rule, and how far the price is from it (percent, ≤ 0 met). */
  target: Money | null;
  toTargetPercent: number | null;
  availability: string;
  isPaused: boolean;
  hasError: boolean;
  /**
   * Where the price stands against the history (decision 0061), or null when there is no claim
   * to make (no price, not enough history). Only when the query asks for it (`verdict=1`).
   */
  verdict?: VerdictKey | null;
  /** Up to SPARKLINE_POINTS recent prices (minor units, oldest first) in the current currency. */
  sparkline: number[];
} & LandedBeside;

export type WatchPage = { items: WatchListItem[]; nextCursor: string | null; total: number };

export const SPARKLINE_POINTS = 24;
/** Watches without the sort's value (no price, no target) go last. */
const LAST = 1e12;

const changeRatio = sql<number | null>`case when ${product.priceMinor} is not null
  and ${watch.baselinePriceMinor} > 0 and ${product.currency} = ${watch.baselineCurrency}
  then (${product.priceMinor} - ${watch.baselinePriceMinor})::float8 / ${watch.baselinePriceMinor}
  end`;
const targetRatio = sql<number | null>`case when ${watch.ruleKind} = 'below_target'
  and ${product.priceMinor} is not null and ${watch.ruleAmountMinor} > 0
  and ${product.currency} = ${watch.ruleCurrency}
  then (${product.priceMinor} - ${watch.ruleAmountMinor})::float8 / ${watch.ruleAmountMinor}
  end`;

function sortKey(sort: WatchSort): SQL<number> {
  if (sort === "biggest_drop") return sql<number>`coalesce(${changeRatio}, ${LAST})`;
  if (sort === "closest_to_target") return sql<number>`coalesce(${targetRatio}, ${LAST})`;
  return sql<number>`(-extract(epoch from ${watch.createdAt}))::float8`;
}

type Cursor = { k: number; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.k, cursor.id])).toString("base64url");
}

/** The cursor's key and id, or null for anything we did not write. */
export function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "number" &&
      Number.isFinite(parsed[0]) &&
      typeof parsed[1] === "string" &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return { k: parsed[0], id: parsed[1] };
    }
  } catch {
    // Not base64url JSON.
  }
  return null;
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(sql`${product.title} ilike ${pattern}`, sql`${product.store} ilike ${pattern}`);
}

/** The "Show" filter in SQL, by the same measures as the sorts (the cards' filter in card-order.ts). */
function showCondition(show: WatchFilter): SQL | undefined {
  if (show === "dropped") return sql`${changeRatio} < 0`;
  if (show === "below_target") return sql`${targetRatio} <= 0`;
  if (show === "errors") return isNotNull(product.lastError);
  if (show === "paused") return eq(watch.isPaused, true);
  return undefined;
}

/** The stores `userId` tracks, by name: the list's "Store" choices. */
export async function listWatchStores(
  db: Pick<Db, "selectDistinct">,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ store: product.store })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(eq(watch.userId, userId))
    .orderBy(product.store);
  return rows.map((r) => r.store);
}

/**
 * A page of `userId`'s watches. Keyset pagination on (sort key, watch id), so a page is as
 * cheap at the end of the list as at the start and a watch added meanwhile neither repeats nor
 * hides a row. A cursor we did not write is a validation error (400), never a 500.
 */
export async function listWatchPage(
  db: Pick<Db, "select">,
  userId: string,
  query: WatchPageQuery,
  now: Date = new Date(),
): Promise<WatchPage> {
  const key = sortKey(query.sort);
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursor === null) {
    const message = "That cursor is not one of ours: start again without it.";
    throw new AppError("validation_failed", message, { fields: [{ field: "cursor", message }] });
  }
  const filter = and(
    eq(watch.userId, userId),
    searchCondition(query.q),
    showCondition(query.show),
    query.store ? eq(product.store, query.store) : undefined,
  );
  const after = cursor
    ? sql`(${key} > ${cursor.k} or (${key} = ${cursor.k} and ${watch.id} > ${cursor.id}))`
    : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: watch.id,
        productId: product.id,
        title: product.title,
        store: product.store,
        imageUrl: product.imageUrl,
        priceMinor: product.priceMinor,
        currency: product.currency,
        shippingCostMinor: product.shippingCostMinor,
        shippingFreeAboveMinor: product.shippingFreeAboveMinor,
        unitPriceMinor: product.unitPriceMinor,
        unitPriceQuantity: product.unitPriceQuantity,
        unitPriceUnit: product.unitPriceUnit,
        baselineMinor: watch.baselinePriceMinor,
        baselineCurrency: watch.baselineCurrency,
        ruleKind: watch.ruleKind,
        ruleAmountMinor: watch.ruleAmountMinor,
        ruleCurrency: watch.ruleCurrency,
        availability: product.availability,
        isPaused: watch.isPaused,
        lastError: product.lastError,
        lastSuccessAt: product.lastSuccessAt,
        key: key.mapWith(Number),
      })
      .from(watch)
      .innerJoin(product, eq(product.id, watch.productId))
      .where(and(filter, after))
      .orderBy(sql`${key} asc`, sql`${watch.id} asc`)
      .limit(query.limit + 1),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(watch)
      .innerJoin(product, eq(product.id, watch.productId))
      .where(filter),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // A watch shows its owner's own browser reading when newer than the server's (0048).
  const own = await ownReadings(
    db,
    page.map((r) => r.id),
  );
  const shown = new Map(page.map((r) => [r.id, shownReading(r, own.get(r.id))]));
  const products = page.map((r) => ({
    id: r.productId,
    currency: shown.get(r.id)?.currency ?? null,
    watchId: r.id,
  }));
  const [ranges, sparklines, verdicts] = await Promise.all([
    priceRanges(db, products),
    recentPrices(db, products),
    watchVerdicts(
      db,
      (query.verdict ? page : []).map((r) => {
        const reading = shown.get(r.id) ?? shownReading(r, undefined);
        return {
          watchId: r.id,
          productId: r.productId,
          price:
            reading.priceMinor !== null && reading.currency
              ? { amountMinor: reading.priceMinor, currency: reading.currency }
              : null,
        };
      }),
      now,
    ),
  ]);
  return {
    items: page.map((r) => {
      const reading = shown.get(r.id) ?? shownReading(r, undefined);
      const price =
        reading.priceMinor !== null && reading.currency
          ? { amountMinor: reading.priceMinor, currency: reading.currency }
          : null;
      const range = ranges.get(r.productId);
      const low = range?.low ?? null;
      // "Lowest" means something only once the price has moved: on the first day every row
      // was at its lowest (#39 item 12).
      const hasMoved = range?.high != null && low !== null && range.high > low;
      const change =
        price && r.baselineMinor && r.baselineMinor > 0 && r.baselineCurrency === price.currency
          ? {
              amountMinor: price.amountMinor - r.baselineMinor,
              percent:
                Math.round(((price.amountMinor - r.baselineMinor) / r.baselineMinor) * 1000) / 10,
            }
          : null;
      const target =
        r.ruleKind === "below_target" && r.ruleAmountMinor !== null && r.ruleCurrency
          ? { amountMinor: r.ruleAmountMinor, currency: r.ruleCurrency }
          : null;
      return {
        id: r.id,
        productId: r.productId,
        title: r.title,
        store: r.store,
        imageUrl: r.imageUrl,
        price,
        changeSinceAdded: change,
        isLowestEver: hasMoved && price !== null && low !== null && price.amountMinor <= low,
        target,
        toTargetPercent:
          price && target && target.currency === price.currency && target.amountMinor > 0
            ? Math.round(((price.amountMinor - target.amountMinor) / target.amountMinor) * 1000) /
              10
            : null,
        availability: reading.availability,
        isPaused: r.isPaused,
        hasError: r.lastError !== null,
        ...(query.verdict ? { verdict: verdicts.get(r.id) ?? null } : {}),
        sparkline: sparklines.get(r.productId) ?? [],
        // The card's shipping, price with shipping and unit price (0079), the same way.
        ...landedBeside(r, reading, price),
      };
    }),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ k: last.key, id: last.id }) : null,
    total: counted[0]?.n ?? 0,
  };
}

/** The last SPARKLINE_POINTS prices of each product, in its current currency, oldest first. */
async function recentPrices(
  db: Pick<Db, "select">,
  products: { id: string; currency: string | null; watchId: string }[],
): Promise<Map<string, number[]>> {
  const ids = products.map((p) => p.id);
  const watchIds = products.map((p) => p.watchId);
  const result = new Map<string, number[]>();
  if (ids.length === 0) return result;
  const ranked = db
    .select({
      productId: priceObservation.productId,
      priceMinor: priceObservation.priceMinor,
      currency: priceObservation.currency,
      observedAt: priceObservation.observedAt,
      rank: sql<number>`row_number() over (partition by ${priceObservation.productId} order by ${priceObservation.observedAt} desc, ${priceObservation.id} desc)`.as(
        "rank",
      ),
    })
    .from(priceObservation)
    .where(
      and(
        inArray(priceObservation.productId, ids),
        // The shared history and the person's own readings (0048).
        or(isNull(priceObservation.watchId), inArray(priceObservation.watchId, watchIds)),
      ),
    )
    .as("ranked");
  const rows = await db
    .select({
      productId: ranked.productId,
      priceMinor: ranked.priceMinor,
      currency: ranked.currency,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${SPARKLINE_POINTS}`)
    .orderBy(ranked.productId, sql`${ranked.rank} desc`);
  const currencyOf = new Map(products.map((p) => [p.id, p.currency]));
  for (const row of rows) {
    if (row.priceMinor === null || row.currency !== currencyOf.get(row.productId)) continue;
    const list = result.get(row.productId) ?? [];
    list.push(Number(row.priceMinor));
    result.set(row.productId, list);
  }
  return result;
}

/**
 * Each watch's verdict key (decision 0061) for its shown price, or null when there is no claim
 * to make (no price, not enough history). One query for all of them.
 */
export async function watchVerdicts(
  db: Pick<Db, "select">,
  watches: { watchId: string; productId: string; price: Money | null }[],
  now: Date,
): Promise<Map<string, VerdictKey | null>> {
  if (watches.length === 0) return new Map();
  const histories = await priceHistories(
    db,
    watches.map((w) => ({ id: w.productId, watchId: w.watchId })),
  );
  return new Map(
    watches.map((w) => {
      const key = priceVerdict(histories.get(w.productId) ?? [], w.price, now).key;
      return [w.watchId, key === "no_price" || key === "not_enough_history" ? null : key];
    }),
  );
}

/**
 * Each product's compact history (the shared one and the person's own readings, 0048), lean
 * columns only, for the verdict: a run per price change, so a few rows per product.
 */
async function priceHistories(
  db: Pick<Db, "select">,
  products: { id: string; watchId: string }[],
): Promise<Map<string, VerdictPoint[]>> {
  const result = new Map<string, VerdictPoint[]>();
  if (products.length === 0) return result;
  const rows = await db
    .select({
      productId: priceObservation.productId,
      priceMinor: priceObservation.priceMinor,
      currency: priceObservation.currency,
      observedAt: priceObservation.observedAt,
      lastSeenAt: priceObservation.lastSeenAt,
    })
    .from(priceObservation)
    .where(
      and(
        inArray(
          priceObservation.productId,
          products.map((p) => p.id),
        ),
        or(
          isNull(priceObservation.watchId),
          inArray(
            priceObservation.watchId,
            products.map((p) => p.watchId),
          ),
        ),
      ),
    )
    .orderBy(priceObservation.productId, priceObservation.observedAt, priceObservation.id);
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push({
      at: row.observedAt,
      lastSeenAt: row.lastSeenAt,
      price:
        row.priceMinor === null || !row.currency
          ? null
          : { amountMinor: Number(row.priceMinor), currency: row.currency },
    });
    result.set(row.productId, list);
  }
  return result;
}
