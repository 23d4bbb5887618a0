import webpush from "web-push";
import type { Fetcher, FetchOutcome } from "../fetch/index.ts";

/**
 * Web Push on the `web-push` package: it signs VAPID (RFC 8292, an ES256 JWT) and encrypts
 * `aes128gcm` (RFC 8291 over RFC 8188). We only ask it for the request
 * (`generateRequestDetails`) and send that through core/fetch, the one way out (address
 * checks after DNS, no redirects for POSTs, size and time limits); its own `sendNotification`
 * would open an unchecked connection.
 */

export type VapidKeys = {
  /** Uncompressed P-256 public key (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar d (32 bytes), base64url. */
  privateKey: string;
  /** A contact for the push service: `mailto:…` or an https URL. */
  subject: string;
};

export type PushSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type PushOptions = {
  /** How long the push service keeps an undelivered message. Default 24 h. */
  ttlSec?: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** Replaces an earlier undelivered message with the same topic (≤ 32 base64url chars). */
  topic?: string;
  signal?: AbortSignal;
};

/**
 * RFC 8291 §4: push services must accept 4096-byte bodies. Of those, 86 go to the header
 * (salt, record size, key), 16 to the GCM tag and 1 to the padding delimiter. Anything longer
 * would need a second record, which push services refuse.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;

/** The JWT lives 12 h (RFC 8292 allows 24 h; the rest is room for clock skew). */
const VAPID_LIFETIME_SEC = 12 * 60 * 60;

/** A new VAPID key pair, to be generated on first start and kept in the database. */
export function generateVapidKeys(subject: string): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject };
}

/** The `Authorization: vapid t=<jwt>, k=<public key>` header for one push service origin. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, now: Date): string {
  const headers = webpush.getVapidHeaders(
    new URL(endpoint).origin,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    "aes128gcm",
    Math.floor(now.getTime() / 1000) + VAPID_LIFETIME_SEC,
  );
  return headers.Authorization;
}

/** Our own checks first, so a bad subscription is named plainly (the package's words vary). */
function checkSubscription(subscription: PushSubscription, plaintext: Uint8Array): void {
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) {
    throw new RangeError(`push payload over ${MAX_PUSH_PAYLOAD_BYTES} bytes`);
  }
  const uaPublic = Buffer.from(subscription.keys.p256dh, "base64url");
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error("p256dh is not a P-256 point");
  if (Buffer.from(subscription.keys.auth, "base64url").length !== 16) {
    throw new Error("auth secret is not 16 bytes");
  }
}

/** Encrypts `plaintext` for one subscription (RFC 8291, one record, fresh salt and key). */
export function encryptPushPayload(subscription: PushSubscription, plaintext: Uint8Array): Buffer {
  checkSubscription(subscription, plaintext);
  const { cipherText } = webpush.encrypt(
    subscription.keys.p256dh,
    subscription.keys.auth,
    Buffer.from(plaintext),
    "aes128gcm",
  );
  return cipherText;
}

/** What the service worker receives (JSON in the encrypted body). */
export type PushPayload = {
  title: string;
  body: string;
  /** Opened on click: the product page in the hub. */
  url: string;
  icon?: string;
  /** Same tag, same notification slot in the browser (one per watch). */
  tag?: string;
  idempotencyKey?: string;
};

/** The signed, encrypted request for one message, built by `web-push` without sending it. */
function pushRequest(
  subscription: PushSubscription,
  text: string,
  vapid: VapidKeys,
  options: PushOptions,
): { headers: Record<string, string>; body: Buffer } {
  const plaintext = Buffer.from(text, "utf8");
  checkSubscription(subscription, plaintext);
  const details = webpush.generateRequestDetails(subscription, plaintext, {
    vapidDetails: vapid,
    TTL: Math.max(0, Math.floor(options.ttlSec ?? 24 * 60 * 60)),
    urgency: options.urgency ?? "normal",
    contentEncoding: "aes128gcm",
    ...(options.topic && /^[\w-]{1,32}$/.test(options.topic) ? { topic: options.topic } : {}),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // The fetcher sets the length of the body it sends.
    if (name.toLowerCase() !== "content-length") headers[name.toLowerCase()] = String(value);
  }
  return { headers, body: details.body as Buffer };
}

/**
 * Sends one encrypted push message through core/fetch. The answer is the raw `FetchOutcome`;
 * `classifyPushOutcome` in deliver.ts reads 404/410 as "subscription gone".
 */
export async function sendPush(
  fetcher: Fetcher,
  subscription: PushSubscription,
  payload: PushPayload | string,
  vapid: VapidKeys,
  options: PushOptions = {},
): Promise<FetchOutcome> {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  let request: { headers: Record<string, string>; body: Buffer };
  try {
    request = pushRequest(subscription, text, vapid, options);
  } catch (error) {
    return {
      kind: "bad_url",
      url: subscription.endpoint,
      reason: `cannot encrypt for this subscription: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return fetcher.request(subscription.endpoint, {
    method: "POST",
    headers: request.headers,
    body: request.body,
    signal: options.signal,
    maxRedirects: 0,
  });
}
