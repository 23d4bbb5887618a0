import { describe, expect, it } from "vitest";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { groupChart } from "./group-chart.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const RATES: ReferenceRates = { date: "2026-11-27", perEur: { EUR: 1, USD: 1.08 } };
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
  it("draws every store in the comparison's currency, from the first point to now", () => {
    const chart = groupChart(members, "EUR", RATES, NOW);
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
});
