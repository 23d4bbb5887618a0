import { describe, expect, it } from "vitest";
import {
  AlertRule,
  type RuleColumns,
  ruleFromColumns,
  ruleToColumns,
  UnreadableRuleError,
} from "./alert-rule.ts";

describe("AlertRule", () => {
  it.each([
    [{ kind: "any_drop" }, true],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "EUR" } }, true],
    [{ kind: "below_target", target: { amountMinor: 45.5, currency: "EUR" } }, false],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "euro" } }, false],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "ABC" } }, false],
    [{ kind: "below_target", target: { amountMinor: 4500, currency: "ALL" } }, true],
    [{ kind: "below_target", target: { amountMinor: 0, currency: "EUR" } }, false],
    [{ kind: "below_target", target: { amountMinor: -100, currency: "EUR" } }, false],
    [{ kind: "percent_drop", percent: 20 }, true],
    [{ kind: "percent_drop", percent: 12.5 }, true],
    [{ kind: "percent_drop", percent: 0.1 }, true],
    [{ kind: "percent_drop", percent: 99 }, true],
    [{ kind: "percent_drop", percent: 0.07 }, false],
    [{ kind: "percent_drop", percent: 99.5 }, false],
    [{ kind: "percent_drop", percent: 12.345 }, false],
    [{ kind: "percent_drop", percent: 0 }, false],
    [{ kind: "percent_drop", percent: 100 }, false],
    [{ kind: "back_in_stock" }, true],
    [{ kind: "any_change" }, true],
    [{ kind: "rises_above", threshold: { amountMinor: 12000, currency: "USD" } }, true],
    [{ kind: "rises_above", threshold: { amountMinor: 0, currency: "USD" } }, false],
    [{ kind: "rises_above" }, false],
    [{ kind: "sometimes" }, false],
  ])("%j → %s", (input, isValid) => {
    expect(AlertRule.safeParse(input).success).toBe(isValid);
  });

  it("says what is wrong in words a person reads", () => {
    const percent = AlertRule.safeParse({ kind: "percent_drop", percent: 150 });
    expect(percent.error?.issues[0]?.message).toBe("Choose a drop between 0.1 % and 99 %.");
    const target = AlertRule.safeParse({
      kind: "below_target",
      target: { amountMinor: 0, currency: "USD" },
    });
    expect(target.error?.issues[0]?.message).toBe("Set a price above zero.");
  });
});

describe("rule columns", () => {
  const rules: AlertRule[] = [
    { kind: "any_drop" },
    { kind: "below_target", target: { amountMinor: 4500, currency: "EUR" } },
    { kind: "percent_drop", percent: 12.5 },
    { kind: "back_in_stock" },
    { kind: "any_change" },
    { kind: "rises_above", threshold: { amountMinor: 12000, currency: "USD" } },
    { kind: "all_time_low" },
    { kind: "lowest_in_days", days: 30 },
  ];
  it.each(rules)("%j survives the row", (rule) => {
    expect(ruleFromColumns(ruleToColumns(rule))).toEqual(rule);
  });

  const blank: RuleColumns = {
    ruleKind: "any_drop",
    ruleAmountMinor: null,
    ruleCurrency: null,
    rulePercent: null,
    ruleDays: null,
  };
  it.each([
    ["lowest_in_days without days", { ...blank, ruleKind: "lowest_in_days" }],
    ["an unknown kind", { ...blank, ruleKind: "sometimes" }],
    ["a target without an amount", { ...blank, ruleKind: "below_target", ruleCurrency: "USD" }],
    ["a target without a currency", { ...blank, ruleKind: "below_target", ruleAmountMinor: 500 }],
    ["a threshold without anything", { ...blank, ruleKind: "rises_above" }],
    ["a percentage drop without a percentage", { ...blank, ruleKind: "percent_drop" }],
    ["a percentage drop of 150 %", { ...blank, ruleKind: "percent_drop", rulePercent: 150 }],
  ])("refuses %s instead of guessing a rule", (_, columns) => {
    expect(() => ruleFromColumns(columns)).toThrow(UnreadableRuleError);
  });

  it("reads a stored rule that today's input limits would refuse", () => {
    expect(ruleFromColumns({ ...blank, ruleKind: "percent_drop", rulePercent: 0.05 })).toEqual({
      kind: "percent_drop",
      percent: 0.05,
    });
  });
});
