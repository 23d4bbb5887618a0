import { z } from "zod";
import type { AlertRule } from "../../core/checks/index.ts";
import { decimalToMinor } from "../../core/money/index.ts";
import { CreateWatchInput } from "../../core/tracking/create-watch.ts";

export type FormResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const RuleFields = z.object({
  ruleKind: z
    .enum([
      "any_drop",
      "below_target",
      "percent_drop",
      "back_in_stock",
      "any_change",
      "rises_above",
    ])
    .default("any_drop"),
  amount: z.string().trim().optional(),
  percent: z.string().trim().optional(),
  currency: z.string().trim().optional(),
});

/** The hub's alert fields → an AlertRule, or the field that is wrong and why. */
export function parseRuleFields(form: FormData): FormResult<AlertRule> {
  const parsed = RuleFields.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, field: "ruleKind", message: "Choose an alert." };
  const { ruleKind, amount, percent, currency } = parsed.data;
  if (ruleKind === "below_target" || ruleKind === "rises_above") {
    const code = (currency ?? "").toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) {
      return { ok: false, field: "amount", message: "A target needs a price in a known currency." };
    }
    const normalized = (amount ?? "").replace(",", ".");
    const minor = decimalToMinor(normalized, code);
    if (minor === null || minor <= 0) {
      return { ok: false, field: "amount", message: "Enter a price such as 49.99." };
    }
    const money = { amountMinor: minor, currency: code };
    return {
      ok: true,
      value:
        ruleKind === "below_target"
          ? { kind: ruleKind, target: money }
          : { kind: ruleKind, threshold: money },
    };
  }
  if (ruleKind === "percent_drop") {
    const value = Number((percent ?? "").replace(",", "."));
    if (!Number.isFinite(value) || value <= 0 || value >= 100) {
      return { ok: false, field: "percent", message: "Enter a percentage between 1 and 99." };
    }
    return { ok: true, value: { kind: "percent_drop", percent: Math.round(value * 100) / 100 } };
  }
  return { ok: true, value: { kind: ruleKind } };
}

/** The add-a-product form → CreateWatchInput. */
export function parseCreateForm(form: FormData): FormResult<CreateWatchInput> {
  const rule = parseRuleFields(form);
  if (!rule.ok) return rule;
  const candidateKey = String(form.get("candidateKey") ?? "");
  const parsed = CreateWatchInput.safeParse({
    url: String(form.get("url") ?? ""),
    rule: rule.value,
    intervalMinutes: Number(form.get("intervalMinutes") ?? 360),
    ...(candidateKey ? { candidateKey } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      field: String(issue?.path[0] ?? "url"),
      message: issue?.message ?? "Check the form.",
    };
  }
  return { ok: true, value: parsed.data };
}
