import { describe, expect, it } from "vitest";
import { CHANNEL_KINDS } from "./channel-kinds.ts";
import { ChannelConfig } from "./channels.ts";

describe("CHANNEL_KINDS", () => {
  it("lists every kind a person adds by hand, in the schema's order, without push", () => {
    expect(CHANNEL_KINDS.map((k) => k.kind)).toEqual([
      "email",
      "webhook",
      "discord",
      "slack",
      "teams",
      "telegram",
      "ntfy",
      "gotify",
    ]);
  });

  it("asks for exactly the fields that a filled-in form needs for the schema to accept it", () => {
    const sample: Record<string, string> = {
      address: "someone@example.com",
      url: "https://example.com/hook",
      secret: "0123456789abcdef0123",
      botToken: "123456:ABCDEFGHIJKLMNOPQRSTUV",
      chatId: "@pricewatch",
      server: "https://push.example.com",
      topic: "prices",
      token: "Abcdefgh.123",
    };
    const kindUrls: Record<string, string> = {
      discord: "https://discord.com/api/webhooks/1/abc",
      slack: "https://hooks.slack.com/services/T/B/x",
    };
    for (const { kind, fields } of CHANNEL_KINDS) {
      const config: Record<string, string> = { type: kind };
      for (const field of fields) config[field.name] = kindUrls[kind] ?? sample[field.name] ?? "";
      expect(ChannelConfig.safeParse(config).success, kind).toBe(true);
      expect(
        fields.every((f) => f.label.length > 0),
        kind,
      ).toBe(true);
    }
  });

  it("uses the address and URL inputs the browser knows", () => {
    const email = CHANNEL_KINDS.find((k) => k.kind === "email");
    expect(email?.fields).toEqual([{ name: "address", label: "Email address", input: "email" }]);
    const webhook = CHANNEL_KINDS.find((k) => k.kind === "webhook");
    expect(webhook?.fields.map((f) => f.input)).toEqual(["url", "text"]);
  });
});
