import { isEventKind } from "../checks/alert-kinds.ts";
import { type CheckFailureKind, describeFailure } from "../checks/describe-failure.ts";
import { type LandedColumns, landedOf } from "../checks/landed-columns.ts";
import type { Money } from "../money/index.ts";
import { landedTotal } from "../money/landed-total.ts";
import type { AlertInput, AlertKind } from "./alert-message.ts";

/**
 * The bridge from the database to the message model: an `alert_event` row (as the check worker
 * writes it) plus the product's facts become an `AlertInput`. Structurally typed so it takes
 * `typeof alertEvent.$inferSelect` without importing the schema.
 */

export type AlertEventRow = {
  id: string;
  idempotencyKey: string;
  watchId: string;
  productId: string;
  kind: string;
  oldPriceMinor: number | null;
  newPriceMinor: number | null;
  currency: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

export type ProductFacts = {
  title: string | null;
  imageUrl: string | null;
  store: string | null;
  url: string;
  /** The latest check's price and the shipping it stated (0079): the product row's columns. */
  priceMinor?: number | null;
  currency?: string | null;
} & Partial<Pick<LandedColumns, "shippingCostMinor" | "shippingFreeAboveMinor">>;

function isKind(kind: string): kind is AlertKind {
  return isEventKind(kind);
}

function money(amountMinor: number | null, currency: unknown): Money | null {
  if (amountMinor === null || typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
    return null;
  }
  return { amountMinor, currency };
}

/**
 * The alerted price with the shipping the product's latest check stated (decision 0079), when
 * that check read the alerted price: a later check's shipping may belong to another price (a
 * threshold it reaches or not). Null when none is stated.
 */
function landedPriceOf(newPrice: Money | null, product: ProductFacts): Money | null {
  if (!newPrice || product.currency !== newPrice.currency) return null;
  if (product.priceMinor == null || Number(product.priceMinor) !== newPrice.amountMinor) {
    return null;
  }
  return landedTotal(newPrice, landedOf(product, product.currency).shipping);
}

function unreachableReason(details: Record<string, unknown>): string | undefined {
  const outcome = details.lastOutcome;
  if (typeof outcome !== "string") return undefined;
  const described: string | undefined = describeFailure({
    kind: outcome as CheckFailureKind,
    httpStatus: typeof details.httpStatus === "number" ? details.httpStatus : undefined,
    now: new Date(0),
    nextAttemptAt: null,
  });
  // A failure kind from a newer worker has no words here.
  const words = described || "The last checks failed";
  const failures = details.consecutiveFailures;
  return typeof failures === "number"
    ? `${words} (${failures} checks in a row failed).`
    : `${words}.`;
}

/** Null for a kind this version does not know (a newer worker): the caller skips the event. */
export function alertInputFromRow(
  row: AlertEventRow,
  product: ProductFacts,
  options: {
    publicUrl: string;
    lowestPrice: Money | null;
    /** Where the new price stands against the history, in words (0061), or null. */
    verdict?: string | null;
    /** The page's "was" price checked against the history, in words (0062), or null. */
    referenceCheck?: string | null;
    locale?: string;
  },
): AlertInput | null {
  if (!isKind(row.kind)) return null;
  const details = row.details ?? {};
  // The worker stores the new price's currency; the old one's when it differed.
  const oldCurrency =
    typeof details.oldCurrency === "string" ? details.oldCurrency : (row.currency ?? null);
  const percent = details.percentChange;
  const reason = row.kind === "unreachable" ? unreachableReason(details) : undefined;
  const newPrice = money(row.newPriceMinor, row.currency);
  return {
    event: {
      id: row.id,
      idempotencyKey: row.idempotencyKey,
      kind: row.kind,
      watchId: row.watchId,
      productId: row.productId,
      createdAt: row.createdAt,
      oldPrice: money(row.oldPriceMinor, oldCurrency),
      newPrice,
      percentChange: typeof percent === "number" && Number.isFinite(percent) ? percent : null,
      details: reason === undefined ? details : { ...details, reason },
    },
    product: {
      title: product.title ?? product.url,
      imageUrl: product.imageUrl,
      storeName: product.store,
      url: product.url,
      lowestPrice: options.lowestPrice,
      verdict: options.verdict ?? null,
      referenceCheck: options.referenceCheck ?? null,
      landedPrice: landedPriceOf(newPrice, product),
    },
    publicUrl: options.publicUrl,
    ...(options.locale ? { locale: options.locale } : {}),
  };
}
