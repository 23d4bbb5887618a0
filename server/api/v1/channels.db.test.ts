import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationChannel, user } from "../../../core/db/schema/index.ts";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { seedAlertEvent } from "../../../tests/helpers/delivery.ts";
import { startReceiver } from "../../../tests/helpers/notify.ts";

const database = setupTestDatabase();
const appWithReceivers = () =>
  createTestApp(database.current, {
    env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
  });

async function userIdOf(email: string) {
  const [row] = await database.current.db.select().from(user).where(eq(user.email, email));
  return row!.id;
}

describe("/api/v1 channels", () => {
  it("adds, lists (secrets shortened), renames, pauses, tests and removes a channel", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const receiver = await startReceiver();
    try {
      const created = await request("/api/v1/channels", {
        body: {
          name: "My hook",
          config: {
            type: "webhook",
            url: `${receiver.origin}/in`,
            secret: "whsec_0123456789abcdef",
          },
        },
        headers: alice.auth,
      });
      expect(created.status).toBe(201);
      const { channel } = await created.json();
      expect(channel).toMatchObject({ kind: "webhook", name: "My hook", isPaused: false });
      expect(channel.config.secret).toBe("••••cdef");

      const listed = await (await request("/api/v1/channels", { headers: alice.auth })).json();
      expect(listed.channels).toHaveLength(1);
      expect(listed.settings).toMatchObject({
        accountEmail: alice.email,
        isAccountEmailEnabled: true,
        isDailyDigest: false,
      });

      const patched = await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body: { name: "Renamed", isPaused: true },
        headers: alice.auth,
      });
      expect((await patched.json()).channel).toMatchObject({ name: "Renamed", isPaused: true });
      // Paused by hand: no notice in the feed. Paused by the worker (with a reason): a notice.
      let feed = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
      expect(feed.notices).toEqual([]);
      await database.current.db
        .update(notificationChannel)
        .set({ pauseReason: "Paused after 3 failed deliveries in a row: HTTP 410" })
        .where(eq(notificationChannel.id, channel.id));
      feed = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
      expect(feed.notices).toEqual([
        {
          channelId: channel.id,
          name: "Renamed",
          reason: "Paused after 3 failed deliveries in a row: HTTP 410",
        },
      ]);
      const resumed = await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body: { isPaused: false },
        headers: alice.auth,
      });
      expect((await resumed.json()).channel).toMatchObject({ isPaused: false, pauseReason: null });

      const tested = await request(`/api/v1/channels/${channel.id}/test`, {
        method: "POST",
        headers: alice.auth,
      });
      expect(await tested.json()).toEqual({ result: "delivered" });
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body.toString()).product.title).toContain("test");

      const removed = await request(`/api/v1/channels/${channel.id}`, {
        method: "DELETE",
        headers: alice.auth,
      });
      expect(removed.status).toBe(204);
      const after = await (await request("/api/v1/channels", { headers: alice.auth })).json();
      expect(after.channels).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("answers 400 naming the field for bad input", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const bad = await request("/api/v1/channels", {
      body: { config: { type: "webhook", url: "not a url", secret: "short" } },
      headers: alice.auth,
    });
    expect(bad.status).toBe(400);
    const fields = (await bad.json()).error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["config.url", "config.secret"]));
    const zone = await request("/api/v1/notification-settings", {
      method: "PUT",
      body: { timeZone: "Mars/Olympus" },
      headers: alice.auth,
    });
    expect(zone.status).toBe(400);
    expect((await zone.json()).error.fields[0].field).toBe("timeZone");
    const read = await request("/api/v1/notifications/read", {
      body: { ids: ["nope"] },
      headers: alice.auth,
    });
    expect(read.status).toBe(400);
    // Plain words, not the validator's ("Invalid input: expected string, received undefined").
    const missing = await request("/api/v1/channels", {
      body: { config: { type: "webhook", url: "https://hooks.example/in" } },
      headers: alice.auth,
    });
    expect((await missing.json()).error.fields).toEqual([
      {
        field: "config.secret",
        message: "Enter a secret of at least 16 characters (it signs each webhook).",
      },
    ]);
  });

  it("answers 400, not 500, for a NUL in a name and for a PATCH that changes nothing", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const config = { type: "email", address: "someone@example.test" };
    const nul = await request("/api/v1/channels", {
      body: { name: "Mine\u0000", config },
      headers: alice.auth,
    });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.fields[0].field).toBe("name");
    const created = await request("/api/v1/channels", { body: { config }, headers: alice.auth });
    const { channel } = await created.json();
    for (const body of [{}, { name: "x\u0000" }]) {
      const patched = await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body,
        headers: alice.auth,
      });
      expect(patched.status).toBe(400);
      expect((await patched.json()).error.code).toBe("validation_failed");
    }
  });

  it("saves quiet hours, time zone and the digest", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const saved = await request("/api/v1/notification-settings", {
      method: "PUT",
      body: {
        quietStartMinute: 1320,
        quietEndMinute: 420,
        timeZone: "Europe/Berlin",
        isDailyDigest: true,
      },
      headers: alice.auth,
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings).toMatchObject({
      quietStartMinute: 1320,
      quietEndMinute: 420,
      timeZone: "Europe/Berlin",
      isDailyDigest: true,
      isAccountEmailEnabled: true,
    });
  });

  it("serves the in-app feed newest first with an unread count, and marks read", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const userId = await userIdOf(alice.email);
    const first = await seedAlertEvent(database.current.db, { userId });
    const second = await seedAlertEvent(database.current.db, { userId });
    const feed = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
    expect(feed.unreadCount).toBe(2);
    expect(feed.items.map((i: { id: string }) => i.id)).toEqual([second.event.id, first.event.id]);
    expect(feed.items[0]).toMatchObject({
      label: "Price drop",
      watchId: second.watch.id,
      isRead: false,
    });
    expect(feed.items[0].title).toContain("Kettle");

    const marked = await request("/api/v1/notifications/read", {
      body: { ids: [first.event.id] },
      headers: alice.auth,
    });
    expect(marked.status).toBe(204);
    let now = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
    expect(now.unreadCount).toBe(1);
    await request("/api/v1/notifications/read", { body: { all: true }, headers: alice.auth });
    now = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
    expect(now.unreadCount).toBe(0);
    expect(now.items.every((i: { isRead: boolean }) => i.isRead)).toBe(true);

    // Bob sees none of it and cannot mark Alice's events.
    const bob = await createPerson(request);
    const bobs = await (await request("/api/v1/notifications", { headers: bob.auth })).json();
    expect(bobs).toMatchObject({ items: [], unreadCount: 0 });
  });

  it("puts 'Send a test alert' in the in-app feed, one line per channel, read and unread (#39 item 7)", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const receiver = await startReceiver();
    try {
      await request("/api/v1/channels", {
        body: {
          name: "My hook",
          config: {
            type: "webhook",
            url: `${receiver.origin}/in`,
            secret: "whsec_0123456789abcdef",
          },
        },
        headers: alice.auth,
      });
      const sent = await request("/api/v1/notifications/test", {
        method: "POST",
        headers: alice.auth,
      });
      expect(sent.status).toBe(200);
      const feed = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
      expect(feed.unreadCount).toBe(1);
      expect(feed.items).toHaveLength(1);
      expect(feed.items[0]).toMatchObject({
        kind: "test",
        title: "Test alert",
        watchId: null,
        isRead: false,
      });
      expect(feed.items[0].summary.split("\n")).toEqual([
        `Email to ${alice.email}: delivered`,
        "My hook: delivered",
      ]);
      // Newest first among the alerts.
      const event = await seedAlertEvent(database.current.db, {
        userId: await userIdOf(alice.email),
      });
      const both = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
      expect(both.items.map((i: { id: string }) => i.id)).toEqual([
        event.event.id,
        feed.items[0].id,
      ]);
      expect(both.unreadCount).toBe(2);
      // Bob neither sees it nor can mark it read.
      const bob = await createPerson(request);
      await request("/api/v1/notifications/read", {
        body: { ids: [feed.items[0].id] },
        headers: bob.auth,
      });
      const bobs = await (await request("/api/v1/notifications", { headers: bob.auth })).json();
      expect(bobs).toMatchObject({ items: [], unreadCount: 0 });
      await request("/api/v1/notifications/read", {
        body: { ids: [feed.items[0].id] },
        headers: alice.auth,
      });
      const read = await (await request("/api/v1/notifications", { headers: alice.auth })).json();
      expect(read.unreadCount).toBe(1);
      expect(read.items[1]).toMatchObject({ kind: "test", isRead: true });
    } finally {
      await receiver.close();
    }
  });

  it("gives the VAPID public key and stores a browser subscription as a push channel", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const key = await (await request("/api/v1/push/key", { headers: alice.auth })).json();
    expect(key.publicKey).toMatch(/^[\w-]{86,88}$/);
    // A push service the test's fetcher may reach (an unknown host is refused when added).
    const subscription = {
      type: "push",
      endpoint: "http://127.0.0.1:65000/sub/1",
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    };
    const one = await request("/api/v1/channels", {
      body: { config: subscription },
      headers: alice.auth,
    });
    expect((await one.json()).channel).toMatchObject({ kind: "push", name: "This browser" });
    // Subscribing the same browser again does not add a second channel.
    await request("/api/v1/channels", { body: { config: subscription }, headers: alice.auth });
    const listed = await (await request("/api/v1/channels", { headers: alice.auth })).json();
    expect(listed.channels).toHaveLength(1);
  });

  it("chooses a watch's channels (empty = all), only among the person's own", async () => {
    const { request } = await appWithReceivers();
    const alice = await createPerson(request);
    const bob = await createPerson(request);
    const { watch } = await seedAlertEvent(database.current.db, {
      userId: await userIdOf(alice.email),
    });
    const { channel } = await (
      await request("/api/v1/channels", {
        body: { config: { type: "email", address: "second@example.test" } },
        headers: alice.auth,
      })
    ).json();
    const { channel: bobs } = await (
      await request("/api/v1/channels", {
        body: { config: { type: "email", address: "bob2@example.test" } },
        headers: bob.auth,
      })
    ).json();
    const path = `/api/v1/watches/${watch.id}/channels`;
    expect(await (await request(path, { headers: alice.auth })).json()).toEqual({
      channelIds: [],
      isAll: true,
    });
    const set = await request(path, {
      method: "PUT",
      body: { channelIds: [channel.id] },
      headers: alice.auth,
    });
    expect(await set.json()).toEqual({ channelIds: [channel.id], isAll: false });
    const foreign = await request(path, {
      method: "PUT",
      body: { channelIds: [bobs.id] },
      headers: alice.auth,
    });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.fields[0].field).toBe("channelIds");
  });

  it("gives a second person 404 on every id-bearing channel route of the first", async () => {
    const { request, app } = await appWithReceivers();
    const alice = await createPerson(request);
    const bob = await createPerson(request);
    const { channel } = await (
      await request("/api/v1/channels", {
        body: { config: { type: "email", address: "alice-alerts@example.test" } },
        headers: alice.auth,
      })
    ).json();
    const idRoutes = app.routes.filter(
      (r) => r.path.startsWith("/api/v1/channels/:id") && r.method !== "ALL",
    );
    expect(idRoutes.length).toBeGreaterThanOrEqual(3);
    for (const route of idRoutes) {
      const response = await request(route.path.replace(":id", channel.id), {
        method: route.method,
        ...(route.method === "PATCH" ? { body: { name: "mine now" } } : {}),
        headers: bob.auth,
      });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 404,
      });
    }
    const still = await (await request("/api/v1/channels", { headers: alice.auth })).json();
    expect(still.channels[0]).toMatchObject({ id: channel.id, name: "Email" });
  });
});
