import { describe, expect, it } from "vitest";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { groupChart } from "./group-chart.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const day = (date: string, usd: number): ReferenceRates => ({ date, perEur: { EUR: 1, USD: usd } });
const point = (at: string, amountMinor: number | null, currency = "EUR") => ({
  at,
  lastSeenAt: at,
  price: amountMinor === null ? null : { amountMinor, currency },
  availability: "in_stock",
});

describe("groupChart", () => {
  const members = [
    {
      watchId: "a",
      store: "de",
      points: [point("2026-11-01T00:00:00Z", 10000), point("2026-11-20T00:00:00Z", 9000)],
    },
    { watchId: "b", store: "us", points: [point("2026-11-10T00:00:00Z", 10800, "USD")] },
    { watchId: "c", store: "ch", points: [point("2026-11-10T00:00:00Z", 9000, "CHF")] },
  ];
  const DAYS = [day("2026-11-10", 1.08), day("2026-11-27", 1.2)];

  it("draws every store in the comparison's currency, from the first point to now", () => {
    const chart = groupChart(members, "EUR", DAYS, NOW);
    expect(chart.series.map((s) => [s.store, s.steps.map((p) => p.amountMinor)])).toEqual([
      ["de", [10000, 9000]],
      ["us", [10000]],
    ]);
    expect(chart.leftOut).toEqual(["ch"]);
    expect([chart.minMinor, chart.maxMinor]).toEqual([9000, 10000]);
    expect(chart.fromMs).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(chart.toMs).toBe(NOW.getTime());
  });

  it("without rates, only the stores in the comparison's currency", () => {
    const chart = groupChart(members, "EUR", null, NOW);
    expect(chart.series.map((s) => s.store)).toEqual(["de"]);
    expect(chart.leftOut).toEqual(["us", "ch"]);
  });

  it("converts each past price at the rates of its own day, not today's (#37 gap c)", () => {
    // The same $108.00 on two days: €100.00 at 1.08 on the 10th, €90.00 at 1.20 on the 27th.
    const chart = groupChart(
      [
        {
          watchId: "b",
          store: "us",
          points: [
            point("2026-11-10T09:00:00Z", 10800, "USD"),
            point("2026-11-20T09:00:00Z", 12000, "USD"),
            point("2026-11-27T09:00:00Z", 10800, "USD"),
          ],
        },
      ],
      "EUR",
      [day("2026-11-10", 1.08), day("2026-11-20", 1.0), day("2026-11-27", 1.2)],
      NOW,
    );
    expect(chart.series[0]!.steps.map((s) => [s.amountMinor, s.ratesDate])).toEqual([
      [10000, "2026-11-10"],
      [12000, "2026-11-20"],
      [9000, "2026-11-27"],
    ]);
    expect(chart.earlierRates).toEqual([]);
  });

  it("a day without rates takes the nearest earlier day's, and says so", () => {
    const chart = groupChart(
      [{ watchId: "b", store: "us", points: [point("2026-11-22T09:00:00Z", 10800, "USD")] }],
      "EUR",
      [day("2026-11-20", 1.08), day("2026-11-23", 1.2)],
      NOW,
    );
    expect(chart.series[0]!.steps).toMatchObject([{ amountMinor: 10000, ratesDate: "2026-11-20" }]);
    expect(chart.earlierRates).toEqual([{ day: "2026-11-22", ratesDate: "2026-11-20" }]);
  });

  it("a price older than every kept day is not drawn, and said to be: never a guess", () => {
    const chart = groupChart(
      [
        {
          watchId: "b",
          store: "us",
          points: [
            point("2026-10-01T00:00:00Z", 10800, "USD"),
            point("2026-10-15T00:00:00Z", 11880, "USD"),
            point("2026-11-20T00:00:00Z", 10800, "USD"),
          ],
        },
      ],
      "EUR",
      [day("2026-11-20", 1.08)],
      NOW,
    );
    expect(chart.series[0]!.steps.map((s) => s.amountMinor)).toEqual([null, null, 10000]);
    expect(chart.notDrawn).toEqual([{ store: "us", from: "2026-10-01", to: "2026-10-15" }]);
    expect(chart.leftOut).toEqual([]);
    expect([chart.minMinor, chart.maxMinor]).toEqual([10000, 10000]);
  });
});
