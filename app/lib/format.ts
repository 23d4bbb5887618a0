import { describeRule } from "../../core/checks/alert-kinds.ts";
import { formatMoney } from "../../core/money/format-money.ts";
import type { Money } from "../../core/money/money.ts";

export function money(value: Money | null | undefined): string {
  return value ? formatMoney(value) : "—";
}

/** "2 h ago", "just now", "in 3 h". */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "never";
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  const units: [number, string][] = [
    [86_400_000, "d"],
    [3_600_000, "h"],
    [60_000, "min"],
  ];
  for (const [ms, label] of units) {
    if (abs >= ms) {
      const n = Math.floor(abs / ms);
      return diff < 0 ? `${n} ${label} ago` : `in ${n} ${label}`;
    }
  }
  return "just now";
}

export { describeRule };

export function describeInterval(minutes: number): string {
  return minutes % 60 === 0 ? `every ${minutes / 60} h` : `every ${minutes} min`;
}

export const availabilityLabel: Record<string, string> = {
  in_stock: "In stock",
  out_of_stock: "Out of stock",
  preorder: "Pre-order",
  unknown: "Stock unknown",
};

/** A change of price with its sign ("+1,00 €", "−2,50 €"), "no change", or "—" when unknown. */
export function changeText(changeMinor: number | null, currency: string): string {
  if (changeMinor === null) return "—";
  if (changeMinor === 0) return "no change";
  const sign = changeMinor > 0 ? "+" : "−";
  return `${sign}${money({ amountMinor: Math.abs(changeMinor), currency })}`;
}
