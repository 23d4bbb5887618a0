/**
 * What product analytics may never carry, applied to every event before posthog-js sends it
 * (its `before_send` hook) — on top of posthog-js's own refusal to read input values.
 * Pure: unit-tested on plain objects.
 */

export const MAX_CAPTURED_TEXT = 255;

/** 13–19 digits, optionally grouped by spaces or dashes: a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
/** 123-45-6789 or 123 45 6789 or 123456789: a US social security number. */
const SSN_LIKE = /\b\d{3}[- ]?\d{2}[- ]?\d{4}\b/g;
/** Names and ids of fields that hold card or credential data. */
const SENSITIVE_NAME =
  /(^|[^a-z])(cc|card|cvc|cvv|csc|ssn|social.?security|password|passwd|pwd|secret|token|otp|pin|iban|api.?key)([^a-z]|$)/i;

/** "apiToken" → "api_Token", so camelCase names split into words like snake_case ones. */
function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name.replace(/([a-z0-9])([A-Z])/g, "$1_$2"));
}

export function redactText(text: string): string {
  const redacted = text.replace(CARD_LIKE, "[redacted]").replace(SSN_LIKE, "[redacted]");
  return redacted.length > MAX_CAPTURED_TEXT ? redacted.slice(0, MAX_CAPTURED_TEXT) : redacted;
}

type Element = Record<string, unknown> & { tag_name?: unknown; $el_text?: unknown };

/** A password or hidden field, or a field whose name, id or autocomplete suggests secrets. */
export function isSensitiveElement(element: Element): boolean {
  const type = String(element.attr__type ?? "").toLowerCase();
  if (type === "password" || type === "hidden") return true;
  for (const key of ["attr__name", "attr__id", "attr__autocomplete", "attr__aria-label"]) {
    const value = element[key];
    if (typeof value === "string" && isSensitiveName(value)) return true;
  }
  return false;
}

/** `$elements_chain` is "tag.cls:attr__name="v"text="…";…": redact each quoted value. */
function scrubChain(chain: string): string | null {
  if (/attr__type="(?:password|hidden)"/i.test(chain)) return null;
  const names = chain.matchAll(/attr__(?:name|id|autocomplete)="([^"]*)"/gi);
  for (const match of names) if (isSensitiveName(match[1] ?? "")) return null;
  return chain.replace(/="((?:[^"\\]|\\.)*)"/g, (_all, value: string) => `="${redactText(value)}"`);
}

type CaptureLike = { event: string; properties?: Record<string, unknown> | null };

/**
 * The event to send, or null to drop it: autocaptured interactions with sensitive fields are
 * dropped whole; card- and SSN-like text anywhere in string properties is redacted; captured
 * element text is capped at 255 characters.
 */
export function scrubEvent<T extends CaptureLike>(event: T): T | null {
  const properties = event.properties;
  if (!properties) return event;
  const elements = properties.$elements;
  if (Array.isArray(elements) && elements.some((e) => isSensitiveElement(e as Element)))
    return null;
  const scrubbed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === "$elements_chain" && typeof value === "string") {
      const chain = scrubChain(value);
      if (chain === null) return null;
      scrubbed[key] = chain;
    } else if (key === "$elements" && Array.isArray(value)) {
      scrubbed[key] = value.map((element: Element) => scrubObject(element));
    } else {
      scrubbed[key] = scrubValue(value);
    }
  }
  return { ...event, properties: scrubbed };
}

function scrubValue(value: unknown): unknown {
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value && typeof value === "object") return scrubObject(value as Record<string, unknown>);
  return value;
}

function scrubObject(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, scrubValue(v)]));
}

/** CSS selectors posthog-js must not autocapture at all. */
export const AUTOCAPTURE_IGNORE = [
  ".ph-no-capture",
  "[data-ph-no-autocapture]",
  "input[type=password]",
  "input[type=hidden]",
  "[autocomplete^=cc-]",
  "[name*=card i]",
  "[name*=cvc i]",
  "[name*=ssn i]",
  "[name*=password i]",
  "[name*=secret i]",
  "[name*=token i]",
];
