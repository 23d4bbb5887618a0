import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AlertMessage } from "./alert-message.ts";

/**
 * The generic webhook: a JSON body signed with HMAC-SHA256 over `${timestamp}.${body}`.
 * Header format and a verification example: docs/webhooks.md.
 */

export const SIGNATURE_HEADER = "Dropwave-Signature";
export const IDEMPOTENCY_HEADER = "Dropwave-Idempotency-Key";
export const EVENT_HEADER = "Dropwave-Event";
/** Receivers should refuse a signature older (or newer) than this. */
export const DEFAULT_TOLERANCE_SEC = 300;

export type WebhookPayload = {
  id: string;
  type: AlertMessage["kind"];
  idempotencyKey: string;
  createdAt: string;
  watch: { id: string; url: string };
  product: {
    id: string;
    title: string;
    url: string;
    imageUrl: string | null;
    store: string | null;
    lowestPrice: AlertMessage["lowestPrice"];
  };
  oldPrice: AlertMessage["oldPrice"];
  newPrice: AlertMessage["newPrice"];
  /** The new price with the shipping the page states, when that costs more (decision 0079). */
  landedPrice: AlertMessage["landedPrice"];
  percentChange: number | null;
  reason: string | null;
  title: string;
  urls: AlertMessage["urls"];
};

export function buildWebhookPayload(m: AlertMessage, idempotencyKey?: string): WebhookPayload {
  return {
    id: m.id,
    type: m.kind,
    idempotencyKey: idempotencyKey ?? m.idempotencyKey,
    createdAt: m.createdAt,
    watch: { id: m.watchId, url: m.urls.page },
    product: {
      id: m.productId,
      title: m.product.title,
      url: m.product.url,
      imageUrl: m.product.imageUrl,
      store: m.product.storeName,
      lowestPrice: m.lowestPrice,
    },
    oldPrice: m.oldPrice,
    newPrice: m.newPrice,
    landedPrice: m.landedPrice,
    percentChange: m.percentChange,
    reason: m.reason,
    title: m.title,
    urls: m.urls,
  };
}

/** A new secret for a webhook channel, shown to the user once. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function hmacHex(secret: string, timestampSec: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestampSec}.${body}`).digest("hex");
}

/** The `Dropwave-Signature` header value: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export function signWebhook(secret: string, body: string, timestampSec: number): string {
  return `t=${timestampSec},v1=${hmacHex(secret, timestampSec, body)}`;
}

export type SignatureVerdict =
  | { ok: true; timestampSec: number }
  | { ok: false; reason: "malformed" | "stale" | "mismatch" };

/**
 * For receivers and tests: checks a `Dropwave-Signature` header against the raw body (the exact
 * bytes received, before any JSON parsing). Constant-time comparison; accepts several `v1=`
 * entries (secret rotation). `now` is a Date or epoch milliseconds.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSec: number = DEFAULT_TOLERANCE_SEC,
  now: Date | number = Date.now(),
): SignatureVerdict {
  if (typeof header !== "string" || header.length > 2048) return { ok: false, reason: "malformed" };
  let timestampSec: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value !== undefined && /^\d{1,12}$/.test(value))
      timestampSec = Number(value);
    if (key === "v1" && value !== undefined && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(value.toLowerCase());
    }
  }
  if (timestampSec === undefined || signatures.length === 0) {
    return { ok: false, reason: "malformed" };
  }
  const nowSec = Math.floor((typeof now === "number" ? now : now.getTime()) / 1000);
  if (Math.abs(nowSec - timestampSec) > toleranceSec) return { ok: false, reason: "stale" };
  const expected = Buffer.from(hmacHex(secret, timestampSec, body), "hex");
  let isMatch = false;
  for (const signature of signatures) {
    // Every candidate is compared (no early exit), each in constant time.
    if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) isMatch = true;
  }
  return isMatch ? { ok: true, timestampSec } : { ok: false, reason: "mismatch" };
}
