import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../tests/helpers/local-server.ts";
import {
  createBrowserSubscription,
  decryptPushBody,
  PUBLIC_URL,
  type ReceivedRequest,
  sampleAlert,
  startReceiver,
  verifyVapidHeader,
} from "../../tests/helpers/notify.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { createFetcher, type Fetcher } from "../fetch/index.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { type ChannelConfig, createChannelConfigSchema } from "./channels.ts";
import { type DeliverContext, deliver, deliverDigest } from "./deliver.ts";
import { generateVapidKeys } from "./web-push.ts";
import { verifyWebhookSignature } from "./webhook-signature.ts";

/** Channels as a user would enter them, but http and any host allowed (local receivers). */
const TestChannel = createChannelConfigSchema({ allowHttp: true, allowAnyHost: true });
const channel = (input: unknown): ChannelConfig => TestChannel.parse(input);

const log = pino({ level: "silent" });
const NOW = new Date("2026-11-22T10:00:05Z");
const SECRET = "whsec_test_secret_0123456789";

function testFetcher(extra: Parameters<typeof createFetcher>[0] | object = {}): Fetcher {
  return createFetcher({
    version: "test",
    publicUrl: PUBLIC_URL,
    allowPrivate: ["127.0.0.1/32"],
    hostSpacingMs: 0,
    timeoutMs: 5_000,
    ...extra,
  });
}

let outboxDir: string;
let unusedMailer: Mailer;
let fetcher: Fetcher;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "dropwave-notify-"));
  unusedMailer = createMailer({ from: "x@y.example", smtpUrl: undefined, outboxDir, log });
  fetcher = testFetcher();
});

afterAll(async () => {
  await fetcher.close();
  await rm(outboxDir, { recursive: true, force: true });
});

/** Accepts the request and never answers (the socket is destroyed on close). */
function startServerThatHangs() {
  return startServer(() => {});
}

function context(extra: Partial<DeliverContext> = {}): DeliverContext {
  return { fetcher, mailer: unusedMailer, now: NOW, ...extra };
}

function json(request: ReceivedRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body.toString("utf8") ?? "null") as Record<string, unknown>;
}

/** A real SMTP server and a mailer sending to it, for one test. */
async function withSmtp(
  from: string,
  test: (
    smtp: Awaited<ReturnType<typeof startSmtpServer>>,
    mailer: ReturnType<typeof createMailer>,
  ) => Promise<void>,
): Promise<void> {
  const smtp = await startSmtpServer();
  try {
    await test(smtp, createMailer({ from, smtpUrl: smtp.url, outboxDir, log }));
  } finally {
    await smtp.close();
  }
}

describe("email through a real SMTP server", () => {
  it("delivers the alert mail with subject, prices, links and List-Unsubscribe", () =>
    withSmtp("Dropwave <alerts@dropwave.example>", async (smtp, mailer) => {
      const result = await deliver(
        channel({ type: "email", address: "ann@example.com" }),
        sampleAlert(),
        context({ mailer }),
      );
      expect(result).toEqual({ kind: "delivered" });
      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0];
      expect(mail?.to).toEqual(["ann@example.com"]);
      const text = mail?.text ?? "";
      expect(text).toContain("Subject: Price drop: Kettle now $39.99 (was $49.99)");
      expect(text).toContain("$39.99");
      expect(text).toContain("$49.99");
      expect(text).toContain("https://shop.example/p/kettle");
      expect(text).toContain(`${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a`);
      expect(text).toMatch(/List-Unsubscribe: <https:\/\/dropwave\.example\/user#notifications>/);
    }));

  it("a 451 from the server is retry; then it is delivered", () =>
    withSmtp("alerts@dropwave.example", async (smtp, mailer) => {
      const email = channel({ type: "email", address: "ann@example.com" });
      smtp.failNext(2);
      const results = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        results.push(await deliver(email, sampleAlert(), context({ mailer })));
      }
      expect(results.map((r) => r.kind)).toEqual(["retry", "retry", "delivered"]);
      expect(results[0]).toMatchObject({ kind: "retry", status: 451 });
      expect(smtp.messages).toHaveLength(1);
    }));

  it("an unreachable SMTP server is retry", async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    const mailer = createMailer({
      from: "a@dropwave.example",
      smtpUrl: url,
      outboxDir,
      log,
      timeoutMs: 2000,
    });
    const result = await deliver(
      channel({ type: "email", address: "ann@example.com" }),
      sampleAlert(),
      context({ mailer }),
    );
    expect(result.kind).toBe("retry");
  });

  it("sends the daily digest as one mail", () =>
    withSmtp("alerts@dropwave.example", async (smtp, mailer) => {
      const result = await deliverDigest(
        { type: "email", address: "ann@example.com" },
        [
          sampleAlert(),
          sampleAlert({ kind: "back_in_stock", watchId: "w2" }, { title: "Toaster" }),
        ],
        { mailer, publicUrl: PUBLIC_URL, now: NOW },
      );
      expect(result).toEqual({ kind: "delivered" });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]?.text).toContain("Subject: Your Dropwave digest: 2 alerts");
      expect(smtp.messages[0]?.text).toContain("Toaster");
    }));
});

