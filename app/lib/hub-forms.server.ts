import type { z } from "zod";
import { ALERT_RULE_KINDS } from "../../core/checks/alert-rule.ts";
import type { FieldIssue } from "../../core/errors.ts";
import { safeParseInput } from "../../core/input.ts";
import { decimalToMinor } from "../../core/money/index.ts";
import { CreateWatchInput } from "../../core/tracking/create-watch.ts";
import { UpdateWatchInput } from "../../core/tracking/update-watch.ts";

/**
 * The hub's forms → the core input schemas the API parses with (CreateWatchInput,
 * UpdateWatchInput). The form only turns its strings into the API's shape; every rule about
 * what is allowed, and every message, comes from the schema, so a bad value gets the same
 * words in the hub and from /api/v1. `field` names the form field to show the message beside.
 */
export type FormFailure = { ok: false; field: string; message: string; fields: FieldIssue[] };
export type FormResult<T> = { ok: true; value: T } | FormFailure;

/** A schema or core error's field path → the hub form's field that holds it. */
export function formField(path: string): string {
  if (/^rule\.(target|threshold)\b/.test(path)) return "amount";
  if (path === "rule.percent") return "percent";
  if (path === "rule.days") return "days";
  if (path === "rule" || path.startsWith("rule.")) return "ruleKind";
  return path.split(".")[0] ?? path;
}

/** Issues with API paths → the form's result: each message beside its form field. */
export function formFailure(issues: FieldIssue[]): FormFailure {
  const fields = issues.map((issue) => ({ field: formField(issue.field), message: issue.message }));
  const first = fields[0] ?? { field: "body", message: "Check the form." };
  return { ok: false, field: first.field, message: first.message, fields };
}

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : undefined;
};

/** A number field: empty means "not given"; anything else is handed to the schema as read. */
const numberField = (form: FormData, name: string): number | undefined => {
  const value = text(form, name);
  return value === undefined || value === "" ? undefined : Number(value.replace(",", "."));
};

/** The alert fields in the API's shape (`rule`), or a message for an amount that is no price. */
function ruleFromForm(form: FormData): { rule: unknown } | { issue: FieldIssue } {
  const kind = text(form, "ruleKind") || "any_drop";
  if (!(ALERT_RULE_KINDS as readonly string[]).includes(kind)) return { rule: { kind } };
  if (kind === "below_target" || kind === "rises_above") {
    const currency = (text(form, "currency") ?? "").toUpperCase();
    if (currency === "") {
      const message = "A target needs the product's price first: choose another alert for now.";
      return { issue: { field: "amount", message } };
    }
    const amount = (text(form, "amount") ?? "").replace(",", ".");
    const isNegative = amount.startsWith("-");
    const size = decimalToMinor(isNegative ? amount.slice(1) : amount, currency);
    if (size === null)
      return { issue: { field: "amount", message: "Enter a price such as 49.99." } };
    const money = { amountMinor: isNegative ? -size : size, currency };
    return { rule: kind === "below_target" ? { kind, target: money } : { kind, threshold: money } };
  }
  if (kind === "percent_drop") return { rule: { kind, percent: numberField(form, "percent") } };
  if (kind === "lowest_in_days") return { rule: { kind, days: numberField(form, "days") } };
  return { rule: { kind } };
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown): FormResult<z.infer<T>> {
  const result = safeParseInput(schema, input);
  return result.ok ? result : formFailure(result.fields);
}

/** The add-a-product form → CreateWatchInput. */
export function parseCreateForm(form: FormData): FormResult<CreateWatchInput> {
  const rule = ruleFromForm(form);
  if ("issue" in rule) return formFailure([rule.issue]);
  const candidateKey = text(form, "candidateKey");
  const variantId = text(form, "variantId");
  return parseWith(CreateWatchInput, {
    url: form.get("url") ?? "",
    rule: rule.rule,
    intervalMinutes: numberField(form, "intervalMinutes"),
    // A checkbox sends "on" when checked and nothing otherwise (decision 0063).
    onlyRealDeal: form.get("onlyRealDeal") === "on",
    ...(candidateKey ? { candidateKey } : {}),
    ...(variantId ? { variantId } : {}),
  });
}

/** The product page's alert form → UpdateWatchInput (rule and interval). */
export function parseUpdateForm(form: FormData): FormResult<UpdateWatchInput> {
  const rule = ruleFromForm(form);
  if ("issue" in rule) return formFailure([rule.issue]);
  return parseWith(UpdateWatchInput, {
    rule: rule.rule,
    intervalMinutes: numberField(form, "intervalMinutes"),
    // A checkbox sends "on" when checked and nothing otherwise.
    onlyRealDeal: form.get("onlyRealDeal") === "on",
  });
}
