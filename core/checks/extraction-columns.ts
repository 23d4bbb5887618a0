import type { product } from "../db/schema/index.ts";
import type { ExtractResult } from "../extract/types.ts";
import { landedColumnsOf } from "./landed-columns.ts";

/** The product columns a successful extraction sets (the check worker adds its schedule). */
export function extractionColumns(result: ExtractResult, at: Date) {
  return {
    title: result.title,
    imageUrl: result.imageUrl,
    brand: result.brand,
    sku: result.sku,
    gtin: result.gtin,
    canonicalUrl: result.canonicalUrl,
    priceMinor: result.price?.amountMinor ?? null,
    currency: result.price?.currency ?? null,
    listPriceMinor:
      result.listPrice && result.listPrice.currency === result.price?.currency
        ? result.listPrice.amountMinor
        : null,
    ...landedColumnsOf(result),
    availability: result.availability,
    extractStatus: result.status,
    candidates: result.candidates,
    lastCheckedAt: at,
    lastSuccessAt: at,
    lastOutcome: "ok",
    lastError: null,
    consecutiveFailures: 0,
    updatedAt: at,
  } satisfies Partial<typeof product.$inferInsert>;
}
