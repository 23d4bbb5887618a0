import { describe, expect, it } from "vitest";
import type { HistoryPoint } from "../../../core/tracking/watch-history.ts";
import {
  axisLabels,
  buildPriceSeries,
  indexAt,
  labelBaselines,
  rangeBounds,
  rowAt,
  usefulRanges,
} from "./price-series.ts";

const point = (
  at: string,
  amountMinor: number | null,
  availability = "in_stock",
  currency = "EUR",
): HistoryPoint => ({
  at,
  lastSeenAt: at,
  price: amountMinor === null ? null : { amountMinor, currency },
  listPrice: null,
  referenceLowest30d: null,
  shipping: null,
  unitPrice: null,
  availability,
  checks: 1,
  source: "server",
});
const s = (iso: string) => Date.parse(iso) / 1000;

describe("buildPriceSeries", () => {
  const history = [
    point("2026-01-01T00:00:00Z", 10_000),
    point("2026-01-05T00:00:00Z", 9_000),
    point("2026-01-10T00:00:00Z", null, "out_of_stock"),
    point("2026-01-12T00:00:00Z", 9_500),
    point("2026-01-20T00:00:00Z", 12_000, "in_stock", "USD"),
  ];

  it("holds the last price until now, leaves gaps where no price was seen", () => {
    const series = buildPriceSeries(history, "EUR", "2026-02-01T00:00:00Z");
    expect(series?.xs).toEqual([
      s("2026-01-01T00:00:00Z"),
      s("2026-01-05T00:00:00Z"),
      s("2026-01-10T00:00:00Z"),
      s("2026-01-12T00:00:00Z"),
      s("2026-01-20T00:00:00Z"),
      s("2026-02-01T00:00:00Z"),
    ]);
    // Another currency's price is not drawn on this scale.
    expect(series?.ys).toEqual([10_000, 9_000, null, 9_500, null, null]);
  });

  it("marks out-of-stock stretches until the next in-stock check, or until now", () => {
    expect(buildPriceSeries(history, "EUR", "2026-02-01T00:00:00Z")?.outOfStock).toEqual([
      [s("2026-01-10T00:00:00Z"), s("2026-01-12T00:00:00Z")],
    ]);
    const stillOut = buildPriceSeries(
      [point("2026-01-01T00:00:00Z", 500), point("2026-01-03T00:00:00Z", null, "out_of_stock")],
      "EUR",
      "2026-01-09T00:00:00Z",
    );
    expect(stillOut?.outOfStock).toEqual([[s("2026-01-03T00:00:00Z"), s("2026-01-09T00:00:00Z")]]);
  });

  it("lists each change against the price before it, newest first", () => {
    const rows = buildPriceSeries(history, "EUR", "2026-02-01T00:00:00Z")?.rows ?? [];
    expect(rows.map((r) => [r.amountMinor, r.changeMinor, r.availability])).toEqual([
      [null, null, "in_stock"],
      [9_500, 500, "in_stock"],
      [null, null, "out_of_stock"],
      [9_000, -1_000, "in_stock"],
      [10_000, null, "in_stock"],
    ]);
  });

  it("is null without any price in the currency", () => {
    expect(buildPriceSeries([], null, "2026-02-01T00:00:00Z")).toBeNull();
    expect(
      buildPriceSeries([point("2026-01-01T00:00:00Z", null)], "EUR", "2026-02-01T00:00:00Z"),
    ).toBeNull();
  });
});

describe("ranges", () => {
  const xs = [s("2025-01-01T00:00:00Z"), s("2026-06-01T00:00:00Z"), s("2026-11-23T00:00:00Z")];
  it("end now and start no earlier than the first point", () => {
    const end = xs[2] as number;
    expect(rangeBounds({ xs }, "1w")).toEqual([end - 7 * 86_400, end]);
    expect(rangeBounds({ xs }, "1y")).toEqual([end - 365 * 86_400, end]);
    expect(rangeBounds({ xs }, "all")).toEqual([xs[0], end]);
    // Less than a day of history gets a day of room (one check and "now" a minute later).
    expect(rangeBounds({ xs: [1_000, 2_000] }, "1m")).toEqual([2_000 - 86_400, 2_000]);
    expect(rangeBounds({ xs: [1_000, 1_000 + 86_400] }, "all")).toEqual([1_000, 1_000 + 86_400]);
    expect(rangeBounds({ xs: [5_000] }, "all")).toEqual([5_000 - 86_400, 5_000]);
  });
  it("offers only ranges shorter than the history, and all", () => {
    expect(usefulRanges({ xs })).toEqual(["1w", "1m", "3m", "1y", "all"]);
    expect(usefulRanges({ xs: [0, 10 * 86_400] })).toEqual(["1w", "all"]);
  });
  it("finds the price in force at a time", () => {
    expect(indexAt(xs, (xs[0] as number) - 5)).toBe(0);
    expect(indexAt(xs, xs[1] as number)).toBe(1);
    expect(indexAt(xs, (xs[1] as number) + 10)).toBe(1);
    expect(indexAt(xs, (xs[2] as number) + 10)).toBe(2);
  });
});

