import { describe, expect, it } from "vitest";
import { checkEuLowest30d, describeEuLowest30d, type EuLowestKey } from "./eu-lowest-30d.ts";
import type { VerdictPoint } from "./price-verdict.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });
const run = (from: number, to: number, amount: number): VerdictPoint => ({
  at: daysAgo(from),
  lastSeenAt: daysAgo(to),
  price: eur(amount),
});

const rows: {
  name: string;
  points: VerdictPoint[];
  price: number;
  stated: number;
  key: EuLowestKey;
  seenLow?: number | null;
  words?: string;
}[] = [
  {
    name: "the stated low is the lowest Dropwave saw: agrees",
    points: [run(40, 20, 9000), run(20, 2, 10000), run(2, 0, 7000)],
    price: 7000,
    stated: 9000,
    key: "matches",
    seenLow: 9000,
    words:
      "The store's lowest price of the last 30 days, €90.00, agrees with what Dropwave saw (lowest €90.00)",
  },
  {
    name: "the store states a higher 30-day low than Dropwave saw: the reduction looks bigger than it is",
    points: [run(25, 10, 8000), run(10, 2, 10000), run(2, 0, 7500)],
    price: 7500,
    stated: 10000,
    key: "higher_than_seen",
    seenLow: 8000,
    words:
      "The store says its lowest price of the last 30 days was €100.00, but Dropwave saw €80.00 in those days",
  },
  {
    name: "a low older than the 30 days before the reduction does not count",
    points: [run(60, 40, 6000), run(40, 3, 10000), run(3, 0, 7500)],
    price: 7500,
    stated: 10000,
    key: "matches",
    seenLow: 10000,
  },
  {
    name: "a stated low below what Dropwave saw is no fault (Dropwave may have missed a day)",
    points: [run(30, 2, 10000), run(2, 0, 7500)],
    price: 7500,
    stated: 9500,
    key: "matches",
  },
  {
    name: "watched only since the reduction: nothing to compare",
    points: [run(2, 0, 7500)],
    price: 7500,
    stated: 9500,
    key: "not_enough_history",
    seenLow: null,
  },
];

describe("checkEuLowest30d (issue #37 item 3, decision 0071)", () => {
  it.each(rows)("$name", (row) => {
    const check = checkEuLowest30d(row.points, eur(row.price), eur(row.stated), NOW);
    expect(check?.key).toBe(row.key);
    if (row.seenLow !== undefined) {
      expect(check?.seenLow?.amountMinor ?? null).toBe(row.seenLow);
    }
    if (row.words && check) expect(describeEuLowest30d(check)).toBe(row.words);
  });

  it("nothing to check without a stated amount in the price's currency", () => {
    const points = [run(30, 0, 7500)];
    expect(checkEuLowest30d(points, eur(7500), null, NOW)).toBeNull();
    expect(
      checkEuLowest30d(points, eur(7500), { amountMinor: 1, currency: "PLN" }, NOW),
    ).toBeNull();
    expect(checkEuLowest30d(points, null, eur(9000), NOW)).toBeNull();
  });

  it("the reduction starts where today's price began, and the window is the 30 days before it", () => {
    const check = checkEuLowest30d(
      [run(20, 5, 10000), run(5, 0, 7500)],
      eur(7500),
      eur(10000),
      NOW,
    );
    expect(check?.reductionStartedAt).toBe(daysAgo(5));
    expect(check?.seenDays).toBeCloseTo(15, 5);
  });
});
