import type { ExtractResult } from "../extract/types.ts";

/** What one successful check saw, in the product row's terms. */
export type ObservedFacts = {
  priceMinor: number | null;
  currency: string | null;
  /** The page's "was" / list price in the price's currency, or null (decision 0062). */
  listPriceMinor: number | null;
  availability: string;
};

export function factsFromExtraction(result: ExtractResult): ObservedFacts {
  return {
    priceMinor: result.price?.amountMinor ?? null,
    currency: result.price?.currency ?? null,
    listPriceMinor:
      result.price && result.listPrice && result.listPrice.currency === result.price.currency
        ? result.listPrice.amountMinor
        : null,
    availability: result.availability,
  };
}
