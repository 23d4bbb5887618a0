import { describe, expect, it } from "vitest";
import {
  describeShare,
  HOLD_AFTER_LAST_SEEN_MS,
  type PriceVerdict,
  priceVerdict,
  type VerdictKey,
  type VerdictPoint,
} from "./price-verdict.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();
const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });

/**
 * A run of price `amount` from `from` days ago, checked every 6 hours until `to` days ago (the
 * next run's start, or now): what the compact history stores.
 */
function run(from: number, to: number, amount: number | null, currency = "EUR"): VerdictPoint {
  const lastSeen = Math.max(to, from - Math.floor((from - to) * 4) / 4);
  return {
    at: daysAgo(from),
    lastSeenAt: daysAgo(to === 0 ? 0 : lastSeen),
    price: amount === null ? null : { amountMinor: amount, currency },
  };
}

type Row = {
  name: string;
  points: VerdictPoint[];
  current: number | null;
  currency?: string;
  key: VerdictKey;
  check?: (v: PriceVerdict) => void;
};

const window = (v: PriceVerdict, days: number) => v.windows.find((w) => w.days === days);

const rows: Row[] = [
  {
    name: "one point only: no claim",
    points: [run(0.1, 0, 100)],
    current: 100,
    key: "not_enough_history",
    check: (v) => {
      expect(v.allTimeLow).toEqual(eur(100));
      expect(describeShare(v)).toBeNull();
    },
  },
  {
    name: "six days of moving prices is still too little",
    points: [run(6, 3, 120), run(3, 0, 100)],
    current: 100,
    key: "not_enough_history",
  },
  {
    name: "29 days at 100 then 1 day at 80: lowest seen, and rare over time",
    points: [run(30, 1, 100), run(1, 0, 80)],
    current: 80,
    key: "lowest_ever",
    check: (v) => {
      expect(window(v, 30)).toMatchObject({ low: eur(80), high: eur(100), isCovered: true });
      expect(window(v, 90)?.isCovered).toBe(false);
      // Time-weighted: 1 day of 30, not 1 check of 2 runs.
      expect(v.shareAtOrBelow).toBeCloseTo(1 / 30, 5);
      expect(v.shareBelow).toBe(0);
      expect(describeShare(v)).toBe("At this price or lower 3% of the time in the past 30 days");
    },
  },
  {
    name: "80 is the low of 30 days but not of the year (70 two months ago)",
    points: [run(120, 60, 100), run(60, 55, 70), run(55, 1, 100), run(1, 0, 80)],
    current: 80,
    key: "lowest_in_30",
    check: (v) => {
      expect(window(v, 30)?.low).toEqual(eur(80));
      expect(v.shareAtOrBelow).toBeCloseTo(6 / 120, 5);
      expect(window(v, 90)?.low).toEqual(eur(70));
      expect(v.allTimeLow).toEqual(eur(70));
    },
  },
  {
    name: "70 long ago makes 80 the lowest in 90 days only",
    points: [run(200, 100, 70), run(100, 1, 100), run(1, 0, 80)],
    current: 80,
    key: "lowest_in_90",
    check: (v) => {
      expect(window(v, 90)).toMatchObject({ low: eur(80), high: eur(100) });
      expect(window(v, 365)).toMatchObject({ low: eur(70), high: eur(100), isCovered: false });
      // Below 80 for 100 of 200 days.
      expect(v.shareBelow).toBeCloseTo(0.5, 5);
    },
  },
  {
    name: "lowest of the whole year when the year is covered",
    points: [run(500, 400, 50), run(400, 2, 100), run(2, 0, 90)],
    current: 90,
    key: "lowest_in_365",
  },
  {
    name: "the usual price, with a short sale in the past",
    points: [run(90, 40, 100), run(40, 35, 80), run(35, 0, 100)],
    current: 100,
    key: "typical",
    check: (v) => {
      expect(v.shareAtOrBelow).toBe(1);
      expect(v.shareBelow).toBeCloseTo(5 / 90, 5);
    },
  },
  {
    name: "a price above what it cost most of the time",
    points: [run(90, 5, 100), run(5, 0, 130)],
    current: 130,
    key: "higher_than_usual",
    check: (v) => expect(v.shareBelow).toBeCloseTo(85 / 90, 5),
  },
  {
    name: "cheaper than most of the time but not a low of any covered window",
    points: [run(200, 20, 100), run(20, 15, 70), run(15, 0, 85)],
    current: 85,
    key: "lower_than_usual",
    check: (v) => {
      expect(window(v, 30)).toMatchObject({ low: eur(70), high: eur(100), isCovered: true });
      expect(v.shareAtOrBelow).toBeCloseTo(20 / 200, 5);
    },
  },
  {
    name: "a price that never changed is typical, never a 'lowest'",
    points: [run(60, 0, 100)],
    current: 100,
    key: "typical",
  },
  {
    name: "a gap without checks adds no time: the old price stops two days after its last check",
    points: [{ at: daysAgo(100), lastSeenAt: daysAgo(99), price: eur(60) }, run(10, 0, 100)],
    current: 100,
    key: "typical",
    check: (v) => {
      expect(v.observedDays).toBeCloseTo(1 + HOLD_AFTER_LAST_SEEN_MS / DAY + 10, 5);
      expect(v.allTimeLow).toEqual(eur(60));
    },
  },
  {
    name: "a paused watch: an old reading is not stretched to now",
    points: [{ at: daysAgo(40), lastSeenAt: daysAgo(40), price: eur(100) }],
    current: 100,
    key: "not_enough_history",
    check: (v) => expect(v.observedDays).toBeCloseTo(2, 5),
  },
  {
    name: "a run without a price (out of stock, no price shown) ends the one before it",
    points: [run(40, 30, 80), run(30, 20, null), run(20, 0, 100)],
    current: 100,
    key: "typical",
    check: (v) => {
      expect(v.observedDays).toBeCloseTo(30, 5);
      expect(v.shareBelow).toBeCloseTo(10 / 30, 5);
    },
  },
  {
    name: "currency change: only points in today's currency count",
    points: [run(300, 20, 50, "USD"), run(20, 0, 100)],
    current: 100,
    key: "typical",
    check: (v) => {
      expect(v.allTimeLow).toEqual(eur(100));
      expect(v.observedDays).toBeCloseTo(20, 5);
      expect(window(v, 30)?.isCovered).toBe(false);
    },
  },
  {
    name: "currency change with little history in the new currency: no claim",
    points: [run(300, 3, 50, "USD"), run(3, 0, 100)],
    current: 100,
    key: "not_enough_history",
  },
  {
    name: "no current price",
    points: [run(60, 0, 100)],
    current: null,
    key: "no_price",
  },
  {
    name: "points after now are ignored (the email's verdict is for the alert's instant)",
    points: [
      run(60, 1, 100),
      run(1, 0, 80),
      { at: daysAgo(-1), lastSeenAt: daysAgo(-1), price: eur(10) },
    ],
    current: 80,
    key: "lowest_ever",
    check: (v) => expect(v.allTimeLow).toEqual(eur(80)),
  },
];

