import { AlertRule } from "../checks/index.ts";

/** Rules are defined with the alert decision (core/checks); the watch row stores them flat. */
export { AlertRule };

/** The intervals people may choose, in minutes (an admin floor removes the shorter ones). */
export const CHECK_INTERVALS_MINUTES = [60, 120, 180, 360, 720, 1440] as const;
export const DEFAULT_INTERVAL_MINUTES = 360;

/** Rule ↔ the watch row's columns. */
export type RuleColumns = {
  ruleKind: string;
  ruleAmountMinor: number | null;
  ruleCurrency: string | null;
  rulePercent: number | null;
};

export function ruleToColumns(rule: AlertRule): RuleColumns {
  switch (rule.kind) {
    case "below_target":
      return {
        ruleKind: rule.kind,
        ruleAmountMinor: rule.target.amountMinor,
        ruleCurrency: rule.target.currency,
        rulePercent: null,
      };
    case "rises_above":
      return {
        ruleKind: rule.kind,
        ruleAmountMinor: rule.threshold.amountMinor,
        ruleCurrency: rule.threshold.currency,
        rulePercent: null,
      };
    case "percent_drop":
      return {
        ruleKind: rule.kind,
        ruleAmountMinor: null,
        ruleCurrency: null,
        rulePercent: rule.percent,
      };
    default:
      return { ruleKind: rule.kind, ruleAmountMinor: null, ruleCurrency: null, rulePercent: null };
  }
}

export function ruleFromColumns(columns: RuleColumns): AlertRule {
  const money = {
    amountMinor: columns.ruleAmountMinor ?? 0,
    currency: columns.ruleCurrency ?? "USD",
  };
  switch (columns.ruleKind) {
    case "below_target":
      return { kind: "below_target", target: money };
    case "rises_above":
      return { kind: "rises_above", threshold: money };
    case "percent_drop":
      return { kind: "percent_drop", percent: columns.rulePercent ?? 10 };
    case "back_in_stock":
    case "any_change":
      return { kind: columns.ruleKind };
    default:
      return { kind: "any_drop" };
  }
}
