import { describe, expect, it } from "vitest";
import { EMPTY_WATCH_ALERT_STATE, type WatchAlertState } from "./alert-rule.ts";
import { alertStateFromJson, alertStateToJson } from "./alert-state-json.ts";

describe("alert state as jsonb", () => {
  it("round-trips through JSON, Dates included", () => {
    const state: WatchAlertState = {
      baselinePrice: { amountMinor: 1_000, currency: "USD" },
      lastPrice: { amountMinor: 900, currency: "USD" },
      lastAvailability: "in_stock",
      isRuleMet: true,
      dropFromPrice: { amountMinor: 1_000, currency: "USD" },
      lowestAlertedPrice: { amountMinor: 900, currency: "USD" },
      lastBackInStockAlertAt: new Date("2026-11-20T10:00:00Z"),
      pendingPrice: null,
    };
    const stored = JSON.parse(JSON.stringify(alertStateToJson(state)));
    expect(alertStateFromJson(stored)).toEqual({ state, isInitialised: true });
  });

  it("reads an empty object (a watch from before the worker) as the empty state", () => {
    expect(alertStateFromJson({})).toEqual({
      state: EMPTY_WATCH_ALERT_STATE,
      isInitialised: false,
    });
  });

  it("reads malformed fields as empty values rather than throwing", () => {
    const { state } = alertStateFromJson({
      lastPrice: { amountMinor: "12", currency: "USD" },
      lastAvailability: "unknown",
      lastBackInStockAlertAt: "not a date",
      isRuleMet: "yes",
    });
    expect(state).toEqual(EMPTY_WATCH_ALERT_STATE);
  });
});
