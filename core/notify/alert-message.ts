import { randomUUID } from "node:crypto";
import { EVENT_KINDS, type EventKind, eventLabel } from "../checks/alert-kinds.ts";
import { formatMoney, type Money } from "../money/index.ts";

/**
 * The neutral message model of one alert: everything a channel needs, already formatted.
 * Built once per event from the `alert_event` row and the product's facts; every channel's
 * renderer reads only this.
 */

/** The check worker's event kinds, plus "we can't check this product any more". */
export type AlertKind = EventKind;

export type AlertInput = {
  event: {
    id: string;
    idempotencyKey: string;
    kind: AlertKind;
    watchId: string;
    productId: string;
    createdAt: Date;
    oldPrice: Money | null;
    newPrice: Money | null;
    /** From the event when known; else computed from the two prices (same currency only). */
    percentChange?: number | null;
    /** `details` of the alert_event row; `reason` (string) is shown for `unreachable`. */
    details?: Record<string, unknown>;
  };
  product: {
    title: string;
    imageUrl: string | null;
    storeName: string | null;
    /** The store's product page. */
    url: string;
    lowestPrice: Money | null;
    /** "Lowest in 90 days", "Typical price", … (decision 0061), or null: no claim. */
    verdict?: string | null;
    /** "Inflated reference: …" / "Real discount: …" (decision 0062), or null: no "was" price. */
    referenceCheck?: string | null;
    /**
     * The new price with the shipping the product's page states (decision 0079), or null: not
     * stated. Shown beside the price only when it is more (shipping is not free).
     */
    landedPrice?: Money | null;
  };
  /** Dropwave's public address, e.g. https://dropwave.example (no trailing slash needed). */
  publicUrl: string;
  locale?: string;
};

export type PriceView = { amountMinor: number; currency: string; formatted: string };

export type AlertMessage = {
  id: string;
  kind: AlertKind;
  idempotencyKey: string;
  createdAt: string;
  watchId: string;
  productId: string;
  /** "Price drop", "Back in stock", … */
  label: string;
  /** One line: "Price drop: Kettle now $39.99 (was $49.99)". The email subject. */
  title: string;
  /** One or two sentences for chat and push bodies. */
  summary: string;
  product: { title: string; imageUrl: string | null; storeName: string | null; url: string };
  oldPrice: PriceView | null;
  newPrice: PriceView | null;
  /** The new price with its stated shipping (decision 0079), only when that costs more. */
  landedPrice: PriceView | null;
  lowestPrice: PriceView | null;
  /** Where the new price stands against the history, in words (decision 0061), or null. */
  verdict: string | null;
  /** The page's "was" price checked against the history, in words (decision 0062), or null. */
  referenceCheck: string | null;
  /** Negative for drops, one decimal; null when not comparable. */
  percentChange: number | null;
  /** "−20.0 %"-style text, or null. */
  percentText: string | null;
  /** Why this alert, when the label does not say it all: for `unreachable`, why it failed; for a group's alert, its target. */
  reason: string | null;
  urls: { product: string; page: string; manage: string };
  /** Good news (green) or not (a rise, unreachable). */
  tone: "good" | "neutral" | "bad";
};

/** Shortens to `max` characters (by code point), ending in "…". */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

function view(money: Money | null, locale: string): PriceView | null {
  if (money === null) return null;
  return {
    amountMinor: money.amountMinor,
    currency: money.currency,
    formatted: formatMoney(money, locale),
  };
}

function computePercent(oldPrice: Money | null, newPrice: Money | null): number | null {
  if (oldPrice === null || newPrice === null) return null;
  if (oldPrice.currency !== newPrice.currency || oldPrice.amountMinor === 0) return null;
  const permille = Math.round(
    ((newPrice.amountMinor - oldPrice.amountMinor) * 1000) / oldPrice.amountMinor,
  );
  return permille / 10;
}

function percentText(percent: number | null): string | null {
  if (percent === null) return null;
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  return `${sign}${Math.abs(percent).toFixed(1)} %`;
}

/** The URL in its serialized (ASCII: punycode, percent-encoded) form, if it is http(s). */
function httpUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A group's alert (decision 0068) as its event's details name it: the group, its target, and the
 * store's price in the target's currency when the store charges in another; null otherwise.
 */
function groupTarget(
  details: Record<string, unknown> | undefined,
  locale: string,
): { name: string; currency: string; target: string; converted: string | null } | null {
  if (typeof details?.groupId !== "string") return null;
  const currency = details.groupTargetCurrency;
  const amount = details.groupTargetMinor;
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return null;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount)) return null;
  const converted = details.convertedMinor;
  const name = typeof details.groupName === "string" ? truncate(details.groupName, 100) : "";
  return {
    name: name || "your group",
    currency,
    target: formatMoney({ amountMinor: amount, currency }, locale),
    converted:
      typeof converted === "number" && Number.isSafeInteger(converted)
        ? formatMoney({ amountMinor: converted, currency }, locale)
        : null,
  };
}

