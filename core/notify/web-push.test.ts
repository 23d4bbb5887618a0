import { describe, expect, it } from "vitest";
import {
  createBrowserSubscription,
  decryptPushBody,
  verifyVapidHeader,
} from "../../tests/helpers/notify.ts";
import {
  encryptPushPayload,
  generateVapidKeys,
  MAX_PUSH_PAYLOAD_BYTES,
  vapidAuthorization,
} from "./web-push.ts";

describe("generateVapidKeys", () => {
  it("makes a P-256 key pair in the browser's format", () => {
    const keys = generateVapidKeys("mailto:admin@dropwave.example");
    const point = Buffer.from(keys.publicKey, "base64url");
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    expect(keys.publicKey).toMatch(/^[\w-]+$/);
    expect(generateVapidKeys("mailto:a@b.example").publicKey).not.toBe(keys.publicKey);
  });
});

describe("vapidAuthorization", () => {
  it("signs an ES256 JWT for the push service's origin", () => {
    const keys = generateVapidKeys("mailto:admin@dropwave.example");
    const now = new Date("2026-11-22T10:00:00Z");
    const header = vapidAuthorization("https://push.example:8443/send/abc?x=1", keys, now);
    const { claims, publicKey } = verifyVapidHeader(header);
    expect(publicKey).toBe(keys.publicKey);
    expect(claims.aud).toBe("https://push.example:8443");
    expect(claims.sub).toBe("mailto:admin@dropwave.example");
    expect(claims.exp - now.getTime() / 1000).toBe(12 * 3600);
  });

  it("a header signed by another key does not verify against ours", () => {
    const ours = generateVapidKeys("mailto:a@b.example");
    const theirs = generateVapidKeys("mailto:a@b.example");
    const header = vapidAuthorization("https://push.example/x", theirs, new Date());
    const forged = header.replace(/k=[\w-]+$/, `k=${ours.publicKey}`);
    expect(() => verifyVapidHeader(forged)).toThrow(/bad VAPID signature/);
  });
});

describe("encryptPushPayload (aes128gcm)", () => {
  it("round-trips through the browser's decryption", () => {
    const browser = createBrowserSubscription("https://push.example/x");
    const text = JSON.stringify({ title: "Price drop: Kettle €39,99", body: "ünïcödé ✓" });
    const body = encryptPushPayload(browser.subscription, Buffer.from(text));
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body.readUInt8(20)).toBe(65);
    expect(decryptPushBody(body, browser)).toBe(text);
  });

  it("uses a fresh salt and key each time", () => {
    const browser = createBrowserSubscription("https://push.example/x");
    const a = encryptPushPayload(browser.subscription, Buffer.from("same"));
    const b = encryptPushPayload(browser.subscription, Buffer.from("same"));
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
  });

  it("fails to decrypt with the wrong auth secret", () => {
    const browser = createBrowserSubscription("https://push.example/x");
    const body = encryptPushPayload(browser.subscription, Buffer.from("secret"));
    const other = createBrowserSubscription("https://push.example/x");
    expect(() => decryptPushBody(body, { ...browser, auth: other.auth })).toThrow();
  });

  it("accepts the largest payload that fits one 4096-byte record and refuses more", () => {
    const browser = createBrowserSubscription("https://push.example/x");
    const max = Buffer.alloc(MAX_PUSH_PAYLOAD_BYTES, "a");
    const body = encryptPushPayload(browser.subscription, max);
    expect(body.length).toBe(4096);
    expect(decryptPushBody(body, browser)).toBe(max.toString());
    expect(() =>
      encryptPushPayload(browser.subscription, Buffer.alloc(MAX_PUSH_PAYLOAD_BYTES + 1)),
    ).toThrow(RangeError);
  });

  it("refuses a malformed subscription key", () => {
    expect(() =>
      encryptPushPayload(
        { endpoint: "https://p.example", keys: { p256dh: "AAAA", auth: "AAAA" } },
        Buffer.from("x"),
      ),
    ).toThrow(/P-256/);
  });
});
