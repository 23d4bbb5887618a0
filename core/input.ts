import { z } from "zod";
import { AppError, type FieldIssue } from "./errors.ts";

/**
 * Building blocks for the Zod schemas of people's input. Each input's schema lives beside the
 * function that takes it (core/tracking/create-watch.ts, core/accounts/api-tokens.ts, …); the
 * page forms and /api/v1 both parse with that one schema, and both report its field messages
 * (`fieldIssues`), so the same bad value gets the same words wherever it was typed.
 */

/**
 * Plain words for the issues a schema did not word itself (Zod's defaults read "Invalid input:
 * expected string, received undefined"). Set once, for every schema, when this module loads;
 * every input schema module imports it. Messages a schema gives itself still win.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type": {
        if (issue.input === undefined) return "This field is required.";
        const wanted: Record<string, string> = {
          string: "Enter text here.",
          number: "Enter a number here.",
          int: "Enter a whole number here.",
          boolean: "Choose yes or no (true or false).",
          array: "Send a list here.",
          object: "Send an object here.",
        };
        return wanted[issue.expected] ?? "This value has the wrong type.";
      }
      case "invalid_value":
        return `Choose one of: ${issue.values.map(String).join(", ")}.`;
      case "invalid_format":
        return issue.format === "email"
          ? "Enter an email address such as name@example.com."
          : issue.format === "uuid"
            ? "This is not a valid id."
            : "This value is not in the expected format.";
      case "too_small":
        return issue.origin === "string"
          ? issue.minimum === 1
            ? "This field is required."
            : `Use at least ${issue.minimum} characters.`
          : issue.origin === "array"
            ? `Give at least ${issue.minimum}.`
            : `Use ${issue.minimum} or more.`;
      case "too_big":
        return issue.origin === "string"
          ? `Use at most ${issue.maximum} characters.`
          : issue.origin === "array"
            ? `Give at most ${issue.maximum}.`
            : `Use ${issue.maximum} or less.`;
      case "invalid_union":
        return "This value is not one of the accepted forms.";
      default:
        return undefined;
    }
  },
});

/**
 * Whether a string can be stored and sent on: PostgreSQL text and jsonb cannot hold a NUL
 * character, and a lone UTF-16 surrogate ("\ud800") is not text at all (jsonb refuses it, and
 * it cannot be encoded as UTF-8). The one test every stored string passes (#35 item 11).
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

const unstorable = (what: string) =>
  `${what} contains a NUL character or a broken character, which cannot be stored.`;
const withNul = (what: string) => `${what} contains a NUL character, which cannot be stored.`;

/**
 * A string that will be stored: a NUL or a lone surrogate is refused here with a 400 instead of
 * failing the insert with a 500. Every stored string schema starts from this one.
 */
export function storedText(options: { label?: string; missingMessage?: string } = {}) {
  const what = options.label ?? "This text";
  return z
    .string({ error: options.missingMessage ?? `${what} must be text.` })
    .refine((value) => !value.includes("\u0000"), withNul(what))
    .refine((value) => value.isWellFormed(), unstorable(what));
}

/**
 * The same test for every string inside a value (an object from JSON: a recipe, a settings
 * blob), for schemas whose strings are declared elsewhere: add it with `.superRefine`.
 */
export function refuseUnstorableStrings(value: unknown, ctx: z.RefinementCtx): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; path: (string | number)[] };
    const v = next.value;
    if (typeof v === "string") {
      if (!isStorableText(v)) {
        ctx.addIssue({ code: "custom", path: next.path, message: unstorable("This text") });
      }
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        stack.push({ value: item, path: [...next.path, i] });
      });
    } else if (v !== null && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        if (!isStorableText(key)) {
          ctx.addIssue({ code: "custom", path: next.path, message: unstorable("A name") });
        }
        stack.push({ value: item, path: [...next.path, key] });
      }
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id is a UUID (every row id is): anything else names nothing. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A short name people give something (a channel, a token): trimmed, 1–max characters. */
export function nameText(options: { label: string; max: number; emptyMessage: string }) {
  return storedText({ label: options.label, missingMessage: options.emptyMessage })
    .trim()
    .min(1, options.emptyMessage)
    .max(options.max, `Use at most ${options.max} characters.`);
}

/** A Zod error → one message per field, the shape `{ field, message }` forms and the API share. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (seen.has(field)) continue; // the first problem of a field is the one to fix first
    seen.add(field);
    issues.push({ field, message: issue.message });
  }
  return issues;
}

/** The error thrown for bad input: a 400 naming each bad field. */
export function invalidInput(fields: FieldIssue[]): AppError {
  return new AppError("validation_failed", fields[0]?.message ?? "Check the fields.", { fields });
}

/** Parses input with its schema: the typed value, or a 400 `AppError` naming each bad field. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalidInput(fieldIssues(result.error));
}

/** The same parse without throwing, for form actions that show messages next to fields. */
export function safeParseInput<T extends z.ZodType>(
  schema: T,
  raw: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; fields: FieldIssue[] } {
  const result = schema.safeParse(raw);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fields: fieldIssues(result.error) };
}
