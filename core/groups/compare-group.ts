import { type DealEvidence, realDealReason } from "../checks/real-deal.ts";
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

/**
 * A store as the group alert judges it: its price and stock, and its own watch's alert options,
 * applied as a watch alert applies them (decide-for-watches.ts, decision 0063).
 */
export type AlertingMember = ComparedMember & {
  /** The store's watch is snoozed now: nothing is raised about it; the group's state moves on. */
  isSnoozed?: boolean;
  /** The store's watch asks for only a real deal (decision 0063), with what shows it is one. */
  onlyRealDeal?: boolean;
  deal?: DealEvidence;
};

export type GroupAlertDecision = {
  /** The store to alert about, when the group's target was just met. */
  alert: { watchId: string; price: Money; converted: Money } | null;
  /** Whether the target is met now (kept as it was when the comparison is unavailable). */
  isMet: boolean;
};

/**
 * The group's one alert, "any store at or below the target": raised when a store in stock
 * comes to or below the target (compared in the target's currency) and it was not met at the
 * last evaluation; re-armed once no store in stock is at or below it. Each store's own watch
 * options apply as they do to its own alerts (#37): a store whose watch asks for only a real
 * deal counts only with a real deal — otherwise it is held back and the target not spent, so
 * the day it becomes one still alerts; the alert names the cheapest store that counts, and when
 * that store's watch is snoozed nothing is raised but the target is spent (a snoozed watch's
 * state keeps up with the price). Pure.
 */
export function decideGroupAlert(input: {
  target: Money;
  members: readonly AlertingMember[];
  wasMet: boolean;
  rates: ReferenceRates | null;
  now: Date;
}): GroupAlertDecision {
  const { target, members, wasMet } = input;
  const full = compareGroup(members, target.currency, input.rates);
  // Without rates only the stores that need none are judged; a guess is never made for the
  // others, and a met flag is not re-armed on one.
  const isPartial = full.status === "rates_unavailable";
  const comparison = isPartial
    ? compareGroup(
        members.filter((m) => m.price?.currency === target.currency),
        target.currency,
        null,
      )
    : full;
  const atOrBelow = comparison.rows
    .filter((r) => r.isInStock && r.converted && r.converted.amountMinor <= target.amountMinor)
    .sort((a, b) => a.converted!.amountMinor - b.converted!.amountMinor);
  if (atOrBelow.length === 0) return { alert: null, isMet: isPartial ? wasMet : false };
  const memberOf = new Map(members.map((m) => [m.watchId, m]));
  const counted = atOrBelow.filter((r) => {
    const member = memberOf.get(r.watchId);
    return !member?.onlyRealDeal || realDealReason(r.price!, member.deal ?? null, input.now);
  });
  // Every store at or below is held back as no real deal: nothing changes (0063).
  if (counted.length === 0) return { alert: null, isMet: wasMet };
  const first = counted[0]!;
  if (wasMet || memberOf.get(first.watchId)?.isSnoozed) return { alert: null, isMet: true };
  return {
    alert: { watchId: first.watchId, price: first.price!, converted: first.converted! },
    isMet: true,
  };
}
