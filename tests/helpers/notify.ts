import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  createVerify,
  randomBytes,
} from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type AlertInput, buildAlertMessage } from "../../core/notify/alert-message.ts";
import { type LocalServer, startServer } from "./local-server.ts";

export const PUBLIC_URL = "https://dropwave.example";

/** A price drop on a kettle, as the check worker would record it. */
export function sampleAlert(overrides: Partial<AlertInput["event"]> = {}, product = {}) {
  return buildAlertMessage({
    event: {
      id: "0b9d8f5e-0000-4000-8000-000000000001",
      idempotencyKey: "watch-1:price_drop:obs-7",
      kind: "price_drop",
      watchId: "6f1c2a34-0000-4000-8000-00000000000a",
      productId: "9a8b7c6d-0000-4000-8000-00000000000b",
      createdAt: new Date("2026-11-22T10:00:00Z"),
      oldPrice: { amountMinor: 4999, currency: "USD" },
      newPrice: { amountMinor: 3999, currency: "USD" },
      ...overrides,
    },
    product: {
      title: "Kettle",
      imageUrl: "https://shop.example/img/kettle.jpg",
      storeName: "Shop Example",
      url: "https://shop.example/p/kettle",
      lowestPrice: { amountMinor: 3499, currency: "USD" },
      ...product,
    },
    publicUrl: PUBLIC_URL,
  });
}

/**
 * A group's alert (decision 0068) for one store's `newPrice`: the group "Kettle 1.7 l", its
 * target €96.00, the price about €95.00 in the target's currency.
 */
export function sampleGroupAlert(
  newPrice: { amountMinor: number; currency: string },
  product: Partial<AlertInput["product"]> = {},
) {
  return sampleAlert(
    {
      kind: "below_target",
      oldPrice: null,
      newPrice,
      details: {
        groupId: "5e1d0000-0000-4000-8000-000000000001",
        groupName: "Kettle 1.7 l",
        groupTargetMinor: 9600,
        groupTargetCurrency: "EUR",
        convertedMinor: 9500,
      },
    },
    product,
  );
}

export type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
};

export type Reply = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver on 127.0.0.1 that keeps each request with its body. `reply` decides the
 * answer (200 "ok" by default); set `replies` to answer a sequence, then 200.
 */
export async function startReceiver(
  reply?: (request: ReceivedRequest) => Reply,
): Promise<LocalServer & { received: ReceivedRequest[]; replies: Reply[] }> {
  const received: ReceivedRequest[] = [];
  const replies: Reply[] = [];
  const server = await startServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReceivedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    received.push(request);
    const answer = replies.shift() ?? reply?.(request) ?? { status: 200, body: "ok" };
    res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
    res.end(answer.body ?? "");
  });
  return Object.assign(server, { received, replies });
}

/** A browser's side of a push subscription: its key pair and auth secret. */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth,
  };
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** HKDF written out with HMAC (RFC 5869), so the test does not reuse the sender's hkdfSync. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/** The browser's decryption of an aes128gcm push body (RFC 8291 + RFC 8188). */
export function decryptPushBody(
  body: Buffer,
  browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(browser.privateKey);
  const secret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.publicKey, senderPublic]);
  const ikm = hkdf(browser.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Strip padding: trailing zeros, then the delimiter (0x02 for the last record).
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("missing last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

/**
 * A push service's check of `Authorization: vapid t=<jwt>, k=<key>`: the JWT's ES256
 * signature against k, and its claims. Returns the claims, or throws.
 */
export function verifyVapidHeader(header: string | undefined): {
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
} {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), ?k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [, head, payload, signature, key] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
  });
  const verifier = createVerify("SHA256");
  verifier.update(`${head}.${payload}`);
  const isValid = verifier.verify(
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isValid) throw new Error("bad VAPID signature");
  const jwtHeader = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg: string };
  if (jwtHeader.alg !== "ES256") throw new Error("not ES256");
  return {
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()),
    publicKey: key,
  };
}