describe("generic webhook to a local receiver", () => {
  it("is signed over timestamp and body; tampering and staleness are caught", async () => {
    const receiver = await startReceiver();
    try {
      const result = await deliver(
        channel({ type: "webhook", url: `${receiver.origin}/hooks/dropwave`, secret: SECRET }),
        sampleAlert(),
        context(),
      );
      expect(result).toEqual({ kind: "delivered", status: 200 });
      const request = receiver.received[0];
      expect(request?.method).toBe("POST");
      expect(request?.url).toBe("/hooks/dropwave");
      expect(request?.headers["content-type"]).toBe("application/json");
      expect(request?.headers["dropwave-idempotency-key"]).toBe("watch-1:price_drop:obs-7");
      expect(request?.headers["dropwave-event"]).toBe("price_drop");
      const header = String(request?.headers["dropwave-signature"]);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(header.startsWith(`t=${Math.floor(NOW.getTime() / 1000)},`)).toBe(true);
      const raw = request?.body.toString("utf8") ?? "";

      expect(verifyWebhookSignature(SECRET, header, raw, 300, NOW)).toEqual({
        ok: true,
        timestampSec: Math.floor(NOW.getTime() / 1000),
      });
      const tampered = raw.replace("39.99", "0.99");
      expect(tampered).not.toBe(raw);
      expect(verifyWebhookSignature(SECRET, header, tampered, 300, NOW)).toEqual({
        ok: false,
        reason: "mismatch",
      });
      expect(verifyWebhookSignature("whsec_other_secret_xxxxxx", header, raw, 300, NOW).ok).toBe(
        false,
      );
      const later = new Date(NOW.getTime() + 301_000);
      expect(verifyWebhookSignature(SECRET, header, raw, 300, later)).toEqual({
        ok: false,
        reason: "stale",
      });

      const body = json(request);
      expect(Object.keys(body)).toEqual(
        expect.arrayContaining([
          "id",
          "type",
          "idempotencyKey",
          "createdAt",
          "watch",
          "product",
          "oldPrice",
          "newPrice",
          "percentChange",
          "urls",
        ]),
      );
      expect(body).toMatchObject({
        id: "0b9d8f5e-0000-4000-8000-000000000001",
        type: "price_drop",
        idempotencyKey: "watch-1:price_drop:obs-7",
        createdAt: "2026-11-22T10:00:00.000Z",
        watch: { id: "6f1c2a34-0000-4000-8000-00000000000a" },
        product: { title: "Kettle", url: "https://shop.example/p/kettle" },
        oldPrice: { amountMinor: 4999, currency: "USD", formatted: "$49.99" },
        newPrice: { amountMinor: 3999, currency: "USD", formatted: "$39.99" },
        percentChange: -20,
        urls: { page: `${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a` },
      });
    } finally {
      await receiver.close();
    }
  });

  it("500, then 429 Retry-After: 2, then 200: retry, retry (2 s), delivered; same key", async () => {
    const receiver = await startReceiver();
    // The fetcher's own host backoff would hold the third try for 2 s; the delivery worker
    // waits for the retry time anyway, so the test does not.
    const polite = testFetcher({ maxRetryAfterMs: 0 });
    try {
      receiver.replies.push({ status: 500 }, { status: 429, headers: { "retry-after": "2" } });
      const hook = channel({ type: "webhook", url: `${receiver.origin}/h`, secret: SECRET });
      const results = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = new Date(NOW.getTime() + attempt * 60_000);
        results.push(await deliver(hook, sampleAlert(), context({ fetcher: polite, now })));
      }
      expect(results).toEqual([
        { kind: "retry", reason: "HTTP 500", status: 500 },
        { kind: "retry", reason: "HTTP 429", status: 429, afterMs: 2000 },
        { kind: "delivered", status: 200 },
      ]);
      const keys = receiver.received.map((r) => r.headers["dropwave-idempotency-key"]);
      expect(keys).toEqual(Array(3).fill("watch-1:price_drop:obs-7"));
      // Each attempt is signed afresh with its own timestamp.
      const stamps = receiver.received.map(
        (r) => String(r.headers["dropwave-signature"]).split(",")[0],
      );
      expect(new Set(stamps).size).toBe(3);
    } finally {
      await polite.close();
      await receiver.close();
    }
  });

  it("a 400 or 404 is permanent; a redirect is not followed", async () => {
    const receiver = await startReceiver();
    try {
      receiver.replies.push(
        { status: 400 },
        { status: 404 },
        { status: 301, headers: { location: "https://elsewhere.example/" } },
      );
      const hook = channel({ type: "webhook", url: `${receiver.origin}/h`, secret: SECRET });
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await deliver(hook, sampleAlert(), context()));
      expect(results.map((r) => r.kind)).toEqual(["permanent", "permanent", "permanent"]);
      expect(results[0]).toMatchObject({ status: 400, code: "rejected" });
      expect(results[2]).toMatchObject({ code: "bad_address" });
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("the default fetcher policy refuses 127.0.0.1: blocked, zero hits", async () => {
    const receiver = await startReceiver();
    const strict = createFetcher({ version: "test", publicUrl: PUBLIC_URL, hostSpacingMs: 0 });
    try {
      const result = await deliver(
        channel({ type: "webhook", url: `${receiver.origin}/h`, secret: SECRET }),
        sampleAlert(),
        context({ fetcher: strict }),
      );
      expect(result).toMatchObject({ kind: "permanent", code: "bad_address" });
      expect(result.kind === "permanent" && result.reason).toContain("private network");
      expect(receiver.received).toHaveLength(0);
      expect(receiver.connections).toBe(0);
    } finally {
      await strict.close();
      await receiver.close();
    }
  });

  it("a receiver that never answers is retry (timeout)", async () => {
    const receiver = await startServerThatHangs();
    const impatient = testFetcher({ timeoutMs: 300 });
    try {
      const result = await deliver(
        channel({ type: "webhook", url: `${receiver.origin}/h`, secret: SECRET }),
        sampleAlert(),
        context({ fetcher: impatient }),
      );
      expect(result).toMatchObject({ kind: "retry", reason: expect.stringContaining("timed out") });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await impatient.close();
      await receiver.close();
    }
  });

  it("a receiver that is down is retry", async () => {
    const receiver = await startReceiver();
    const origin = receiver.origin;
    await receiver.close();
    const result = await deliver(
      channel({ type: "webhook", url: `${origin}/h`, secret: SECRET }),
      sampleAlert(),
      context(),
    );
    expect(result.kind).toBe("retry");
  });
});

describe("chat presets to a local receiver", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  async function send(input: unknown): Promise<ReceivedRequest> {
    const before = receiver.received.length;
    const result = await deliver(channel(input), sampleAlert(), context());
    expect(result.kind).toBe("delivered");
    expect(receiver.received).toHaveLength(before + 1);
    return receiver.received[before] as ReceivedRequest;
  }

  it("Discord", async () => {
    const request = await send({
      type: "discord",
      url: `${receiver.origin}/api/webhooks/123456/abc-DEF_ghi`,
    });
    expect(request.url).toBe("/api/webhooks/123456/abc-DEF_ghi");
    const body = json(request) as {
      content: string;
      embeds: Array<{
        title: string;
        url: string;
        description: string;
        thumbnail: { url: string };
        fields: unknown[];
        color: number;
      }>;
    };
    expect(body.content).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    expect(body.embeds[0]).toMatchObject({
      title: "Kettle",
      url: "https://shop.example/p/kettle",
      thumbnail: { url: "https://shop.example/img/kettle.jpg" },
    });
    expect(typeof body.embeds[0]?.color).toBe("number");
    expect(body.embeds[0]?.fields).toContainEqual({ name: "Now", value: "$39.99", inline: true });
  });

  it("Slack", async () => {
    const request = await send({ type: "slack", url: `${receiver.origin}/services/T0/B0/xyz` });
    const body = json(request) as { text: string; blocks: Array<Record<string, unknown>> };
    expect(body.text).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    expect(body.blocks.map((b) => b.type)).toEqual(["header", "section", "actions"]);
    expect(body.blocks[1]).toMatchObject({
      accessory: { type: "image", image_url: "https://shop.example/img/kettle.jpg" },
    });
    expect(body.blocks[2]).toMatchObject({
      elements: [{ type: "button", url: "https://shop.example/p/kettle" }, { type: "button" }],
    });
  });

  it("Microsoft Teams (Workflows)", async () => {
    const request = await send({
      type: "teams",
      url: `${receiver.origin}/workflows/abc/triggers/manual/paths/invoke?sig=x`,
    });
    expect(request.url).toBe("/workflows/abc/triggers/manual/paths/invoke?sig=x");
    const body = json(request);
    expect(body).toMatchObject({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: { type: "AdaptiveCard", version: "1.4" },
        },
      ],
    });
  });

  it("Telegram through an apiBase override", async () => {
    const request = await send({
      type: "telegram",
      botToken: "123456789:AAExampleExampleExample_-xyz",
      chatId: "-100123",
      apiBase: receiver.origin,
    });
    expect(request.url).toBe("/bot123456789:AAExampleExampleExample_-xyz/sendMessage");
    const body = json(request) as Record<string, unknown>;
    expect(body).toMatchObject({ chat_id: "-100123", parse_mode: "HTML" });
    expect(typeof body.disable_web_page_preview).toBe("boolean");
    expect(body.text).toContain("<b>Price drop</b>");
    expect(body.text).toContain('<a href="https://shop.example/p/kettle">Kettle</a>');
  });

  it("ntfy: headers, text body and bearer token", async () => {
    const request = await send({
      type: "ntfy",
      server: receiver.origin,
      topic: "my-deals",
      token: "tk_secret",
    });
    expect(request.url).toBe("/my-deals");
    expect(request.headers.title).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    expect(request.headers.tags).toBe("chart_with_downwards_trend");
    expect(request.headers.click).toBe(
      `${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a`,
    );
    expect(request.headers.attach).toBe("https://shop.example/img/kettle.jpg");
    expect(request.headers.authorization).toBe("Bearer tk_secret");
    expect(request.body.toString("utf8")).toContain("Kettle is now $39.99 (was $49.99), −20.0 %.");
  });

  it("ntfy with a non-ASCII title and store URL: RFC 2047 header, ASCII URLs", async () => {
    const before = receiver.received.length;
    const message = sampleAlert(
      {},
      { title: "Café Kettle – 1,7 l", url: "https://bücher.example/p/wasserkocher?q=größe" },
    );
    const result = await deliver(
      channel({ type: "ntfy", server: receiver.origin, topic: "eu" }),
      message,
      context(),
    );
    expect(result.kind).toBe("delivered");
    const request = receiver.received[before] as ReceivedRequest;
    const title = String(request.headers.title);
    const encoded = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(title)?.[1] ?? "";
    expect(Buffer.from(encoded, "base64").toString("utf8")).toBe(
      "Price drop: Café Kettle – 1,7 l now $39.99 (was $49.99)",
    );
    expect(String(request.headers.actions)).toContain(
      "https://xn--bcher-kva.example/p/wasserkocher?q=gr%C3%B6%C3%9Fe",
    );
  });

  it("ntfy without a token sends no Authorization", async () => {
    const request = await send({ type: "ntfy", server: receiver.origin, topic: "open" });
    expect(request.headers.authorization).toBeUndefined();
  });

  it("Gotify: JSON and the app token", async () => {
    const request = await send({
      type: "gotify",
      server: `${receiver.origin}/gotify`,
      token: "AbCdEf.123-x",
    });
    expect(request.url).toBe("/gotify/message?token=AbCdEf.123-x");
    expect(json(request)).toMatchObject({
      title: "Price drop: Kettle now $39.99 (was $49.99)",
      priority: expect.any(Number),
      extras: {
        "client::notification": {
          click: { url: `${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a` },
        },
      },
    });
    expect(String(json(request).message)).toContain("$39.99");
  });
});

