import { describe, expect, it } from "vitest";
import type { VerdictPoint } from "./price-verdict.ts";
import {
  checkReference,
  describeReference,
  INFLATED_MAX_HOLD_MS,
  type ReferenceCheck,
  type ReferenceKey,
} from "./reference-check.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });

/** A run of `amount` from `from` days ago, checked until `to` days ago (the next run's start). */
function run(from: number, to: number, amount: number | null, currency = "EUR"): VerdictPoint {
  return {
    at: daysAgo(from),
    lastSeenAt: daysAgo(to),
    price: amount === null ? null : { amountMinor: amount, currency },
  };
}

type Row = {
  name: string;
  points: VerdictPoint[];
  price: number;
  reference: number;
  key: ReferenceKey;
  check?: (c: ReferenceCheck) => void;
};

const rows: Row[] = [
  {
    name: "charged for two months before a week-old sale: real",
    points: [run(67, 7, 8000), run(7, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
    check: (c) => {
      expect(c.chargedDaysBeforeSale).toBeCloseTo(60, 5);
      expect(c.saleStartedAt).toBe(daysAgo(7));
      expect(c.lastChargedAt).toBe(daysAgo(7));
      expect(describeReference(c, NOW)).toBe(
        "Real discount: €80.00 was charged for 60 days in the 90 days before this sale",
      );
    },
  },
  {
    name: "never charged in 60 days of watching: inflated",
    points: [run(60, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "inflated",
    check: (c) => {
      expect(c.chargedDaysEver).toBe(0);
      expect(c.lastChargedAt).toBeNull();
      expect(c.saleStartedAt).toBe(daysAgo(60));
      expect(describeReference(c, NOW)).toBe(
        "Inflated reference: Dropwave never saw €80.00 charged in 60 days of history",
      );
    },
  },
  {
    name: "raised to the reference for a day just before the sale: inflated",
    points: [run(40, 4, 5000), run(4, 3, 8000), run(3, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "inflated",
    check: (c) => {
      expect(c.chargedDaysBeforeSale).toBeCloseTo(1, 5);
      expect(describeReference(c, NOW)).toBe(
        "Inflated reference: €80.00 was charged for only 1 day in the 90 days before this sale",
      );
    },
  },
  {
    name: "held exactly the inflated limit: still inflated",
    points: [run(30, 3.5, 5000), run(3.5, 2, 8000), run(2, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "inflated",
  },
  {
    name: "held two days before the sale: charged",
    points: [run(30, 4, 5000), run(4, 2, 8000), run(2, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
  },
  {
    name: "a higher price than the reference counts as the reference charged",
    points: [run(20, 5, 9000), run(5, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
  },
  {
    name: "a 'sale' older than 90 days: its reference is stale, inflated",
    points: [run(300, 200, 8000), run(200, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "inflated",
    check: (c) => {
      expect(c.chargedDaysEver).toBeCloseTo(100, 5);
      expect(describeReference(c, NOW)).toBe(
        "Inflated reference: €80.00 was last charged 200 days ago",
      );
    },
  },
  {
    name: "charged briefly once, then a lower price for months before the sale: inflated",
    points: [run(80, 79, 8000), run(79, 5, 7000), run(5, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "inflated",
  },
  {
    name: "the sale is the stretch below the reference, whatever its steps",
    points: [run(50, 10, 8000), run(10, 5, 7000), run(5, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
    check: (c) => expect(c.saleStartedAt).toBe(daysAgo(10)),
  },
  {
    name: "three days of history, reference never seen: no claim",
    points: [run(3, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "not_enough_history",
    check: (c) =>
      expect(describeReference(c, NOW)).toBe(
        "Dropwave has not watched long enough to check the €80.00 reference",
      ),
  },
  {
    name: "three days of history, two of them at the reference: charged",
    points: [run(3, 1, 8000), run(1, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
  },
  {
    name: "a gap without checks adds no charged time",
    // Checked once 50 days ago at the reference, then nothing until the sale 10 days ago.
    points: [{ at: daysAgo(50), lastSeenAt: daysAgo(50), price: eur(8000) }, run(10, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "charged",
    check: (c) => expect(c.chargedDaysBeforeSale * DAY).toBe(2 * DAY),
  },
  {
    name: "the reference in another currency's history is not seen",
    points: [run(60, 5, 8000, "USD"), run(5, 0, 6000)],
    price: 6000,
    reference: 8000,
    key: "not_enough_history",
  },
];

describe("checkReference", () => {
  it.each(rows)("$name", (row) => {
    const check = checkReference(row.points, eur(row.price), eur(row.reference), NOW);
    expect(check?.key).toBe(row.key);
    if (check) row.check?.(check);
  });

  it("no discount to check: no reference, not above the price, or another currency", () => {
    const points = [run(30, 0, 6000)];
    expect(checkReference(points, eur(6000), null, NOW)).toBeNull();
    expect(checkReference(points, eur(6000), eur(6000), NOW)).toBeNull();
    expect(checkReference(points, eur(6000), eur(5000), NOW)).toBeNull();
    expect(
      checkReference(points, eur(6000), { amountMinor: 8000, currency: "USD" }, NOW),
    ).toBeNull();
    expect(checkReference(points, null, eur(8000), NOW)).toBeNull();
  });

  it("the limit is a day and a half", () => {
    expect(INFLATED_MAX_HOLD_MS).toBe(1.5 * DAY);
  });
});
