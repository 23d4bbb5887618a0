import type { ExtractResult } from "../extract/types.ts";

/** What one successful check saw, in the product row's terms. */
export type ObservedFacts = {
  priceMinor: number | null;
  currency: string | null;
  availability: string;
};

export function factsFromExtraction(result: ExtractResult): ObservedFacts {
  return {
    priceMinor: result.price?.amountMinor ?? null,
    currency: result.price?.currency ?? null,
    availability: result.availability,
  };
}
