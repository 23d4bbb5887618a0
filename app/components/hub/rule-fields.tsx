import { useState } from "react";
import { inputClass } from "../ui/field.tsx";
import { RadioOption } from "../ui/radio-option.tsx";

type RuleKind =
  | "any_drop"
  | "below_target"
  | "percent_drop"
  | "back_in_stock"
  | "any_change"
  | "rises_above";

const main: { kind: RuleKind; label: string }[] = [
  { kind: "any_drop", label: "Any drop" },
  { kind: "below_target", label: "Below a target price" },
  { kind: "percent_drop", label: "Drops by N %" },
  { kind: "back_in_stock", label: "Back in stock" },
];
const more: { kind: RuleKind; label: string }[] = [
  { kind: "any_change", label: "Any change" },
  { kind: "rises_above", label: "Price rises above" },
];

/** The alert choice: four common rules, two more under "more". Field names match hub-forms. */
export function RuleFields({
  currency,
  defaultKind = "any_drop",
  defaultAmount = "",
  defaultPercent = "10",
  error,
}: {
  currency: string | null;
  defaultKind?: RuleKind;
  defaultAmount?: string;
  defaultPercent?: string;
  error?: { field: string; message: string } | null;
}) {
  const [kind, setKind] = useState<RuleKind>(defaultKind);
  const needsAmount = kind === "below_target" || kind === "rises_above";
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
      {error && ["amount", "percent", "ruleKind"].includes(error.field) ? (
        <p role="alert" className="text-sm text-bad">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

export function IntervalSelect({
  minMinutes,
  defaultValue = 360,
}: {
  minMinutes: number;
  defaultValue?: number;
}) {
  const choices = [60, 120, 180, 360, 720, 1440].filter((m) => m >= minMinutes);
  return (
    <label className="flex items-center gap-2 text-sm">
      Check
      <select
        name="intervalMinutes"
        defaultValue={String(Math.max(defaultValue, choices[0] ?? 360))}
        className={inputClass({ size: "sm" })}
      >
        {choices.map((m) => (
          <option key={m} value={m}>
            every {m / 60} h
          </option>
        ))}
      </select>
    </label>
  );
}
