import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  createSign,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from "node:crypto";
import type { Fetcher, FetchOutcome } from "../fetch/index.ts";

/**
 * Web Push with node:crypto only: VAPID (RFC 8292, an ES256 JWT) and the `aes128gcm` payload
 * encryption (RFC 8291 over RFC 8188: ECDH P-256, HKDF-SHA256, AES-128-GCM, one record).
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
  now?: Date;
  signal?: AbortSignal;
};

/**
 * RFC 8291 §4: push services must accept 4096-byte bodies. Of those, 86 go to the header
 * (salt, record size, key), 16 to the GCM tag and 1 to the padding delimiter.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;
const RECORD_SIZE = 4096;

function b64url(buffer: Uint8Array): string {
  return Buffer.from(buffer).toString("base64url");
}

function fromB64url(text: string): Buffer {
  return Buffer.from(text.replace(/=+$/, ""), "base64url");
}

/** A new VAPID key pair, to be generated on first start and kept in the database. */
export function generateVapidKeys(subject: string): VapidKeys {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), fromB64url(pub.x ?? ""), fromB64url(pub.y ?? "")]);
  return { publicKey: b64url(point), privateKey: priv.d ?? "", subject };
}

function vapidPrivateKey(keys: VapidKeys) {
  const point = fromB64url(keys.publicKey);
  if (point.length !== 65 || point[0] !== 4)
    throw new Error("VAPID public key is not a P-256 point");
  return createPrivateKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
      d: keys.privateKey.replace(/=+$/, ""),
    },
  });
}

/** The `Authorization: vapid t=<jwt>, k=<public key>` header for one push service origin. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, now: Date): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = b64url(
    Buffer.from(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        // RFC 8292: no more than 24 h ahead; 12 h leaves room for clock skew.
        exp: Math.floor(now.getTime() / 1000) + 12 * 60 * 60,
        sub: keys.subject,
      }),
    ),
  );
  const signer = createSign("SHA256");
  signer.update(`${header}.${claims}`);
  const signature = signer.sign({ key: vapidPrivateKey(keys), dsaEncoding: "ieee-p1363" });
  return `vapid t=${header}.${claims}.${b64url(signature)}, k=${keys.publicKey}`;
}

/**
 * Encrypts `plaintext` for one subscription (RFC 8291). `salt` and the sender's key pair are
 * random unless given (tests).
 */
export function encryptPushPayload(
  subscription: PushSubscription,
  plaintext: Uint8Array,
  fixed: { salt?: Uint8Array; senderPrivateKey?: Uint8Array } = {},
): Buffer {
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) {
    throw new RangeError(`push payload over ${MAX_PUSH_PAYLOAD_BYTES} bytes`);
  }
  const uaPublic = fromB64url(subscription.keys.p256dh);
  const authSecret = fromB64url(subscription.keys.auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error("p256dh is not a P-256 point");
  if (authSecret.length !== 16) throw new Error("auth secret is not 16 bytes");

  const sender = createECDH("prime256v1");
  if (fixed.senderPrivateKey) sender.setPrivateKey(Buffer.from(fixed.senderPrivateKey));
  else sender.generateKeys();
  const asPublic = sender.getPublicKey();
  const ecdhSecret = sender.computeSecret(uaPublic);
  const salt = Buffer.from(fixed.salt ?? randomBytes(16));

  // RFC 8291 §3.4: IKM from the ECDH secret keyed by the auth secret…
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  // …then RFC 8188 §2.2: content key and nonce from the IKM and the salt.
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );

  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  // One record, so it is the last: the delimiter is 0x02, no further padding.
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(plaintext), Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, sealed]);
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
  const now = options.now ?? new Date();
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  let body: Buffer;
  let authorization: string;
  try {
    body = encryptPushPayload(subscription, Buffer.from(text, "utf8"));
    authorization = vapidAuthorization(subscription.endpoint, vapid, now);
  } catch (error) {
    return {
      kind: "bad_url",
      url: subscription.endpoint,
      reason: `cannot encrypt for this subscription: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const headers: Record<string, string> = {
    authorization,
    "content-encoding": "aes128gcm",
    "content-type": "application/octet-stream",
    ttl: String(Math.max(0, Math.floor(options.ttlSec ?? 24 * 60 * 60))),
    urgency: options.urgency ?? "normal",
  };
  if (options.topic && /^[\w-]{1,32}$/.test(options.topic)) headers.topic = options.topic;
  return fetcher.request(subscription.endpoint, {
    method: "POST",
    headers,
    body,
    signal: options.signal,
    maxRedirects: 0,
  });
}
