import { and, eq, isNull } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent, seedChannel } from "../../tests/helpers/delivery.ts";
import { startReceiver } from "../../tests/helpers/notify.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { testFetcher } from "../../tests/helpers/store-server.ts";
import {
  alertEvent,
  delivery,
  notificationChannel,
  notificationSettings,
  watchChannel,
} from "../db/schema/index.ts";
import type { Fetcher } from "../fetch/index.ts";
import { createMailer, type Mailer, type MailMessage } from "../mail/mailer.ts";
import {
  type DeliveryDeps,
  fanOutAlertEvents,
  PAUSE_AFTER_PERMANENT_FAILURES,
  runDeliveryRound,
} from "./delivery-worker.ts";

const database = setupTestDatabase();
const log = pino({ level: process.env.DEBUG_DELIVERY ? "debug" : "silent" });
const PUBLIC_URL = "https://dropwave.example";
const newFetcher = () => testFetcher({ publicUrl: PUBLIC_URL, hostConcurrency: 2 });

/** Delivery on this file's database, through `fetcher` and `mailer`, at the test's clock. */
function deliveryDeps(mailer: Mailer, fetcher: Fetcher, now?: () => Date): DeliveryDeps {
  return { database: database.current, fetcher, mailer, log, publicUrl: PUBLIC_URL, now };
}

function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "smtp",
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  };
}

/** One round, keeping the outcomes of one event (other tests' rows share the database). */
async function roundFor(deps: DeliveryDeps, eventId: string, options = {}) {
  const outcomes = await runDeliveryRound(deps, options);
  return outcomes.filter((o) => o.eventId === eventId);
}

async function deliveriesOf(eventId: string) {
  return database.current.db.select().from(delivery).where(eq(delivery.eventId, eventId));
}

describe("fan-out", () => {
  it("creates one delivery per channel plus the account email, once", async () => {
    const { db } = database.current;
    const { owner, event } = await seedAlertEvent(db);
    await seedChannel(db, owner.id, {
      type: "webhook",
      url: "http://127.0.0.1:9/in",
      secret: "whsec_0123456789abcdef",
    });
    const now = () => new Date();
    await fanOutAlertEvents({ database: database.current, now });
    // A second fan-out (another worker, a retry after a crash) adds nothing.
    await db.update(alertEvent).set({ fannedOutAt: null }).where(eq(alertEvent.id, event.id));
    await fanOutAlertEvents({ database: database.current, now });
    const rows = await deliveriesOf(event.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.channelId === null)).toHaveLength(1);
    expect(rows.every((r) => r.status === "pending" && r.attempts === 0)).toBe(true);
  });

  it("holds deliveries until quiet hours end and batches digest emails", async () => {
    const { db } = database.current;
    const { owner, event } = await seedAlertEvent(db);
    const clock = new Date();
    const local = clock.getUTCHours() * 60 + clock.getUTCMinutes();
    await db.insert(notificationSettings).values({
      userId: owner.id,
      timeZone: "UTC",
      quietStartMinute: (local + 1440 - 60) % 1440,
      quietEndMinute: (local + 120) % 1440,
      isDailyDigest: true,
      digestMinute: (local + 300) % 1440,
    });
    await seedChannel(db, owner.id, {
      type: "webhook",
      url: "http://127.0.0.1:9/in",
      secret: "whsec_0123456789abcdef",
    });
    await fanOutAlertEvents({ database: database.current, now: () => clock });
    const rows = await deliveriesOf(event.id);
    const minuteStart = clock.getTime() - (clock.getTime() % 60_000);
    const webhook = rows.find((r) => r.channelId !== null)!;
    const email = rows.find((r) => r.channelId === null)!;
    expect(webhook.nextAttemptAt?.getTime()).toBe(minuteStart + 120 * 60_000);
    expect(email.isDigest).toBe(true);
    expect(email.nextAttemptAt?.getTime()).toBe(minuteStart + 300 * 60_000);
  });
});

