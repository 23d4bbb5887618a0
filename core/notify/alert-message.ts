import { randomUUID } from "node:crypto";
import type { AlertEventKind } from "../checks/alert-rule.ts";
import { escapeHtml } from "../mail/layout.ts";
import { formatMoney, type Money } from "../money/index.ts";

/**
 * The neutral message model of one alert: everything a channel needs, already formatted.
 * Built once per event from the `alert_event` row and the product's facts; every channel's
 * renderer reads only this.
 */

/** The check worker's event kinds, plus "we can't check this product any more". */
export type AlertKind = AlertEventKind | "unreachable";

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
  lowestPrice: PriceView | null;
  /** Negative for drops, one decimal; null when not comparable. */
  percentChange: number | null;
  /** "−20.0 %"-style text, or null. */
  percentText: string | null;
  /** For `unreachable`: why. */
  reason: string | null;
  urls: { product: string; page: string; manage: string };
  /** Good news (green) or not (a rise, unreachable). */
  tone: "good" | "neutral" | "bad";
};

const LABELS: Record<AlertKind, string> = {
  price_drop: "Price drop",
  below_target: "Below your target",
  percent_drop: "Big price drop",
  back_in_stock: "Back in stock",
  price_change: "Price change",
  price_rise: "Price rise",
  unreachable: "Can't check any more",
};

