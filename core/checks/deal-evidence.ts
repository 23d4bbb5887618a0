import type { SqlExecutor } from "../db/client.ts";
import type { Money } from "../money/index.ts";
import type { PriorLows } from "./decide-low-alert.ts";
import type { VerdictPoint } from "./price-verdict.ts";
import { readPriorLows } from "./prior-lows.ts";
import { type DealEvidence, REAL_DEAL_LOW_DAYS } from "./real-deal.ts";
import { checkReference } from "./reference-check.ts";

type HistoryRow = {
  observed_at: Date | string;
  last_seen_at: Date | string;
  price_minor: string | number | null;
  currency: string | null;
};

/**
 * What "only a real deal" (decision 0063) decides with: the lows before this reading (the
 * 90-day one among them) and, when the page shows a "was" price above the price, that
 * reference checked against the history (decision 0062). Read only when a watch asks for it.
 */
export async function readDealEvidence(
  sql: SqlExecutor,
  input: {
    productId: string;
    price: Money;
    listPrice: Money | null;
    now: Date;
    /** Lows already read for the rules, when they hold the 90-day window. */
    lows?: PriorLows | null;
    /** Also this watch's own readings (a browser's, 0048). */
    watchId?: string | null;
    /** The price is stored already, its run since this instant: its lows are of the readings before. */
    before?: Date | null;
  },
): Promise<DealEvidence> {
  const { productId, price, listPrice, now } = input;
  const hasWindow =
    input.lows?.currency === price.currency && REAL_DEAL_LOW_DAYS in (input.lows?.byDays ?? {});
  const lows = hasWindow
    ? input.lows!
    : await readPriorLows(sql, {
        productId,
        currency: price.currency,
        days: [REAL_DEAL_LOW_DAYS],
        now,
        watchId: input.watchId ?? null,
        before: input.before ?? null,
      });
  const isDiscount =
    listPrice !== null &&
    listPrice.currency === price.currency &&
    listPrice.amountMinor > price.amountMinor;
  if (!isDiscount) return { lows, reference: null };
  const { rows } = await sql.query<HistoryRow>(
    `select observed_at, last_seen_at, price_minor, currency from price_observation
      where product_id = $1::uuid and (watch_id is null or watch_id = $2::uuid)
      order by observed_at, id`,
    [productId, input.watchId ?? null],
    { name: "dropwave_deal_history" },
  );
  const points: VerdictPoint[] = rows.map((r) => ({
    at: new Date(r.observed_at),
    lastSeenAt: new Date(r.last_seen_at),
    price:
      r.price_minor === null || r.currency === null
        ? null
        : { amountMinor: Number(r.price_minor), currency: r.currency },
  }));
  return { lows, reference: checkReference(points, price, listPrice, now)?.key ?? null };
}
