import { describe, expect, it } from "vitest";
import { ChannelConfig, createChannelConfigSchema } from "./channels.ts";

function issues(input: unknown): string[] {
  const result = ChannelConfig.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("ChannelConfig", () => {
  it("accepts real-looking channels and fills defaults", () => {
    const good = [
      { type: "email", address: "ann@example.com" },
      {
        type: "webhook",
        url: "https://hooks.example.com/dropwave",
        secret: "whsec_0123456789abcdef",
      },
      { type: "discord", url: "https://discord.com/api/webhooks/123456789/AbC-dEf_123" },
      { type: "slack", url: "https://hooks.slack.com/services/T000/B000/XXXX" },
      {
        type: "teams",
        url: "https://prod-01.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x",
      },
      { type: "telegram", botToken: "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012", chatId: "-1001234" },
      { type: "ntfy", topic: "deals_42" },
      { type: "gotify", server: "https://gotify.example", token: "AbCdEfGhIj" },
      {
        type: "push",
        endpoint: "https://fcm.googleapis.com/fcm/send/abc",
        keys: {
          p256dh: Buffer.alloc(65, 4).toString("base64url"),
          auth: Buffer.alloc(16).toString("base64url"),
        },
      },
    ];
    for (const input of good) expect(issues(input), JSON.stringify(input)).toEqual([]);
    expect(ChannelConfig.parse(good[5])).toMatchObject({ apiBase: "https://api.telegram.org" });
    expect(ChannelConfig.parse(good[6])).toMatchObject({ server: "https://ntfy.sh" });
  });

  it("refuses http, credentials in URLs and wrong shapes", () => {
    expect(
      issues({
        type: "webhook",
        url: "http://hooks.example.com/x",
        secret: "whsec_0123456789abcdef",
      }),
    ).toEqual(["The URL must start with https://"]);
    expect(
      issues({
        type: "webhook",
        url: "https://u:p@hooks.example.com/x",
        secret: "whsec_0123456789abcdef",
      })[0],
    ).toMatch(/credentials/);
    expect(
      issues({ type: "webhook", url: "https://hooks.example.com/x", secret: "short" })[0],
    ).toMatch(/16/);
    expect(issues({ type: "discord", url: "https://evil.example/api/webhooks/1/x" })[0]).toMatch(
      /Discord/,
    );
    expect(issues({ type: "discord", url: "https://discord.com/channels/1/2" })[0]).toMatch(
      /Discord/,
    );
    expect(issues({ type: "slack", url: "https://slack.com/services/T/B/x" })[0]).toMatch(/Slack/);
    expect(issues({ type: "telegram", botToken: "nope", chatId: "1" })[0]).toMatch(/bot token/);
    expect(issues({ type: "ntfy", topic: "has spaces" })[0]).toMatch(/topic/);
    expect(
      issues({ type: "gotify", server: "https://g.example/?x=1", token: "AbCdEfGhIj" })[0],
    ).toMatch(/without/);
    expect(issues({ type: "email", address: "not-an-address" })).toHaveLength(1);
    expect(issues({ type: "email", address: `${"a".repeat(250)}@x.example` })[0]).toMatch(
      /too long/,
    );
    expect(
      issues({
        type: "webhook",
        url: `https://h.example/${"a".repeat(2100)}`,
        secret: "whsec_0123456789abcdef",
      })[0],
    ).toMatch(/too long/);
    expect(
      issues({ type: "push", endpoint: "https://p.example", keys: { p256dh: "x", auth: "y" } }),
    ).toHaveLength(2);
    expect(issues({ type: "pigeon" })).toHaveLength(1);
  });

  it("the test options allow http and any host", () => {
    const Relaxed = createChannelConfigSchema({ allowHttp: true, allowAnyHost: true });
    expect(
      Relaxed.safeParse({ type: "discord", url: "http://127.0.0.1:9999/api/webhooks/1/x" }).success,
    ).toBe(true);
    expect(Relaxed.safeParse({ type: "discord", url: "http://127.0.0.1:9999/other" }).success).toBe(
      false,
    );
    expect(
      Relaxed.safeParse({
        type: "webhook",
        url: "ftp://x.example/",
        secret: "whsec_0123456789abcdef",
      }).success,
    ).toBe(false);
  });
});
