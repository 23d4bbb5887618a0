import { describe, expect, it } from "vitest";
import { changeText, describeRule, money, relativeTime } from "./format.ts";

describe("format", () => {
  it("formats money exactly per currency", () => {
    expect(money({ amountMinor: 123456, currency: "USD" })).toBe("$1,234.56");
    expect(money({ amountMinor: 1234, currency: "JPY" })).toBe("¥1,234");
    expect(money(null)).toBe("—");
  });

  it("says times relative to now", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(relativeTime("2026-11-22T10:00:00Z", now)).toBe("2 h ago");
    expect(relativeTime("2026-11-22T15:30:00Z", now)).toBe("in 3 h");
    expect(relativeTime("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(relativeTime(null, now)).toBe("never");
  });

  it("describes every rule", () => {
    expect(
      describeRule({ kind: "below_target", target: { amountMinor: 4500, currency: "EUR" } }),
    ).toBe("Below €45.00");
    expect(describeRule({ kind: "percent_drop", percent: 20 })).toBe("Drops by 20 %");
  });

  it("says a change of price with its sign, none, or unknown", () => {
    expect(changeText(-250, "EUR")).toBe("−€2.50");
    expect(changeText(100, "EUR")).toBe("+€1.00");
    expect(changeText(0, "EUR")).toBe("no change");
    expect(changeText(null, "EUR")).toBe("—");
  });
});
