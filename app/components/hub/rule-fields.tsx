import { useState } from "react";
import {
  DEFAULT_LOWEST_DAYS,
  RULE_KIND_ORDER,
  RULE_KINDS,
} from "../../../core/checks/alert-kinds.ts";
import {
  type AlertRuleKind,
  MAX_LOWEST_DAYS,
  MIN_LOWEST_DAYS,
} from "../../../core/checks/alert-rule.ts";
import { DEFAULT_INTERVAL_MINUTES, intervalChoices } from "../../../core/tracking/watch-fields.ts";
import { describeInterval } from "../../lib/format.ts";
import { inputClass } from "../ui/field.tsx";
import { RadioOption } from "../ui/radio-option.tsx";

type RuleKind = AlertRuleKind;

const option = (kind: RuleKind) => ({ kind, label: RULE_KINDS[kind].choice });
const main = RULE_KIND_ORDER.filter((k) => RULE_KINDS[k].group === "main").map(option);
const more = RULE_KIND_ORDER.filter((k) => RULE_KINDS[k].group === "more").map(option);

/** The alert choice: the common rules, the others under "More" (core/checks/alert-kinds.ts). Field names match hub-forms. */
export function RuleFields({
  currency,
  defaultKind = "any_drop",
  defaultAmount = "",
  defaultPercent = "10",
  defaultDays = String(DEFAULT_LOWEST_DAYS),
  error,
  onlyRealDeal,
}: {
  currency: string | null;
  /** Shows the "only a real deal" box, checked or not (decision 0063). */
  onlyRealDeal?: boolean | undefined;
  defaultKind?: RuleKind;
  defaultAmount?: string;
  defaultPercent?: string | undefined;
  defaultDays?: string | undefined;
  error?: { field: string; message: string } | null;
}) {
  const [kind, setKind] = useState<RuleKind>(defaultKind);
  const needsAmount = RULE_KINDS[kind].field === "amount";
  const option = (o: { kind: RuleKind; label: string }) => (
    <RadioOption
      key={o.kind}
      name="ruleKind"
      value={o.kind}
      checked={kind === o.kind}
      onChoose={() => setKind(o.kind)}
      className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
      inputClassName="accent-[var(--dw-accent)]"
    >
      {o.label}
    </RadioOption>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Alert me when</legend>
      <div className="grid gap-2 sm:grid-cols-2">{main.map(option)}</div>
      <details className="text-sm" open={more.some((o) => o.kind === defaultKind)}>
        <summary className="cursor-pointer text-muted">More</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">{more.map(option)}</div>
      </details>
      {needsAmount ? (
        <div className="flex items-center gap-2">
          <label htmlFor="rule-amount" className="text-sm">
            Price
          </label>
          <input
            id="rule-amount"
            name="amount"
            inputMode="decimal"
            defaultValue={defaultAmount}
            placeholder="49.99"
            className={inputClass({ size: "sm", className: "w-32" })}
            aria-invalid={error?.field === "amount" || undefined}
          />
          <span className="text-sm text-muted">{currency ?? "no price read yet"}</span>
          <input type="hidden" name="currency" value={currency ?? ""} />
        </div>
      ) : null}
      {kind === "percent_drop" ? (
        <div className="flex items-center gap-2">
          <label htmlFor="rule-percent" className="text-sm">
            Drop of at least
          </label>
          <input
            id="rule-percent"
            name="percent"
            inputMode="decimal"
            defaultValue={defaultPercent}
            className={inputClass({ size: "sm", className: "w-20" })}
            aria-invalid={error?.field === "percent" || undefined}
          />
          <span className="text-sm">% from today's price</span>
        </div>
      ) : null}
      {kind === "lowest_in_days" ? (
        <div className="flex items-center gap-2">
          <label htmlFor="rule-days" className="text-sm">
            Lower than every price of the last
          </label>
          <input
            id="rule-days"
            name="days"
            type="number"
            inputMode="numeric"
            min={MIN_LOWEST_DAYS}
            max={MAX_LOWEST_DAYS}
            defaultValue={defaultDays}
            className={inputClass({ size: "sm", className: "w-20" })}
            aria-invalid={error?.field === "days" || undefined}
          />
          <span className="text-sm">days</span>
        </div>
      ) : null}
      {onlyRealDeal !== undefined && RULE_KINDS[kind].isPriceDown ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="onlyRealDeal"
            defaultChecked={onlyRealDeal}
            className="mt-1 accent-[var(--dw-accent)]"
          />
          <span>
            Only a real deal
            <span className="block text-muted">
              Below the 90-day low, or a discount whose "was" price Dropwave saw charged.
            </span>
          </span>
        </label>
      ) : null}
      {error && ["amount", "percent", "days", "ruleKind"].includes(error.field) ? (
        <p role="alert" className="text-sm text-bad">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

export function IntervalSelect({
  minMinutes,
  defaultValue,
}: {
  minMinutes: number;
  defaultValue?: number;
}) {
  const choices = intervalChoices(minMinutes, defaultValue);
  const initial =
    defaultValue ?? choices.find((m) => m >= DEFAULT_INTERVAL_MINUTES) ?? choices[0] ?? 360;
  return (
    <label className="flex items-center gap-2 text-sm">
      Check
      <select
        name="intervalMinutes"
        defaultValue={String(initial)}
        className={inputClass({ size: "sm" })}
      >
        {choices.map((m) => (
          <option key={m} value={m}>
            {describeInterval(m)}
          </option>
        ))}
      </select>
    </label>
  );
}
