import { z } from "zod";
import { isIsoCurrency } from "../money/index.ts";

/** An amount as people and the API give it: integer minor units and an ISO 4217 code. */
export const MoneyInput = z.object({
  amountMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z
    .string()
    .transform((c) => c.toUpperCase())
    .refine(isIsoCurrency, "Use an ISO 4217 currency code such as USD or EUR."),
});
export type MoneyInput = z.infer<typeof MoneyInput>;

/** What a watch alerts on. "any_drop" is the default. */
export const AlertRule = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("any_drop") }),
  z.object({ kind: z.literal("below_target"), target: MoneyInput }),
  z.object({ kind: z.literal("percent_drop"), percent: z.number().int().min(1).max(95) }),
  z.object({ kind: z.literal("back_in_stock") }),
  z.object({ kind: z.literal("any_change") }),
  z.object({ kind: z.literal("rises_above"), threshold: MoneyInput }),
]);
export type AlertRule = z.infer<typeof AlertRule>;

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