export function buildAlertMessage(input: AlertInput): AlertMessage {
  const { event, product } = input;
  const locale = input.locale ?? "en-US";
  const base = input.publicUrl.replace(/\/+$/, "");
  // Serialized, so it is ASCII (safe in ntfy's headers) and never a javascript: link.
  const productUrl = httpUrl(product.url) ?? `${base}/hub`;
  const oldPrice = view(event.oldPrice, locale);
  const newPrice = view(event.newPrice, locale);
  const landed = product.landedPrice ?? null;
  const landedPrice =
    event.newPrice &&
    landed &&
    landed.currency === event.newPrice.currency &&
    landed.amountMinor > event.newPrice.amountMinor
      ? view(landed, locale)
      : null;
  const withShipping = landedPrice ? `${landedPrice.formatted} with shipping` : null;
  // "$39.99 ($45.98 with shipping)": the price as every line below names it.
  const priceText = newPrice
    ? `${newPrice.formatted}${withShipping ? ` (${withShipping})` : ""}`
    : "";
  const percent =
    event.percentChange !== undefined && event.percentChange !== null
      ? event.percentChange
      : computePercent(event.oldPrice, event.newPrice);
  const name = truncate(product.title, 200) || "Your product";
  const short = truncate(name, 80);
  const label = eventLabel(event.kind, event.details);
  const group = groupTarget(event.details, locale);
  const reason =
    event.kind === "unreachable" && typeof event.details?.reason === "string"
      ? truncate(event.details.reason, 300)
      : group
        ? `At or below ${group.target}, your target for the group "${group.name}".`
        : null;
  const isSamePrice =
    oldPrice !== null && newPrice !== null && oldPrice.formatted === newPrice.formatted;
  const was = oldPrice && !isSamePrice ? ` (was ${oldPrice.formatted})` : "";

  let title: string;
  let summary: string;
  if (event.kind === "unreachable") {
    title = `Can't check ${short} any more`;
    summary = `Dropwave can no longer check ${name}${reason ? `: ${reason}` : "."}`;
    if (reason && !/[.!?]$/.test(reason)) summary += ".";
  } else if (event.kind === "back_in_stock") {
    title = newPrice ? `Back in stock: ${short} at ${priceText}` : `Back in stock: ${short}`;
    summary = newPrice ? `${name} is back in stock at ${priceText}.` : `${name} is back in stock.`;
  } else if (group && newPrice) {
    title = `${label}: ${short} now ${priceText}${was}`;
    const about =
      group.converted && newPrice.currency !== group.currency ? `about ${group.converted}` : null;
    const aside = [withShipping, about].filter(Boolean).join("; ");
    const at = product.storeName ? ` at ${truncate(product.storeName, 100)}` : "";
    summary = `${name} is now ${newPrice.formatted}${aside ? ` (${aside})` : ""}${at}, at or below ${group.target}, your target for the group "${group.name}".`;
  } else {
    const now = newPrice ? ` now ${priceText}` : "";
    title = `${label}: ${short}${now}${was}`;
    summary = newPrice
      ? `${name} is now ${priceText}${was}${percent !== null ? `, ${percentText(percent)}` : ""}.`
      : `${name}: ${label.toLowerCase()}.`;
  }

  return {
    id: event.id,
    kind: event.kind,
    idempotencyKey: event.idempotencyKey,
    createdAt: event.createdAt.toISOString(),
    watchId: event.watchId,
    productId: event.productId,
    label,
    title,
    summary,
    product: {
      title: name,
      imageUrl: httpUrl(product.imageUrl),
      storeName: product.storeName ? truncate(product.storeName, 100) : null,
      url: productUrl,
    },
    oldPrice,
    newPrice,
    landedPrice,
    lowestPrice: view(product.lowestPrice, locale),
    verdict: product.verdict ? truncate(product.verdict, 100) : null,
    referenceCheck: product.referenceCheck ? truncate(product.referenceCheck, 200) : null,
    percentChange: percent,
    percentText: percentText(percent),
    reason,
    urls: {
      product: productUrl,
      page: `${base}/hub/watch/${encodeURIComponent(event.watchId)}`,
      manage: `${base}/user#notifications`,
    },
    tone: EVENT_KINDS[event.kind].tone,
  };
}

/**
 * A sample alert for the "Send a test" button on /user: a made-up price drop, clearly marked,
 * with its own idempotency key (so a receiver never drops it as a repeat of a real alert).
 */
export function buildTestAlertMessage(options: { publicUrl: string; now: Date }): AlertMessage {
  const base = options.publicUrl.replace(/\/+$/, "");
  const stamp = options.now.getTime();
  const message = buildAlertMessage({
    event: {
      id: `test-${stamp}`,
      idempotencyKey: `test:${stamp}:${randomUUID()}`,
      kind: "price_drop",
      watchId: "test",
      productId: "test",
      createdAt: options.now,
      oldPrice: { amountMinor: 4999, currency: "USD" },
      newPrice: { amountMinor: 3999, currency: "USD" },
    },
    product: {
      title: "Example kettle (test notification)",
      imageUrl: null,
      storeName: "Dropwave",
      url: `${base}/hub`,
      lowestPrice: { amountMinor: 3999, currency: "USD" },
    },
    publicUrl: base,
  });
  return {
    ...message,
    title: `Test: ${message.title}`,
    summary: "This is a test from Dropwave: your notifications arrive here.",
    urls: { ...message.urls, page: `${base}/hub` },
  };
}

/* Email: React components in ./alert-email.ts (one layout with every other mail). */
