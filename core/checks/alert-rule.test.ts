import { describe, expect, it } from "vitest";
import { AlertRule } from "./alert-rule.ts";

describe("AlertRule", () => {
  it.each([
    [{ kind: "any_drop" }, true],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "EUR" } }, true],
    [{ kind: "below_target", target: { amountMinor: 45.5, currency: "EUR" } }, false],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "euro" } }, false],
    [{ kind: "percent_drop", percent: 20 }, true],
    [{ kind: "percent_drop", percent: 12.5 }, true],
    [{ kind: "percent_drop", percent: 0.07 }, true],
    [{ kind: "percent_drop", percent: 12.345 }, false],
    [{ kind: "percent_drop", percent: 0 }, false],
    [{ kind: "percent_drop", percent: 100 }, false],
    [{ kind: "back_in_stock" }, true],
    [{ kind: "any_change" }, true],
    [{ kind: "rises_above", threshold: { amountMinor: 12000, currency: "USD" } }, true],
    [{ kind: "rises_above" }, false],
    [{ kind: "sometimes" }, false],
  ])("%j → %s", (input, isValid) => {
    expect(AlertRule.safeParse(input).success).toBe(isValid);
  });
});
