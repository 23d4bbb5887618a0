import type { Money } from "../money/index.ts";
import { convertMoney, type ReferenceRates } from "../money/reference-rates.ts";

/**
 * A group's stores compared in one currency (issue #37 items 5 and 7, decisions 0068, 0069).
 * Pure. Prices in another currency are converted at the reference rates for the comparison
 * only; without rates, a comparison that needs them is unavailable, never guessed.
 */

export type ComparedMember = { watchId: string; price: Money | null; availability: string };

export type ComparisonRow = {
  watchId: string;
  /** The store's own price, as stored. */
  price: Money | null;
  /** In the comparison's currency (the same as `price` when it is in it); null without a rate. */
  converted: Money | null;
  isInStock: boolean;
};

export type GroupComparison = {
  /** The currency the stores are compared in (the person's own). */
  currency: string | null;
  /**
   * compared: every priced store has a price in `currency`; rates_unavailable: some price is in
   * another currency and no reference rate converts it; no_prices: no store has a price.
   */
  status: "compared" | "rates_unavailable" | "no_prices";
  /** The day of the reference rates used, when a price was converted. */
  ratesDate: string | null;
  rows: ComparisonRow[];
  /** The lowest converted price among the stores in stock now; null when none, or unavailable. */
  cheapestInStock: { watchId: string; price: Money; converted: Money } | null;
};

export function compareGroup(
  members: readonly ComparedMember[],
  currency: string | null,
  rates: ReferenceRates | null,
): GroupComparison {
  let isConverted = false;
  const rows = members.map((m): ComparisonRow => {
    const converted = m.price && currency ? convertMoney(m.price, currency, rates) : null;
    if (converted && m.price && m.price.currency !== currency) isConverted = true;
    return {
      watchId: m.watchId,
      price: m.price,
      converted,
      isInStock: m.availability === "in_stock",
    };
  });
  const priced = rows.filter((r) => r.price !== null);
  const status: GroupComparison["status"] =
    priced.length === 0 || currency === null
      ? "no_prices"
      : priced.some((r) => r.converted === null)
        ? "rates_unavailable"
        : "compared";
  let cheapest: GroupComparison["cheapestInStock"] = null;
  if (status === "compared") {
    for (const r of priced) {
      if (!r.isInStock || !r.price || !r.converted) continue;
      if (!cheapest || r.converted.amountMinor < cheapest.converted.amountMinor) {
        cheapest = { watchId: r.watchId, price: r.price, converted: r.converted };
      }
    }
  }
  return {
    currency,
    status,
    ratesDate: isConverted && rates ? rates.date : null,
    rows,
    cheapestInStock: cheapest,
  };
}

export type GroupAlertDecision = {
  /** The store to alert about, when the group's target was just met. */
  alert: { watchId: string; price: Money; converted: Money } | null;
  /** Whether the target is met now (kept as it was when the comparison is unavailable). */
  isMet: boolean;
};

/**
 * The group's one alert, "any store at or below the target": raised when the cheapest store in
 * stock comes to or below the target (compared in the target's currency) and it was not met at
 * the last evaluation; re-armed once no store in stock is at or below it.
 */
export function decideGroupAlert(input: {
  target: Money;
  members: readonly ComparedMember[];
  wasMet: boolean;
  rates: ReferenceRates | null;
}): GroupAlertDecision {
  const comparison = compareGroup(input.members, input.target.currency, input.rates);
  if (comparison.status === "rates_unavailable") {
    // Only the stores that need no rate can be judged; a guess is never made for the others.
    const sameCurrency = input.members.filter((m) => m.price?.currency === input.target.currency);
    const partial = compareGroup(sameCurrency, input.target.currency, null);
    const isMetPartly = isAtOrBelow(partial, input.target);
    if (isMetPartly && !input.wasMet) {
      return { alert: partial.cheapestInStock, isMet: true };
    }
    return { alert: null, isMet: input.wasMet || isMetPartly };
  }
  const isMet = isAtOrBelow(comparison, input.target);
  return {
    alert: isMet && !input.wasMet ? comparison.cheapestInStock : null,
    isMet,
  };
}

function isAtOrBelow(comparison: GroupComparison, target: Money): boolean {
  const cheapest = comparison.cheapestInStock;
  return cheapest !== null && cheapest.converted.amountMinor <= target.amountMinor;
}