describe("choices and batching", () => {
  it("quiet hours set after fan-out still hold the send until they end", async () => {
    const { db } = database.current;
    const { owner, event } = await seedAlertEvent(db);
    const clock = new Date();
    const mailer = memoryMailer();
    const fetcher = newFetcher();
    const deps = deliveryDeps(mailer, fetcher, () => clock);
    try {
      await fanOutAlertEvents(deps);
      const local = clock.getUTCHours() * 60 + clock.getUTCMinutes();
      await db.insert(notificationSettings).values({
        userId: owner.id,
        timeZone: "UTC",
        quietStartMinute: (local + 1440 - 10) % 1440,
        quietEndMinute: (local + 30) % 1440,
      });
      expect(await roundFor(deps, event.id)).toEqual([]);
      const [row] = await deliveriesOf(event.id);
      const minuteStart = clock.getTime() - (clock.getTime() % 60_000);
      expect(row).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
      expect(row?.nextAttemptAt?.getTime()).toBe(minuteStart + 30 * 60_000);
      expect(mailer.sent.filter((m) => m.to === owner.email)).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it("a watch with chosen channels alerts only those (no account email)", async () => {
    const { db } = database.current;
    const { owner, watch, event } = await seedAlertEvent(db);
    const hook = {
      type: "webhook",
      url: "http://127.0.0.1:9/in",
      secret: "whsec_0123456789abcdef",
    };
    const chosen = await seedChannel(db, owner.id, hook, "Chosen");
    await seedChannel(db, owner.id, hook, "Not chosen");
    await db.insert(watchChannel).values({ watchId: watch.id, channelId: chosen.id });
    await fanOutAlertEvents({ database: database.current });
    const rows = await deliveriesOf(event.id);
    expect(rows.map((r) => r.channelId)).toEqual([chosen.id]);
  });

  it("the daily digest sends one email for the day's alerts", async () => {
    const { db } = database.current;
    const first = await seedAlertEvent(db);
    const second = await seedAlertEvent(db, { userId: first.owner.id });
    await db
      .insert(notificationSettings)
      .values({ userId: first.owner.id, isDailyDigest: true, digestMinute: 8 * 60 });
    let clock = new Date();
    const mailer = memoryMailer();
    const fetcher = newFetcher();
    const deps = deliveryDeps(mailer, fetcher, () => clock);
    try {
      await fanOutAlertEvents(deps);
      const held = await deliveriesOf(first.event.id);
      expect(held[0]).toMatchObject({ isDigest: true, status: "pending" });
      const digestAt = held[0]!.nextAttemptAt!;
      expect(await roundFor(deps, first.event.id)).toEqual([]);
      clock = digestAt;
      const outcomes = (await runDeliveryRound(deps)).filter(
        (o) => o.eventId === first.event.id || o.eventId === second.event.id,
      );
      expect(outcomes.map((o) => o.result.kind)).toEqual(["delivered", "delivered"]);
      const mine = mailer.sent.filter((m) => m.to === first.owner.email);
      expect(mine).toHaveLength(1);
      expect((await deliveriesOf(second.event.id))[0]?.status).toBe("delivered");
    } finally {
      await fetcher.close();
    }
  });
});

describe("digest claims", () => {
  it("a digest larger than a claim batch still goes out as one email", async () => {
    const { db } = database.current;
    const first = await seedAlertEvent(db);
    const events = [first.event];
    for (let i = 0; i < 4; i += 1) {
      events.push((await seedAlertEvent(db, { userId: first.owner.id })).event);
    }
    await db
      .insert(notificationSettings)
      .values({ userId: first.owner.id, isDailyDigest: true, digestMinute: 9 * 60 });
    let clock = new Date();
    const mailer = memoryMailer();
    const fetcher = newFetcher();
    const deps = deliveryDeps(mailer, fetcher, () => clock);
    const ids = new Set(events.map((e) => e.id));
    try {
      await fanOutAlertEvents(deps);
      clock = (await deliveriesOf(first.event.id))[0]!.nextAttemptAt!;
      // Claims of two rows at a time: the first claim that touches the digest takes all of it.
      let delivered = 0;
      for (let round = 0; round < 20 && delivered < events.length; round += 1) {
        const outcomes = await runDeliveryRound(deps, { batchSize: 2 });
        delivered += outcomes.filter((o) => ids.has(o.eventId)).length;
      }
      expect(delivered).toBe(events.length);
      const mine = mailer.sent.filter((m) => m.to === first.owner.email);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toBe("Your Dropwave digest: 5 alerts");
    } finally {
      await fetcher.close();
    }
  });
});

describe("delivery faults", () => {
  it("SMTP down for the first attempts, then up: the email arrives once", async () => {
    const { db } = database.current;
    // Learn a free port, then leave it closed: the mail server is down.
    const probe = await startSmtpServer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const { owner, event } = await seedAlertEvent(db);
    const mailer = createMailer({
      from: "alerts@dropwave.example",
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "/nonexistent",
      log,
      timeoutMs: 2_000,
    });
    const fetcher = newFetcher();
    let clock = new Date();
    const deps: DeliveryDeps = { ...deliveryDeps(mailer, fetcher, () => clock), random: () => 0 };
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      for (const attempt of [1, 2]) {
        const [outcome] = await roundFor(deps, event.id);
        expect(outcome?.result.kind).toBe("retry");
        const [row] = await deliveriesOf(event.id);
        expect(row?.attempts).toBe(attempt);
        expect(row?.lastError).toMatch(/mail server/);
        // 30 s doubling with jitter 0: half the ceiling.
        expect(row!.nextAttemptAt!.getTime() - clock.getTime()).toBe(15_000 * 2 ** (attempt - 1));
        clock = row!.nextAttemptAt!;
      }
      smtp = await startSmtpServer({ port });
      expect((await roundFor(deps, event.id))[0]?.result.kind).toBe("delivered");
      // Nothing left to send, now or a day later.
      clock = new Date(clock.getTime() + 86_400_000);
      expect(await roundFor(deps, event.id)).toEqual([]);
      const [row] = await deliveriesOf(event.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 3, lastError: null });
      // Other tests' account emails share this server; this person's arrived once.
      const mine = smtp.messages.filter((m) => m.to.includes(owner.email));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.text).toContain("Price drop: Kettle");
    } finally {
      await smtp?.close();
      await fetcher.close();
    }
  });

  it("webhook answering 500, 429 with Retry-After, then 200: delivered once, spaced right", async () => {
    const { db } = database.current;
    const { owner, event } = await seedAlertEvent(db);
    await db
      .insert(notificationSettings)
      .values({ userId: owner.id, isAccountEmailEnabled: false });
    const receiver = await startReceiver();
    receiver.replies.push(
      { status: 500 },
      { status: 429, headers: { "retry-after": "120" } },
      { status: 200 },
    );
    const channel = await seedChannel(db, owner.id, {
      type: "webhook",
      url: `${receiver.origin}/hook`,
      secret: "whsec_0123456789abcdef",
    });
    let clock = new Date();
    const fetchers = [newFetcher()];
    const deps = (): DeliveryDeps => ({
      database: database.current,
      // The fetcher's host gate keeps a 429 back-off in real time; a fresh one per round
      // stands for the minutes that the injected clock skips.
      fetcher: fetchers.at(-1)!,
      mailer: memoryMailer(),
      log,
      publicUrl: PUBLIC_URL,
      now: () => clock,
      random: () => 0,
    });
    try {
      const t0 = clock;
      expect((await roundFor(deps(), event.id))[0]?.result).toMatchObject({
        kind: "retry",
        status: 500,
      });
      let [row] = await deliveriesOf(event.id);
      expect(row!.nextAttemptAt!.getTime()).toBe(t0.getTime() + 15_000);
      // Not due yet: a round before the time claims nothing.
      clock = new Date(t0.getTime() + 14_000);
      expect(await roundFor(deps(), event.id)).toEqual([]);

      clock = row!.nextAttemptAt!;
      fetchers.push(newFetcher());
      expect((await roundFor(deps(), event.id))[0]?.result).toMatchObject({
        kind: "retry",
        status: 429,
        afterMs: 120_000,
      });
      [row] = await deliveriesOf(event.id);
      // Retry-After (120 s) beats our own backoff (30 s at attempt 2).
      expect(row!.nextAttemptAt!.getTime()).toBe(clock.getTime() + 120_000);
      expect(row!.lastError).toBe("HTTP 429");
      const [withError] = await db
        .select()
        .from(notificationChannel)
        .where(eq(notificationChannel.id, channel.id));
      expect(withError?.lastError).toBe("HTTP 429");

      clock = row!.nextAttemptAt!;
      fetchers.push(newFetcher());
      expect((await roundFor(deps(), event.id))[0]?.result.kind).toBe("delivered");
      [row] = await deliveriesOf(event.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 3 });
      expect(receiver.received).toHaveLength(3);
      const keys = new Set(receiver.received.map((r) => r.headers["dropwave-idempotency-key"]));
      expect([...keys]).toEqual([event.idempotencyKey]);
    } finally {
      for (const f of fetchers) await f.close();
      await receiver.close();
    }
  });

  it("stops on a permanent error, shows it, and pauses the channel after repeated ones (told once)", async () => {
    const { db } = database.current;
    const receiver = await startReceiver(() => ({ status: 410 }));
    const first = await seedAlertEvent(db);
    const owner = first.owner;
    await db
      .insert(notificationSettings)
      .values({ userId: owner.id, isAccountEmailEnabled: false });
    const channel = await seedChannel(
      db,
      owner.id,
      { type: "webhook", url: `${receiver.origin}/gone`, secret: "whsec_0123456789abcdef" },
      "My hook",
    );
    const mailer = memoryMailer();
    const fetcher = newFetcher();
    const deps = deliveryDeps(mailer, fetcher);
    try {
      const events = [first.event];
      for (let i = 1; i < PAUSE_AFTER_PERMANENT_FAILURES + 1; i += 1) {
        events.push((await seedAlertEvent(db, { userId: owner.id })).event);
      }
      // Fan out one event at a time so the channel's state counts up between them.
      for (const event of events.slice(0, PAUSE_AFTER_PERMANENT_FAILURES)) {
        await db
          .update(alertEvent)
          .set({ fannedOutAt: new Date() })
          .where(and(isNull(alertEvent.fannedOutAt), eq(alertEvent.userId, owner.id)));
        await db.update(alertEvent).set({ fannedOutAt: null }).where(eq(alertEvent.id, event.id));
        const [outcome] = await roundFor(deps, event.id);
        expect(outcome?.result).toMatchObject({ kind: "permanent", status: 410 });
        const [row] = await deliveriesOf(event.id);
        expect(row).toMatchObject({ status: "failed", attempts: 1 });
        expect(row?.lastError).toMatch(/refused the message \(HTTP 410\)/);
      }
      const [paused] = await db
        .select()
        .from(notificationChannel)
        .where(eq(notificationChannel.id, channel.id));
      expect(paused?.isPaused).toBe(true);
      expect(paused?.pauseReason).toMatch(/Paused after 3 failed deliveries/);
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0]).toMatchObject({ to: owner.email });
      expect(mailer.sent[0]?.subject).toContain('"My hook"');
      // A paused channel gets no new deliveries.
      const last = events.at(-1)!;
      await db.update(alertEvent).set({ fannedOutAt: null }).where(eq(alertEvent.id, last.id));
      expect(await roundFor(deps, last.id)).toEqual([]);
      expect(await deliveriesOf(last.id)).toEqual([]);
      expect(receiver.received).toHaveLength(PAUSE_AFTER_PERMANENT_FAILURES);
    } finally {
      await fetcher.close();
      await receiver.close();
    }
  });

  it("a lapsed lease is re-claimed by another worker, and the first worker's late result is dropped", async () => {
    const { db } = database.current;
    const { event } = await seedAlertEvent(db);
    const mailer = memoryMailer();
    const fetcher = newFetcher();
    let clock = new Date();
    const deps = deliveryDeps(mailer, fetcher, () => clock);
    const { claimDueDeliveries } = await import("./delivery-worker.ts");
    try {
      await fanOutAlertEvents(deps);
      const [claimed] = await claimDueDeliveries(database.current, {
        workerId: "dead-worker",
        batchSize: 10,
        leaseMs: 60_000,
        now: clock,
      });
      expect(claimed?.event_id).toBe(event.id);
      // Before the lease ends nobody else may take it.
      expect(await roundFor(deps, event.id, { workerId: "other" })).toEqual([]);
      clock = new Date(clock.getTime() + 60_000);
      const [outcome] = await roundFor(deps, event.id, { workerId: "other" });
      expect(outcome).toMatchObject({ result: { kind: "delivered" }, isRecorded: true });
      const [row] = await deliveriesOf(event.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 2 });
      expect(mailer.sent).toHaveLength(1);
    } finally {
      await fetcher.close();
    }
  });
});
