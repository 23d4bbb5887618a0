import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent, seedChannel } from "../../tests/helpers/delivery.ts";
import { startReceiver } from "../../tests/helpers/notify.ts";
import { testFetcher } from "../../tests/helpers/store-server.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { delivery, notificationSettings } from "../db/schema/index.ts";
import { createMemoryHostGate } from "../fetch/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { claimDueDeliveries } from "./delivery/claim.ts";
import { recordResult } from "./delivery/record-result.ts";
import { type DeliveryDeps, fanOutAlertEvents, runDeliveryRound } from "./delivery-worker.ts";

/**
 * Issue #40, item 3: a delivery is sent by one claim only. A claim is fenced by its generation
 * (lease_owner and lease_until), checked before the send and when the result is written, and
 * the whole send — the wait for a host slot included — ends before the lease does.
 */
const database = setupTestDatabase();
const log = pino({ level: "silent" });
const PUBLIC_URL = "https://dropwave.example";
const noMail: Mailer = {
  kind: "smtp",
  async send() {
    throw new Error("no mail in this test");
  },
};

async function seedWebhook(url: string) {
  const { db } = database.current;
  const seeded = await seedAlertEvent(db);
  await db
    .insert(notificationSettings)
    .values({ userId: seeded.owner.id, isAccountEmailEnabled: false });
  await seedChannel(db, seeded.owner.id, {
    type: "webhook",
    url,
    secret: "whsec_0123456789abcdef",
  });
  await fanOutAlertEvents({ database: database.current });
  return seeded;
}

async function rowOf(eventId: string) {
  const [row] = await database.current.db
    .select()
    .from(delivery)
    .where(eq(delivery.eventId, eventId));
  return row!;
}

describe("a delivery's claim fences its send", { timeout: 30_000 }, () => {
  it("a send that waits for a host slot past its lease is not sent by a second worker too", async () => {
    const receiver = await startReceiver();
    // One slot for the receiver's host, shared by both workers, held by someone else.
    const gate = createMemoryHostGate({ concurrency: 1, spacingMs: 0 });
    const blocker = await gate.acquire("127.0.0.1");
    if (blocker.kind !== "acquired") throw new Error("the slot should be free");
    const fetcher = testFetcher({ publicUrl: PUBLIC_URL, hostGate: gate });
    try {
      const { event } = await seedWebhook(`${receiver.origin}/hook`);
      const deps = (now?: () => Date): DeliveryDeps => ({
        database: database.current,
        fetcher,
        mailer: noMail,
        log,
        publicUrl: PUBLIC_URL,
        now,
      });
      // Worker A claims with a short lease and queues for the slot.
      const roundA = runDeliveryRound(deps(), { workerId: "A", leaseMs: 1_500 });
      await waitFor(async () => (await rowOf(event.id)).leaseOwner === "A");
      const leaseA = (await rowOf(event.id)).leaseUntil!.getTime();
      await waitFor(() => Date.now() > leaseA, 10_000);
      // A's lease has lapsed: worker B (its clock a minute on, past any retry A planned) claims.
      const later = () => new Date(Date.now() + 60_000);
      const roundB = (async () => {
        for (;;) {
          const outcomes = await runDeliveryRound(deps(later), { workerId: "B", leaseMs: 60_000 });
          if (outcomes.some((o) => o.eventId === event.id)) return outcomes;
        }
      })();
      await waitFor(async () => (await rowOf(event.id)).leaseOwner === "B", 10_000);
      // The slot frees: whoever still waits for it may send now.
      await blocker.release();
      await Promise.all([roundA, roundB]);
      expect(receiver.received).toHaveLength(1);
      expect(await rowOf(event.id)).toMatchObject({ status: "delivered", leaseOwner: null });
    } finally {
      await blocker.release();
      await fetcher.close();
      await receiver.close();
    }
  });

  it("a result is written by the claim that sent it, not by an earlier claim of the same worker", async () => {
    const { event } = await seedWebhook("http://127.0.0.1:9/hook");
    const t0 = new Date();
    const first = (
      await claimDueDeliveries(database.current, {
        workerId: "A",
        batchSize: 50,
        leaseMs: 1_000,
        now: t0,
      })
    ).filter((r) => r.event_id === event.id);
    expect(first).toHaveLength(1);
    // The first lease lapses; the same worker claims the row again.
    const t1 = new Date(t0.getTime() + 2_000);
    const second = (
      await claimDueDeliveries(database.current, {
        workerId: "A",
        batchSize: 50,
        leaseMs: 60_000,
        now: t1,
      })
    ).filter((r) => r.event_id === event.id);
    expect(second).toHaveLength(1);
    const deps: DeliveryDeps = {
      database: database.current,
      fetcher: testFetcher(),
      mailer: noMail,
      log,
      publicUrl: PUBLIC_URL,
    };
    // The first claim's send ends late: its result must not land on the second claim.
    const stale = await recordResult(deps, first, null, { kind: "delivered" }, "A", t1);
    expect(stale).toBe(false);
    expect(await rowOf(event.id)).toMatchObject({ status: "pending", leaseOwner: "A" });
    const current = await recordResult(deps, second, null, { kind: "delivered" }, "A", t1);
    expect(current).toBe(true);
    expect(await rowOf(event.id)).toMatchObject({ status: "delivered" });
  });
});
