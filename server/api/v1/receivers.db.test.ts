import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailRateLimit, notificationChannel, user } from "../../../core/db/schema/index.ts";
import { RECEIVER_CAP_REASON } from "../../../core/notify/deliver.ts";
import { RECEIVER_CAPS, receiverKey } from "../../../core/notify/receiver.ts";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { startReceiver } from "../../../tests/helpers/notify.ts";

const database = setupTestDatabase();

async function channelsOf(email: string) {
  const [owner] = await database.current.db.select().from(user).where(eq(user.email, email));
  return database.current.db
    .select()
    .from(notificationChannel)
    .where(eq(notificationChannel.userId, owner!.id));
}

describe("webhook receivers (#35 item 7)", () => {
  it("refuses a receiver that cannot be delivered to when it is added or changed: 422 naming the field, nothing written", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await createPerson(request);
    const refused: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        { type: "webhook", url: "https://127.0.0.1/hook", secret: "whsec_0123456789abcdef" },
        "config.url",
        /private network/,
      ],
      [
        {
          type: "webhook",
          url: "https://[::ffff:10.0.0.1]/hook",
          secret: "whsec_0123456789abcdef",
        },
        "config.url",
        /private network/,
      ],
      [
        {
          type: "webhook",
          url: "https://no-such-host.invalid/hook",
          secret: "whsec_0123456789abcdef",
        },
        "config.url",
        /no such host/,
      ],
      [
        { type: "webhook", url: "https://8.8.8.8:22/hook", secret: "whsec_0123456789abcdef" },
        "config.url",
        /port 22/,
      ],
      [
        { type: "ntfy", server: "https://192.168.1.5", topic: "alerts" },
        "config.server",
        /private network/,
      ],
      [{ type: "teams", url: "https://169.254.169.254/latest" }, "config.url", /private network/],
    ];
    for (const [config, field, message] of refused) {
      const answer = await request("/api/v1/channels", { body: { config }, headers: alice.auth });
      expect(answer.status, JSON.stringify(config)).toBe(422);
      const { error } = (await answer.json()) as {
        error: { fields: Array<{ field: string; message: string }> };
      };
      expect(error.fields).toHaveLength(1);
      expect(error.fields[0]?.field).toBe(field);
      expect(error.fields[0]?.message).toMatch(message);
    }
    expect(await channelsOf(alice.email)).toEqual([]);
  });

  it("refuses changing a channel to an undeliverable receiver, and keeps the old one", async () => {
    const { request } = await createTestApp(database.current, {
      env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32" },
    });
    const alice = await createPerson(request);
    const receiver = await startReceiver();
    try {
      const url = `${receiver.origin}/hook`;
      const created = await request("/api/v1/channels", {
        body: { config: { type: "webhook", url, secret: "whsec_0123456789abcdef" } },
        headers: alice.auth,
      });
      expect(created.status).toBe(201);
      const { channel } = (await created.json()) as { channel: { id: string } };
      const changed = await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body: {
          config: {
            type: "webhook",
            url: "http://10.1.2.3/hook",
            secret: "whsec_0123456789abcdef",
          },
        },
        headers: alice.auth,
      });
      expect(changed.status).toBe(422);
      const [row] = await channelsOf(alice.email);
      expect((row!.config as { url: string }).url).toBe(url);
    } finally {
      await receiver.close();
    }
  });

  it.each([
    { setting: undefined, perMinute: 20 },
    { setting: "7", perMinute: 7 },
  ])(
    "caps deliveries to one receiver host across all accounts; the rest are held, not sent (RECEIVER_MAX_PER_MINUTE $setting)",
    async ({ setting, perMinute }) => {
      const { request } = await createTestApp(database.current, {
        env: {
          FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
          FETCH_HOST_SPACING_MS: "0",
          ...(setting ? { RECEIVER_MAX_PER_MINUTE: setting } : {}),
        },
      });
      // Each case counts from zero (the counters live in the database this file shares).
      await database.current.db.delete(emailRateLimit);
      const receiver = await startReceiver();
      expect(RECEIVER_CAPS[0]?.max).toBe(20);
      try {
        // Five accounts, each its own webhook (its own path) on one host, five tests each.
        const results: string[] = [];
        for (let person = 0; person < 5; person += 1) {
          const someone = await createPerson(request);
          const created = await request("/api/v1/channels", {
            body: {
              config: {
                type: "webhook",
                url: `${receiver.origin}/hook/${person}`,
                secret: "whsec_0123456789abcdef",
              },
            },
            headers: someone.auth,
          });
          const { channel } = (await created.json()) as { channel: { id: string } };
          for (let i = 0; i < 5; i += 1) {
            const sent = await request(`/api/v1/channels/${channel.id}/test`, {
              method: "POST",
              headers: someone.auth,
            });
            expect(sent.status).toBe(200);
            const body = (await sent.json()) as { result: string; reason?: string };
            results.push(body.result === "retry" ? String(body.reason) : body.result);
          }
        }
        expect(results.filter((r) => r === "delivered")).toHaveLength(perMinute);
        expect(results.filter((r) => r === RECEIVER_CAP_REASON)).toHaveLength(25 - perMinute);
        expect(receiver.received).toHaveLength(perMinute);
      } finally {
        await receiver.close();
      }
    },
  );

  it("counts a generic host as one receiver, and each webhook of a shared chat service as its own", () => {
    expect(receiverKey("https://hooks.example/a")).toBe(
      receiverKey("https://HOOKS.example:8443/b?x"),
    );
    expect(receiverKey("https://discord.com/api/webhooks/1/a")).not.toBe(
      receiverKey("https://discord.com/api/webhooks/2/b"),
    );
    expect(receiverKey("https://ntfy.sh/topic-a")).not.toBe(receiverKey("https://ntfy.sh/topic-b"));
    // The key is a hash: a bot token in the path is never stored.
    expect(receiverKey("https://api.telegram.org/bot123:secret/sendMessage")).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});
