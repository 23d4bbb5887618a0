import { currencyExponent, type Money } from "../money/index.ts";
import { convertMoney, type ReferenceRates } from "../money/reference-rates.ts";
import {
  type Dimension,
  type MeasureUnit,
  perBaseUnit,
  UNITS,
  type UnitPrice,
} from "../money/unit-price.ts";

/**
 * A group's stores compared delivered and per unit (issue #37 item 6, decision 0079). Pure.
 * The landed price (price plus stated shipping) and the unit price are converted to the
 * comparison's currency like the price (decision 0069): never guessed without a rate. Unit
 * prices are shown in the unit most of the stores state, converted from the others of the
 * same dimension, and ranked per base unit; a store stating another dimension is not ranked.
 */

export type LandedMember = {
  watchId: string;
  price: Money | null;
  landedPrice: Money | null;
  unitPrice: UnitPrice | null;
  availability: string;
};

export type LandedRow = {
  watchId: string;
  /** The price with shipping in the comparison's currency; null unknown (or without a rate). */
  landed: Money | null;
  /** The unit price in the group's unit and currency; null when none or not comparable. */
  unit: UnitPrice | null;
};

export type LandedComparison = {
  rows: LandedRow[];
  /** The quantity and unit unit prices are shown per ("100 g"), or null without any. */
  per: { perQuantity: number; unit: MeasureUnit } | null;
  /**
   * The lowest price with shipping among the stores in stock, only when every store in stock
   * with a price has one known (a store with unknown shipping could be cheaper delivered).
   */
  cheapestLanded: { watchId: string; landed: Money } | null;
  /** Stores in stock with a price whose price with shipping is unknown. */
  unknownLanded: number;
  /** The lowest unit price among the stores in stock, when two or more compare. */
  cheapestPerUnit: { watchId: string; unit: UnitPrice } | null;
};

/** The (quantity, unit) most stores of the most common dimension state; ties: the first. */
function groupUnit(prices: readonly UnitPrice[]): LandedComparison["per"] {
  const dimensions = new Map<Dimension, number>();
  for (const p of prices) {
    const d = UNITS[p.unit].dimension;
    dimensions.set(d, (dimensions.get(d) ?? 0) + 1);
  }
  let dimension: Dimension | null = null;
  for (const [d, n] of dimensions)
    if (!dimension || n > (dimensions.get(dimension) ?? 0)) dimension = d;
  const counts = new Map<string, { n: number; perQuantity: number; unit: MeasureUnit }>();
  for (const p of prices) {
    if (UNITS[p.unit].dimension !== dimension) continue;
    const key = `${p.perQuantity} ${p.unit}`;
    const entry = counts.get(key) ?? { n: 0, perQuantity: p.perQuantity, unit: p.unit };
    entry.n++;
    counts.set(key, entry);
  }
  let best: { n: number; perQuantity: number; unit: MeasureUnit } | null = null;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best ? { perQuantity: best.perQuantity, unit: best.unit } : null;
}

/** Minor units of `to` per minor unit of `from` at the rates (1 for one currency), or null. */
function factorOf(from: string, to: string, rates: ReferenceRates | null): number | null {
  if (from === to) return 1;
  const a = rates?.perEur[from];
  const b = rates?.perEur[to];
  if (!a || !b) return null;
  return (b / a) * 10 ** (currencyExponent(to) - currencyExponent(from));
}

export function compareLanded(
  members: readonly LandedMember[],
  currency: string | null,
  rates: ReferenceRates | null,
): LandedComparison {
  const per = groupUnit(members.flatMap((m) => (m.unitPrice ? [m.unitPrice] : [])));
  const rows = members.map((m): LandedRow & { perBase: number | null } => {
    const landed = m.landedPrice && currency ? convertMoney(m.landedPrice, currency, rates) : null;
    const own = m.unitPrice ? perBaseUnit(m.unitPrice) : null;
    const factor = m.unitPrice && currency ? factorOf(m.unitPrice.currency, currency, rates) : null;
    // Ranked on the unrounded price per base unit in the comparison's currency.
    const perBase =
      own && per && factor !== null && own.dimension === UNITS[per.unit].dimension
        ? own.minorPerBase * factor
        : null;
    const unit =
      perBase !== null && per && currency
        ? {
            amountMinor: Math.round(perBase * per.perQuantity * UNITS[per.unit].inBase),
            currency,
            perQuantity: per.perQuantity,
            unit: per.unit,
          }
        : null;
    return { watchId: m.watchId, landed, unit, perBase };
  });
  const inStock = members.map((m) => m.availability === "in_stock" && m.price !== null);
  let cheapestLanded: LandedComparison["cheapestLanded"] = null;
  let unknownLanded = 0;
  let cheapestPerUnit: LandedComparison["cheapestPerUnit"] = null;
  let bestPerBase = Number.POSITIVE_INFINITY;
  let ranked = 0;
  rows.forEach((r, i) => {
    if (!inStock[i]) return;
    if (!r.landed) unknownLanded++;
    else if (!cheapestLanded || r.landed.amountMinor < cheapestLanded.landed.amountMinor)
      cheapestLanded = { watchId: r.watchId, landed: r.landed };
    if (r.unit && r.perBase !== null) {
      ranked++;
      if (r.perBase < bestPerBase) {
        bestPerBase = r.perBase;
        cheapestPerUnit = { watchId: r.watchId, unit: r.unit };
      }
    }
  });
  return {
    rows: rows.map(({ perBase: _perBase, ...r }) => r),
    per,
    cheapestLanded: unknownLanded === 0 ? cheapestLanded : null,
    unknownLanded,
    cheapestPerUnit: ranked >= 2 ? cheapestPerUnit : null,
  };
}
