import { parsePriceString } from "../../money/parse-price-string.ts";
import { availabilityFromText } from "../availability.ts";
import type { PageContext } from "../page-context.ts";
import { elementPath } from "../read-microdata.ts";
import type { ElementRecord } from "../scan/index.ts";
import type { Availability, RawCandidate } from "../types.ts";
import type { StoreRule } from "./store-rule.ts";

export function has(record: ElementRecord, token: string): boolean {
  return record.tokens.includes(token);
}

export function inside(record: ElementRecord, ...tokens: string[]): boolean {
  return tokens.some((t) => record.tokens.includes(t) || record.ancestors.includes(t));
}

export function insideLike(record: ElementRecord, ...prefixes: string[]): boolean {
  return prefixes.some(
    (p) =>
      record.tokens.some((t) => t.startsWith(p)) || record.ancestors.some((t) => t.startsWith(p)),
  );
}

type TextOptions = {
  role?: RawCandidate["role"];
  confidence: number;
  currency?: string | null;
  /** Read this attribute instead of the text. */
  attr?: string;
  /** Text override (e.g. assembled from parts). */
  text?: string;
  source?: RawCandidate["source"];
};

/** A candidate from an element's text (or attribute), parsed as a price string. */
export function textCandidate(record: ElementRecord, options: TextOptions): RawCandidate | null {
  const value = options.text ?? (options.attr ? record.attrs[options.attr] : record.text) ?? "";
  const parsed = parsePriceString(value, { currency: options.currency ?? null });
  if (!parsed) return null;
  const role =
    parsed.isPerUnit || record.isPerUnit
      ? "unit_price"
      : (options.role ?? (record.isStruck ? "list_price" : "price"));
  return {
    source: options.source ?? "store_rule",
    path: `${elementPath(record)}${options.attr ? `@${options.attr}` : ""}`,
    amount: parsed.amount,
    currency: null,
    currencyOptions: parsed.currencyText
      ? parsed.currencies
      : options.currency
        ? [options.currency]
        : [],
    role,
    confidence: options.confidence,
    isRange: parsed.isRange,
    isFrom: parsed.isFrom,
    raw: value.trim().slice(0, 80),
  };
}

/** Keep the first candidate per path (nested elements repeat the same price). */
export function uniqueByPath(candidates: (RawCandidate | null)[]): RawCandidate[] {
  const seen = new Map<string, number>();
  const out: RawCandidate[] = [];
  for (const c of candidates) {
    if (!c) continue;
    const n = seen.get(c.path) ?? 0;
    seen.set(c.path, n + 1);
    out.push(n > 0 ? { ...c, path: `${c.path}:${n}` } : c);
  }
  return out;
}

export function stockFrom(ctx: PageContext, ...tokens: string[]): Availability | null {
  for (const r of ctx.scan.stockElements) {
    if (inside(r, ...tokens)) {
      const a = availabilityFromText(r.text);
      if (a) return a;
    }
  }
  return null;
}

/** A store on a .com and a .ca domain: US or Canadian dollars by the domain. */
export function usdOrCad(ctx: PageContext): "USD" | "CAD" {
  return ctx.host.endsWith(".ca") ? "CAD" : "USD";
}

/**
 * A platform's pages: the platform's marker in the page, or a price element only the
 * platform writes.
 */
export function platformMatches(
  marker: string,
  isPlatformPrice: (r: ElementRecord) => boolean,
): StoreRule["matches"] {
  return (ctx) => ctx.scan.markers.has(marker) || ctx.scan.priceElements.some(isPlatformPrice);
}

/** The country code in a path like `/us/en/` (IKEA, Zalando-like stores). */
export function pathCountry(url: URL | null): string | null {
  const m = url ? /^\/([a-z]{2})(?:\/|-[a-z]{2}\/)/i.exec(url.pathname) : null;
  return m?.[1] ? m[1].toUpperCase() : null;
}

/** The first text run that holds a digit ("Price:", "£30.00" → "£30.00"); the whole text otherwise. */
export function firstPricedPart(record: ElementRecord): string {
  return record.parts.find((p) => /\d/.test(p)) ?? record.text;
}

/**
 * The object literal a script assigns after `head` (a pattern that ends just before its `{`), up
 * to the first `}` that `tail` follows: what `/head(\{[\s\S]*?\})tail/` captures, in linear
 * time. That regex restarts its lazy scan at every occurrence of `head`, each to the script's
 * end when no tail follows (seconds for a script that repeats `head`); only the first
 * occurrence can match, as a later one's scan is the end of the first one's.
 */
export function assignedObject(text: string, head: RegExp, tail: string): string | undefined {
  const start = head.exec(text);
  if (!start || text[start.index + start[0].length] !== "{") return undefined;
  const body = new RegExp(`(\\{[\\s\\S]*?\\})${tail}`, "y");
  body.lastIndex = start.index + start[0].length;
  return body.exec(text)?.[1];
}
