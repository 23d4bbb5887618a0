import { z } from "zod";
import { storedText } from "../input.ts";

/**
 * Where a user's alerts go: one `ChannelConfig` per channel, validated like any user input.
 * URLs must be https; chat presets check the service's URL shape loosely (a typo is caught
 * here, not after 24 hours of retries). Whether the address is public is checked later, at
 * send time, by core/fetch (after DNS, on every request).
 */

export type ChannelSchemaOptions = {
  /** Allow http:// URLs (tests, a LAN ntfy/Gotify). Default false. */
  allowHttp?: boolean;
  /** Skip the Discord/Slack host check (tests point presets at a local receiver). */
  allowAnyHost?: boolean;
};

const MAX_URL = 2048;
const SECRET_MESSAGE = "Enter a secret of at least 16 characters (it signs each webhook).";

function urlField(options: ChannelSchemaOptions, check?: (url: URL) => string | null) {
  return z
    .string({ error: "Enter a URL" })
    .trim()
    .min(1, "Enter a URL")
    .max(MAX_URL, "This URL is too long")
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "This is not a valid URL" });
        return;
      }
      const isAllowedScheme =
        url.protocol === "https:" || (options.allowHttp === true && url.protocol === "http:");
      if (!isAllowedScheme) {
        ctx.addIssue({ code: "custom", message: "The URL must start with https://" });
        return;
      }
      if (url.username || url.password) {
        ctx.addIssue({
          code: "custom",
          message: "Put credentials in their own field, not the URL",
        });
        return;
      }
      const problem = check?.(url);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

const DISCORD_HOSTS = new Set([
  "discord.com",
  "discordapp.com",
  "canary.discord.com",
  "ptb.discord.com",
]);
const SLACK_HOSTS = new Set(["hooks.slack.com", "hooks.slack-gov.com"]);

/**
 * What the add-a-channel form asks, kept on the schema itself (core/notify/channel-kinds.ts
 * reads it): a kind or field with a title is asked for; one without (push subscriptions,
 * Telegram's API base, ntfy's token) is not.
 */
export type ChannelFieldMeta = { title: string; input: "text" | "url" | "email" };
function asked(title: string, input: ChannelFieldMeta["input"] = "text"): ChannelFieldMeta {
  return { title, input };
}

export function createChannelConfigSchema(options: ChannelSchemaOptions = {}) {
  const discordUrl = urlField(options, (url) => {
    if (!options.allowAnyHost && !DISCORD_HOSTS.has(url.hostname)) {
      return "This is not a Discord webhook URL (https://discord.com/api/webhooks/…)";
    }
    return /^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname)
      ? null
      : "This is not a Discord webhook URL (https://discord.com/api/webhooks/…)";
  });
  const slackUrl = urlField(options, (url) => {
    if (!options.allowAnyHost && !SLACK_HOSTS.has(url.hostname)) {
      return "This is not a Slack webhook URL (https://hooks.slack.com/…)";
    }
    return /^\/(services|triggers|workflows)\/[\w/-]+$/.test(url.pathname)
      ? null
      : "This is not a Slack webhook URL (https://hooks.slack.com/services/…)";
  });
  const serverUrl = urlField(options, (url) =>
    url.search || url.hash ? "Enter the server address without ? or #" : null,
  );

  return z.discriminatedUnion(
    "type",
    [
      z
        .object({
          type: z.literal("email"),
          address: z
            .string({ error: "Enter the email address to send alerts to." })
            .trim()
            .max(254, "This address is too long")
            .pipe(z.email("Enter an email address such as name@example.com."))
            .meta(asked("Email address", "email")),
        })
        .meta(asked("Another email address")),
      z
        .object({
          type: z.literal("webhook"),
          url: urlField(options).meta(asked("URL", "url")),
          secret: storedText({ label: "The secret", missingMessage: SECRET_MESSAGE })
            .min(16, SECRET_MESSAGE)
            .max(256, "Use at most 256 characters for the secret.")
            .meta(asked("Signing secret (16+ characters)")),
        })
        .meta(asked("Webhook (signed JSON)")),
      z
        .object({
          type: z.literal("discord"),
          url: discordUrl.meta(asked("Discord webhook URL", "url")),
        })
        .meta(asked("Discord")),
      z
        .object({ type: z.literal("slack"), url: slackUrl.meta(asked("Slack webhook URL", "url")) })
        .meta(asked("Slack")),
      z
        .object({
          type: z.literal("teams"),
          url: urlField(options).meta(asked("Teams webhook URL", "url")),
        })
        .meta(asked("Microsoft Teams")),
      z
        .object({
          type: z.literal("telegram"),
          botToken: z
            .string({ error: "Enter the bot token from @BotFather (123456:ABC…)" })
            .trim()
            .regex(/^\d{1,20}:[\w-]{20,100}$/, "This is not a Telegram bot token (123456:ABC…)")
            .meta(asked("Bot token")),
          chatId: z
            .string({ error: "Enter a numeric chat id or @channelname" })
            .trim()
            .regex(/^(-?\d{1,20}|@[A-Za-z]\w{3,64})$/, "Enter a numeric chat id or @channelname")
            .meta(asked("Chat id or @channel")),
          apiBase: serverUrl.default("https://api.telegram.org"),
        })
        .meta(asked("Telegram")),
      z
        .object({
          type: z.literal("ntfy"),
          server: serverUrl
            .default("https://ntfy.sh")
            .meta(asked("Server (default https://ntfy.sh)", "url")),
          topic: z
            .string({ error: "Enter the ntfy topic (1–64 letters, digits, - or _)" })
            .trim()
            .regex(/^[\w-]{1,64}$/, "A topic is 1–64 letters, digits, - or _")
            .meta(asked("Topic")),
          token: z
            .string()
            .trim()
            .regex(/^[\x21-\x7e]{1,256}$/, "The access token has characters ntfy cannot use")
            .optional(),
        })
        .meta(asked("ntfy")),
      z
        .object({
          type: z.literal("gotify"),
          server: serverUrl.meta(asked("Server URL", "url")),
          token: z
            .string({ error: "Enter the Gotify application token" })
            .trim()
            .regex(/^[\w.-]{8,128}$/, "This is not a Gotify application token")
            .meta(asked("Application token")),
        })
        .meta(asked("Gotify")),
      z.object({
        type: z.literal("push"),
        endpoint: urlField(options),
        keys: z.object({
          // 65-byte uncompressed P-256 point and a 16-byte secret, base64url (browsers' format).
          p256dh: z.string().regex(/^[\w-]{86,88}={0,2}$/, "Invalid p256dh key"),
          auth: z.string().regex(/^[\w-]{21,24}={0,2}$/, "Invalid auth secret"),
        }),
      }),
    ],
    {
      error:
        "Choose a kind of channel: email, webhook, discord, slack, teams, telegram, ntfy, gotify or push.",
    },
  );
}

/** The production schema: https only, known hosts for Discord and Slack. */
export const ChannelConfig = createChannelConfigSchema();
export type ChannelConfig = z.infer<typeof ChannelConfig>;
export type ChannelType = ChannelConfig["type"];
export type ChannelOf<T extends ChannelType> = Extract<ChannelConfig, { type: T }>;
