import type { ExtractResult } from "../extract/types.ts";
import { type LandedColumns, landedColumnsOf } from "./landed-columns.ts";

/**
 * What one successful check saw, in the product row's terms (the landed price's columns may be
 * left out: none stated).
 */
export type ObservedFacts = {
  priceMinor: number | null;
  currency: string | null;
  /** The page's "was" / list price in the price's currency, or null (decision 0062). */
  listPriceMinor: number | null;
  /** The page's EU "lowest price in the last 30 days", in the price's currency, or null (0071). */
  referenceLowest30dMinor: number | null;
  availability: string;
} & Partial<LandedColumns>;

export function factsFromExtraction(result: ExtractResult): ObservedFacts {
  return {
    priceMinor: result.price?.amountMinor ?? null,
    currency: result.price?.currency ?? null,
    listPriceMinor:
      result.price && result.listPrice && result.listPrice.currency === result.price.currency
        ? result.listPrice.amountMinor
        : null,
    referenceLowest30dMinor:
      result.price &&
      result.referenceLowest30d &&
      result.referenceLowest30d.currency === result.price.currency
        ? result.referenceLowest30d.amountMinor
        : null,
    availability: result.availability,
    // Shipping and the unit price the page stated (0079); absent fields read as null.
    ...landedColumnsOf(result),
  };
}