const TONES: Record<AlertKind, AlertMessage["tone"]> = {
  price_drop: "good",
  below_target: "good",
  percent_drop: "good",
  back_in_stock: "good",
  price_change: "neutral",
  price_rise: "bad",
  unreachable: "bad",
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

export function buildAlertMessage(input: AlertInput): AlertMessage {
  const { event, product } = input;
  const locale = input.locale ?? "en-US";
  const base = input.publicUrl.replace(/\/+$/, "");
  // Serialized, so it is ASCII (safe in ntfy's headers) and never a javascript: link.
  const productUrl = httpUrl(product.url) ?? `${base}/hub`;
  const oldPrice = view(event.oldPrice, locale);
  const newPrice = view(event.newPrice, locale);
  const percent =
    event.percentChange !== undefined && event.percentChange !== null
      ? event.percentChange
      : computePercent(event.oldPrice, event.newPrice);
  const name = truncate(product.title, 200) || "Your product";
  const short = truncate(name, 80);
  const label = LABELS[event.kind];
  const reason =
    event.kind === "unreachable" && typeof event.details?.reason === "string"
      ? truncate(event.details.reason, 300)
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
    title = newPrice
      ? `Back in stock: ${short} at ${newPrice.formatted}`
      : `Back in stock: ${short}`;
    summary = newPrice
      ? `${name} is back in stock at ${newPrice.formatted}.`
      : `${name} is back in stock.`;
  } else {
    const now = newPrice ? ` now ${newPrice.formatted}` : "";
    title = `${label}: ${short}${now}${was}`;
    summary = newPrice
      ? `${name} is now ${newPrice.formatted}${was}${percent !== null ? `, ${percentText(percent)}` : ""}.`
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
    lowestPrice: view(product.lowestPrice, locale),
    percentChange: percent,
    percentText: percentText(percent),
    reason,
    urls: {
      product: productUrl,
      page: `${base}/hub/watch/${encodeURIComponent(event.watchId)}`,
      manage: `${base}/user#notifications`,
    },
    tone: TONES[event.kind],
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

/* ------------------------------------------------------------------------------------------ */
/* Email                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  primaryLink: string;
};

const TONE_COLORS: Record<AlertMessage["tone"], string> = {
  good: "#2de2e6",
  neutral: "#f5f3ff",
  bad: "#ff8a5b",
};

function button(label: string, url: string, isPrimary: boolean): string {
  const style = isPrimary
    ? "background:#ff2bd6;color:#0d0221"
    : "background:transparent;color:#2de2e6;border:1px solid #2de2e6";
  return `<a href="${escapeHtml(url)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;border-radius:8px;${style};font-weight:700;text-decoration:none">${escapeHtml(label)}</a>`;
}

function priceLineHtml(m: AlertMessage): string {
  const parts: string[] = [];
  if (m.oldPrice && m.newPrice && m.oldPrice.formatted !== m.newPrice.formatted) {
    parts.push(
      `<span style="text-decoration:line-through;color:#b8b2d9">${escapeHtml(m.oldPrice.formatted)}</span> → `,
    );
  }
  if (m.newPrice) {
    parts.push(
      `<strong style="font-size:26px;color:${TONE_COLORS[m.tone]}">${escapeHtml(m.newPrice.formatted)}</strong>`,
    );
  }
  if (m.percentText)
    parts.push(` <span style="color:#b8b2d9">(${escapeHtml(m.percentText)})</span>`);
  return parts.length ? `<p style="margin:0 0 8px;font-size:18px">${parts.join("")}</p>` : "";
}

function priceLineText(m: AlertMessage): string[] {
  const lines: string[] = [];
  if (m.newPrice) {
    const from =
      m.oldPrice && m.oldPrice.formatted !== m.newPrice.formatted
        ? `${m.oldPrice.formatted} → `
        : "";
    lines.push(
      `Price: ${from}${m.newPrice.formatted}${m.percentText ? ` (${m.percentText})` : ""}`,
    );
  }
  if (m.lowestPrice) lines.push(`Lowest ever: ${m.lowestPrice.formatted}`);
  return lines;
}

function shell(title: string, preheader: string, inner: string, manageUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#0d0221;color:#f5f3ff;font-family:system-ui,-apple-system,Segoe UI,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-weight:800;letter-spacing:.08em;color:#2de2e6">DROPWAVE</p>
${inner}
<p style="margin:32px 0 0;font-size:13px;color:#b8b2d9">You get this because you track prices on Dropwave. <a href="${escapeHtml(manageUrl)}" style="color:#b8b2d9">Manage notifications or unsubscribe</a>.</p>
</div></body></html>`;
}

function unsubscribeHeaders(manageUrl: string): Record<string, string> {
  // A page link only: RFC 8058 one-click (List-Unsubscribe-Post) needs a POST endpoint that
  // unsubscribes without a login, which does not exist yet.
  return { "List-Unsubscribe": `<${manageUrl}>` };
}

function alertBlockHtml(m: AlertMessage, isCompact: boolean): string {
  const image = m.product.imageUrl
    ? `<img src="${escapeHtml(m.product.imageUrl)}" alt="" width="${isCompact ? 96 : 160}" style="display:block;max-width:100%;border-radius:8px;background:#fff;margin:0 0 16px">`
    : "";
  const heading = isCompact
    ? `<p style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.04em;color:${TONE_COLORS[m.tone]}">${escapeHtml(m.label.toUpperCase())}</p>
<h2 style="margin:0 0 8px;font-size:18px;color:#f5f3ff">${escapeHtml(m.product.title)}</h2>`
    : `<p style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.04em;color:${TONE_COLORS[m.tone]}">${escapeHtml(m.label.toUpperCase())}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#f5f3ff">${escapeHtml(m.product.title)}</h1>`;
  const store = m.product.storeName
    ? `<p style="margin:0 0 8px;color:#b8b2d9">at ${escapeHtml(m.product.storeName)}</p>`
    : "";
  const lowest = m.lowestPrice
    ? `<p style="margin:0 0 8px;color:#b8b2d9">Lowest ever: ${escapeHtml(m.lowestPrice.formatted)}</p>`
    : "";
  const reason = m.reason
    ? `<p style="margin:0 0 8px;line-height:1.5">${escapeHtml(m.reason)}</p>`
    : "";
  const buttons = `<p style="margin:16px 0 0">${button(m.product.storeName ? `Open at ${m.product.storeName}` : "Open in the store", m.urls.product, true)}${button("See price history", m.urls.page, false)}</p>`;
  return `${image}${heading}${store}${priceLineHtml(m)}${lowest}${reason}${buttons}`;
}

/** One alert as an email: subject, HTML, text and List-Unsubscribe. */
export function renderAlertEmail(m: AlertMessage): RenderedEmail {
  const html = shell(m.title, m.summary, alertBlockHtml(m, false), m.urls.manage);
  const text = [
    m.label,
    "",
    m.product.title,
    ...(m.product.storeName ? [`at ${m.product.storeName}`] : []),
    "",
    ...priceLineText(m),
    ...(m.reason ? [m.reason] : []),
    "",
    `Open in the store: ${m.urls.product}`,
    `See price history: ${m.urls.page}`,
    "",
    `Manage notifications or unsubscribe: ${m.urls.manage}`,
    "— Dropwave",
  ].join("\n");
  return {
    subject: m.title,
    html,
    text,
    headers: unsubscribeHeaders(m.urls.manage),
    primaryLink: m.urls.page,
  };
}

/** Several alerts in one mail (the daily digest). `messages` must not be empty. */
export function renderDigestEmail(
  messages: readonly AlertMessage[],
  options: { publicUrl: string; date?: Date },
): RenderedEmail {
  const base = options.publicUrl.replace(/\/+$/, "");
  const manage = `${base}/user#notifications`;
  const hub = `${base}/hub`;
  const count = messages.length;
  const day = (options.date ?? new Date()).toISOString().slice(0, 10);
  const subject =
    count === 1 && messages[0]
      ? `Your Dropwave digest: ${messages[0].title}`
      : `Your Dropwave digest: ${count} alerts`;
  const blocks = messages
    .map(
      (m) =>
        `<div style="padding:20px 0;border-top:1px solid #2a1b4d">${alertBlockHtml(m, true)}</div>`,
    )
    .join("\n");
  const inner = `<h1 style="margin:0 0 8px;font-size:22px;color:#f5f3ff">${count} price ${count === 1 ? "alert" : "alerts"}</h1>
<p style="margin:0 0 16px;color:#b8b2d9">${escapeHtml(day)}</p>
${blocks}
<p style="margin:24px 0 0">${button("Open Dropwave", hub, false)}</p>`;
  const text = [
    `${count} price ${count === 1 ? "alert" : "alerts"} — ${day}`,
    "",
    ...messages.flatMap((m) => [
      `${m.label}: ${m.product.title}`,
      ...priceLineText(m),
      ...(m.reason ? [m.reason] : []),
      `Store: ${m.urls.product}`,
      `History: ${m.urls.page}`,
      "",
    ]),
    `Manage notifications or unsubscribe: ${manage}`,
    "— Dropwave",
  ].join("\n");
  return {
    subject,
    html: shell(subject, messages.map((m) => m.title).join(" · "), inner, manage),
    text,
    headers: unsubscribeHeaders(manage),
    primaryLink: hub,
  };
}
