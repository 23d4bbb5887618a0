import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import {
  alertEvent,
  delivery,
  notificationChannel,
  product,
  user,
  watch,
} from "../db/schema/index.ts";
import { isOperator } from "./admin-access.ts";
import { getAdminOverview } from "./admin-overview.ts";

const db = setupTestDatabase();
const NOW = new Date("2026-11-23T12:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

async function seedProduct(
  values: Partial<typeof product.$inferInsert> & { host: string },
): Promise<string> {
  const url = `https://${values.host}/p/${Math.random().toString(36).slice(2)}`;
  const [row] = await db.current.db
    .insert(product)
    .values({ url, urlKey: url, store: values.host, ...values })
    .returning({ id: product.id });
  return row?.id as string;
}

/** A product checked `minutes` ago with this outcome, next due in five hours. */
const seedChecked = (host: string, lastOutcome: string, minutes: number, lastError?: string) =>
  seedProduct({
    host,
    lastOutcome,
    lastCheckedAt: minutesAgo(minutes),
    nextCheckAt: minutesAgo(-300),
    ...(lastError ? { lastError } : {}),
  });

describe("the operator's overview", () => {
  it("counts users and their watches, checks, failures by store and reason, blocking stores, queue lag and failed deliveries", async () => {
    const d = db.current.db;
    const ann = await seedUser(d, "Ann");
    const bob = await seedUser(d, "Bob");
    const ok = await seedChecked("fine.test", "ok", 10);
    const walled = await seedChecked("walled.test", "bot_challenge", 30);
    const forbidden = await seedChecked(
      "walled.test",
      "http_error",
      90,
      "Store blocked the check (HTTP 403)",
    );
    const gone = await seedChecked(
      "gone.test",
      "http_error",
      120,
      "The store says this page no longer exists (HTTP 404)",
    );
    // Due 7 minutes ago and not leased: the queue is 7 minutes late.
    const late = await seedProduct({
      host: "fine.test",
      lastOutcome: "ok",
      nextCheckAt: minutesAgo(7),
    });
    // Due, but only watched while paused: not in the queue.
    const pausedOnly = await seedProduct({ host: "fine.test", nextCheckAt: minutesAgo(60) });
    for (const productId of [ok, walled, forbidden, gone, late])
      await d.insert(watch).values({ userId: ann.id, productId });
    await d.insert(watch).values({ userId: bob.id, productId: ok });
    await d.insert(watch).values({ userId: bob.id, productId: pausedOnly, isPaused: true });
    const [hook] = await d
      .insert(notificationChannel)
      .values({ userId: ann.id, kind: "webhook", name: "Hook", config: { type: "webhook" } })
      .returning({ id: notificationChannel.id });
    const [event] = await d
      .insert(alertEvent)
      .values({
        idempotencyKey: "k1",
        watchId: (await d.select({ id: watch.id }).from(watch).limit(1))[0]?.id as string,
        userId: ann.id,
        productId: ok,
        kind: "price_drop",
      })
      .returning({ id: alertEvent.id });
    await d.insert(delivery).values([
      {
        eventId: event?.id as string,
        channelId: hook?.id as string,
        userId: ann.id,
        status: "failed",
        lastError: "HTTP 500",
        createdAt: minutesAgo(60),
      },
      {
        eventId: event?.id as string,
        channelId: null,
        userId: ann.id,
        status: "delivered",
        createdAt: minutesAgo(60),
      },
    ]);

    const overview = await getAdminOverview(d, NOW);

    expect(overview.totals).toEqual({ users: 2, products: 6, watches: 7 });
    expect(overview.users.map((u) => [u.email, u.watches, u.channels])).toEqual([
      [ann.email, 5, 1],
      [bob.email, 2, 0],
    ]);
    expect(overview.checkedLastHour).toBe(2);
    expect(overview.failures).toEqual(
      expect.arrayContaining([
        {
          store: "walled.test",
          reason: "bot_challenge",
          words: "Store blocked the check",
          products: 1,
        },
        expect.objectContaining({ store: "walled.test", reason: "http_error", products: 1 }),
        expect.objectContaining({ store: "gone.test", reason: "http_error", products: 1 }),
      ]),
    );
    expect(overview.failures).toHaveLength(3);
    expect(overview.blockingStores).toEqual([
      { host: "walled.test", products: 2, lastCheckedAt: minutesAgo(30).toISOString() },
    ]);
    expect(overview.queue).toEqual({ dueNow: 1, lagSeconds: 7 * 60 });
    expect(overview.deliveryFailures).toEqual([
      { kind: "webhook", failed: 1, lastError: "HTTP 500" },
    ]);
  });
});

describe("who is the operator", () => {
  it("is whoever ADMIN_EMAILS names, in any letter case, once the address is verified", async () => {
    const d = db.current.db;
    const person = await seedUser(d, "Named");
    await d.update(user).set({ emailVerified: true }).where(eq(user.id, person.id));
    expect(await isOperator(d, [person.email.toUpperCase()], person)).toBe(true);
    expect(await isOperator(d, ["someone@else.test"], person)).toBe(false);
    expect(await isOperator(d, [person.email], null)).toBe(false);
  });

  it("is never someone who only claims an ADMIN_EMAILS address (OPS@… signed up, not verified)", async () => {
    const d = db.current.db;
    const id = randomUUID();
    await d.insert(user).values({ id, name: "Stranger", email: "OPS@example.com" });
    const stranger = { id, email: "OPS@example.com" };
    expect(await isOperator(d, ["ops@example.com"], stranger)).toBe(false);
    await d.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    expect(await isOperator(d, ["ops@example.com"], stranger)).toBe(true);
  });

  it("is the first account when ADMIN_EMAILS is unset, and no one else", async () => {
    const d = db.current.db;
    const [first] = await d.select().from(user).orderBy(user.createdAt, user.id).limit(1);
    const later = await seedUser(d, "Later");
    expect(first).toBeDefined();
    expect(await isOperator(d, [], { id: first?.id as string })).toBe(true);
    expect(await isOperator(d, [], later)).toBe(false);
  });
});