describe("priceVerdict", () => {
  it.each(rows)("$name", ({ points, current, currency = "EUR", key, check }) => {
    const verdict = priceVerdict(
      points,
      current === null ? null : { amountMinor: current, currency },
      NOW,
    );
    expect(verdict.key).toBe(key);
    check?.(verdict);
  });

  it("weights by time, not by checks: many checks of a short sale weigh no more", () => {
    const points = [run(30, 1, 100), run(1, 0, 80)];
    // The same history as a list of single checks: 29 days of one check a day at 100, then 96
    // checks in the last day at 80. Counting checks would say 80 most of the time.
    const perCheck: VerdictPoint[] = [
      ...Array.from({ length: 29 }, (_, i) => ({
        at: daysAgo(30 - i),
        lastSeenAt: daysAgo(30 - i),
        price: eur(100),
      })),
      ...Array.from({ length: 96 }, (_, i) => ({
        at: daysAgo(1 - i / 96),
        lastSeenAt: daysAgo(1 - i / 96),
        price: eur(80),
      })),
    ];
    const a = priceVerdict(points, eur(80), NOW);
    const b = priceVerdict(perCheck, eur(80), NOW);
    expect(b.shareAtOrBelow).toBeCloseTo(a.shareAtOrBelow ?? -1, 5);
    expect(b.shareAtOrBelow).toBeCloseTo(1 / 30, 5);
  });
});