describe("browser push to a push-service stand-in", () => {
  it("sends VAPID-signed, aes128gcm-encrypted JSON the browser can read; 410 is permanent", async () => {
    const vapid = generateVapidKeys("mailto:admin@dropwave.example");
    const pushService = await startReceiver((request) => {
      // What a push service checks before accepting.
      verifyVapidHeader(String(request.headers.authorization));
      return { status: 201 };
    });
    try {
      const browser = createBrowserSubscription(`${pushService.origin}/push/sub-1`);
      const push = channel({ type: "push", ...browser.subscription });
      const result = await deliver(push, sampleAlert(), context({ vapid }));
      expect(result).toEqual({ kind: "delivered", status: 201 });

      const request = pushService.received[0] as ReceivedRequest;
      expect(request.url).toBe("/push/sub-1");
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(request.headers.ttl).toBe("86400");
      expect(request.headers.urgency).toBe("high");
      const { claims, publicKey } = verifyVapidHeader(String(request.headers.authorization));
      expect(publicKey).toBe(vapid.publicKey);
      expect(claims.aud).toBe(pushService.origin);
      expect(claims.sub).toBe("mailto:admin@dropwave.example");
      expect(claims.exp).toBeGreaterThan(NOW.getTime() / 1000);

      const payload = JSON.parse(decryptPushBody(request.body, browser));
      expect(payload).toEqual({
        title: "Price drop: Kettle now $39.99 (was $49.99)",
        body: "Kettle is now $39.99 (was $49.99), −20.0 %.",
        url: `${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a`,
        icon: "https://shop.example/img/kettle.jpg",
        tag: "watch-6f1c2a34-0000-4000-8000-00000000000a",
        idempotencyKey: "watch-1:price_drop:obs-7",
      });

      pushService.replies.push({ status: 410 });
      const gone = await deliver(push, sampleAlert(), context({ vapid }));
      expect(gone).toMatchObject({ kind: "permanent", status: 410, code: "subscription_gone" });
    } finally {
      await pushService.close();
    }
  });

  it("a huge image URL is left out of the push payload instead of failing the delivery", async () => {
    const vapid = generateVapidKeys("mailto:admin@dropwave.example");
    const pushService = await startReceiver(() => ({ status: 201 }));
    try {
      const browser = createBrowserSubscription(`${pushService.origin}/push/sub-3`);
      const message = sampleAlert(
        {},
        { imageUrl: `https://cdn.example/${"x".repeat(5000)}.jpg`, title: "T".repeat(5000) },
      );
      const result = await deliver(
        channel({ type: "push", ...browser.subscription }),
        message,
        context({ vapid }),
      );
      expect(result.kind).toBe("delivered");
      const payload = JSON.parse(
        decryptPushBody(pushService.received[0]?.body ?? Buffer.alloc(0), browser),
      );
      expect(payload.icon).toBeUndefined();
      expect(payload.title.length).toBeLessThanOrEqual(120);
    } finally {
      await pushService.close();
    }
  });

  it("a push service 503 is retry; no VAPID keys is retry, not a crash", async () => {
    const vapid = generateVapidKeys("mailto:admin@dropwave.example");
    const pushService = await startReceiver(() => ({ status: 503 }));
    const quiet = testFetcher({ maxRetryAfterMs: 0 });
    try {
      const browser = createBrowserSubscription(`${pushService.origin}/push/sub-2`);
      const push = channel({ type: "push", ...browser.subscription });
      expect((await deliver(push, sampleAlert(), context({ vapid, fetcher: quiet }))).kind).toBe(
        "retry",
      );
      const noKeys = await deliver(push, sampleAlert(), context({ fetcher: quiet }));
      expect(noKeys).toMatchObject({ kind: "retry", reason: expect.stringContaining("VAPID") });
    } finally {
      await quiet.close();
      await pushService.close();
    }
  });
});