describe("axisLabels", () => {
  const day = 86_400;
  const start = s("2026-11-01T00:00:00Z");
  const distinct = (labels: string[]) => new Set(labels).size === labels.length;

  it.each([
    ["hours", 6 * 3_600, 8],
    ["days", day, 10],
    ["weeks", 7 * day, 8],
    ["months", 30 * day, 14],
    ["years", 365 * day, 5],
  ])("never repeats a label with ticks %s apart", (_name, spacing, count) => {
    const ticks = Array.from({ length: count }, (_, i) => start + i * spacing);
    const labels = axisLabels(ticks, spacing, "en-GB", "UTC");
    expect(distinct(labels)).toBe(true);
  });

  it("formats for the spacing", () => {
    expect(axisLabels([start], 6 * 3_600, "en-GB", "UTC")).toEqual(["1 Nov, 00:00"]);
    expect(axisLabels([start], day, "en-GB", "UTC")).toEqual(["1 Nov"]);
    expect(axisLabels([start], 30 * day, "en-GB", "UTC")).toEqual(["Nov 2026"]);
    expect(axisLabels([start], 365 * day, "en-GB", "UTC")).toEqual(["2026"]);
  });
});

describe("one check (#39 item 9)", () => {
  const checked = "2026-11-27T08:23:10Z";
  const series = buildPriceSeries([point(checked, 4_999)], "EUR", "2026-11-27T08:24:30Z");

  it("spans a day, so the axis labels hours rather than one minute", () => {
    const [from, to] = rangeBounds(series!, "all");
    expect(to - from).toBe(86_400);
  });

  it("never repeats a label, even with ticks seconds apart", () => {
    const ticks = Array.from({ length: 6 }, (_, i) => s(checked) + i * 20);
    const labels = axisLabels(ticks, 20, "en-GB", "UTC").filter((l) => l !== "");
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("hovering anywhere shows the time of the check, not the pointer's or now", () => {
    for (const t of [s(checked) - 3_600, s(checked) + 30, s("2026-11-27T08:24:30Z")]) {
      expect(rowAt(series!, t)?.at).toBe(s(checked));
    }
  });
});

describe("rowAt", () => {
  const history = [
    point("2026-01-01T00:00:00Z", 10_000),
    point("2026-01-05T07:13:00Z", 9_000),
    point("2026-01-10T00:00:00Z", null, "out_of_stock"),
    point("2026-01-12T22:41:00Z", 9_500),
  ];
  it("gives the check in force at a time: a time a check happened", () => {
    const series = buildPriceSeries(history, "EUR", "2026-02-01T00:00:00Z")!;
    const times = new Set(history.map((p) => s(p.at)));
    for (let t = series.xs[0]! - 100; t <= series.xs.at(-1)!; t += 3_607) {
      expect(times.has(rowAt(series, t)!.at)).toBe(true);
      expect(rowAt(series, t)!.at).toBeLessThanOrEqual(Math.max(t, series.xs[0]!));
    }
  });
});

describe("labelBaselines", () => {
  it("keeps labels of close lines apart, inside the plot", () => {
    // Low and Avg a few pixels apart, High near the top.
    const placed = labelBaselines([200, 196, 12], 14, 10, 280);
    const sorted = [...placed].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1) {
      expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(14);
    }
    for (const y of placed) {
      expect(y).toBeGreaterThanOrEqual(10 + 14);
      expect(y).toBeLessThanOrEqual(280);
    }
  });

  it("leaves a label just above its line when nothing is near", () => {
    expect(labelBaselines([100, 200], 14, 0, 300)).toEqual([96, 196]);
  });
});
