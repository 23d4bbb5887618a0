import { EVENT_KINDS } from "../checks/alert-kinds.ts";
import type { AlertMessage } from "./alert-message.ts";
import { truncate } from "./alert-message.ts";
import type { ChannelOf } from "./channels.ts";
import {
  buildWebhookPayload,
  EVENT_HEADER,
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
} from "./webhook-signature.ts";

/**
 * HTTP renderers: each turns a message and a channel into the one request to send. Pure; the
 * sending (through core/fetch) and the classification of the answer live in deliver.ts.
 */

export type OutboundRequest = {
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body: string;
};

const JSON_TYPE = "application/json";

/** A POST of `body` as JSON: what most chat services take. */
function postJson(url: string, body: unknown): OutboundRequest {
  return {
    url,
    method: "POST",
    headers: { "content-type": JSON_TYPE },
    body: JSON.stringify(body),
  };
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/* Generic webhook ----------------------------------------------------------------------------- */

export function renderWebhookRequest(
  channel: ChannelOf<"webhook">,
  m: AlertMessage,
  options: { timestampSec: number; idempotencyKey: string },
): OutboundRequest {
  const body = JSON.stringify(buildWebhookPayload(m, options.idempotencyKey));
  return {
    url: channel.url,
    method: "POST",
    headers: {
      "content-type": JSON_TYPE,
      [SIGNATURE_HEADER]: signWebhook(channel.secret, body, options.timestampSec),
      [IDEMPOTENCY_HEADER]: options.idempotencyKey,
      [EVENT_HEADER]: m.kind,
    },
    body,
  };
}

/* Discord ------------------------------------------------------------------------------------- */

const TONE_RGB: Record<AlertMessage["tone"], number> = {
  good: 0x2de2e6,
  neutral: 0xb8b2d9,
  bad: 0xff8a5b,
};

function priceFields(m: AlertMessage): Array<{ name: string; value: string }> {
  const fields: Array<{ name: string; value: string }> = [];
  if (m.newPrice) fields.push({ name: "Now", value: m.newPrice.formatted });
  if (m.landedPrice) fields.push({ name: "With shipping", value: m.landedPrice.formatted });
  if (m.oldPrice && m.oldPrice.formatted !== m.newPrice?.formatted) {
    fields.push({ name: "Was", value: m.oldPrice.formatted });
  }
  if (m.percentText) fields.push({ name: "Change", value: m.percentText });
  if (m.lowestPrice) fields.push({ name: "Lowest ever", value: m.lowestPrice.formatted });
  return fields;
}

/** Discord markdown: backslash-escape what would format or mention. */
function discordEscape(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()<@-])/g, "\\$1");
}

export function renderDiscordBody(m: AlertMessage) {
  return {
    content: truncate(m.title, 2000),
    // A product title must never ping @everyone or a role.
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: truncate(m.product.title, 256),
        url: m.urls.product,
        description: truncate(
          `${discordEscape(m.summary)}\n[See price history](${m.urls.page})`,
          4096,
        ),
        color: TONE_RGB[m.tone],
        ...(m.product.imageUrl ? { thumbnail: { url: m.product.imageUrl } } : {}),
        fields: priceFields(m).map((f) => ({ ...f, inline: true })),
        ...(m.product.storeName ? { footer: { text: truncate(m.product.storeName, 2048) } } : {}),
        timestamp: m.createdAt,
      },
    ],
  };
}

export function renderDiscordRequest(
  channel: ChannelOf<"discord">,
  m: AlertMessage,
): OutboundRequest {
  return postJson(channel.url, renderDiscordBody(m));
}

/* Slack --------------------------------------------------------------------------------------- */

/** Slack's mrkdwn needs only &, < and > escaped. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function renderSlackBody(m: AlertMessage) {
  const lines = [`*<${m.urls.product}|${slackEscape(truncate(m.product.title, 300))}>*`];
  if (m.product.storeName) lines.push(slackEscape(m.product.storeName));
  const fields = priceFields(m).map((f) => `${f.name}: *${slackEscape(f.value)}*`);
  if (fields.length) lines.push(fields.join("  ·  "));
  if (m.reason) lines.push(slackEscape(m.reason));
  return {
    text: slackEscape(m.title),
    blocks: [
      { type: "header", text: { type: "plain_text", text: truncate(m.label, 150), emoji: true } },
      {
        type: "section",
        text: { type: "mrkdwn", text: truncate(lines.join("\n"), 3000) },
        ...(m.product.imageUrl
          ? {
              accessory: {
                type: "image",
                image_url: m.product.imageUrl,
                alt_text: truncate(m.product.title, 2000),
              },
            }
          : {}),
      },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: "Open in the store" },
            url: m.urls.product,
            style: "primary",
          },
          {
            type: "button",
            text: { type: "plain_text", text: "Price history" },
            url: m.urls.page,
          },
        ],
      },
    ],
  };
}

export function renderSlackRequest(channel: ChannelOf<"slack">, m: AlertMessage): OutboundRequest {
  return postJson(channel.url, renderSlackBody(m));
}

/* Microsoft Teams (Workflows "Post to a channel when a webhook request is received") ---------- */

export function renderTeamsBody(m: AlertMessage) {
  const facts = priceFields(m).map((f) => ({ title: f.name, value: f.value }));
  const card = {
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
    body: [
      {
        type: "TextBlock",
        text: m.label,
        weight: "Bolder",
        color: m.tone === "good" ? "Good" : m.tone === "bad" ? "Warning" : "Default",
        size: "Small",
      },
      {
        type: "ColumnSet",
        columns: [
          ...(m.product.imageUrl
            ? [
                {
                  type: "Column",
                  width: "auto",
                  items: [{ type: "Image", url: m.product.imageUrl, size: "Medium", altText: "" }],
                },
              ]
            : []),
          {
            type: "Column",
            width: "stretch",
            items: [
              { type: "TextBlock", text: m.product.title, weight: "Bolder", wrap: true },
              ...(m.product.storeName
                ? [
                    {
                      type: "TextBlock",
                      text: m.product.storeName,
                      isSubtle: true,
                      spacing: "None",
                    },
                  ]
                : []),
              ...(facts.length ? [{ type: "FactSet", facts }] : []),
              ...(m.reason ? [{ type: "TextBlock", text: m.reason, wrap: true }] : []),
            ],
          },
        ],
      },
    ],
    actions: [
      { type: "Action.OpenUrl", title: "Open in the store", url: m.urls.product },
      { type: "Action.OpenUrl", title: "Price history", url: m.urls.page },
    ],
  };
  return {
    type: "message",
    attachments: [
      { contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null, content: card },
    ],
  };
}

export function renderTeamsRequest(channel: ChannelOf<"teams">, m: AlertMessage): OutboundRequest {
  return postJson(channel.url, renderTeamsBody(m));
}

/* Telegram ------------------------------------------------------------------------------------ */

/** Telegram's HTML parse mode: escape &, <, > (and " inside attributes). */
export function telegramEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export function renderTelegramText(m: AlertMessage): string {
  const lines = [`<b>${telegramEscape(m.label)}</b>`];
  lines.push(
    `<a href="${telegramEscape(m.urls.product)}">${telegramEscape(truncate(m.product.title, 300))}</a>`,
  );
  if (m.product.storeName) lines.push(`<i>${telegramEscape(m.product.storeName)}</i>`);
  const fields = priceFields(m).map(
    (f) => `${telegramEscape(f.name)}: <b>${telegramEscape(f.value)}</b>`,
  );
  if (fields.length) lines.push("", ...fields);
  if (m.reason) lines.push("", telegramEscape(m.reason));
  lines.push("", `<a href="${telegramEscape(m.urls.page)}">Price history</a>`);
  return lines.join("\n");
}

export function renderTelegramRequest(
  channel: ChannelOf<"telegram">,
  m: AlertMessage,
): OutboundRequest {
  return postJson(joinUrl(channel.apiBase, `bot${channel.botToken}/sendMessage`), {
    chat_id: channel.chatId,
    text: renderTelegramText(m),
    parse_mode: "HTML",
    disable_web_page_preview: m.product.imageUrl === null,
  });
}

/* ntfy ---------------------------------------------------------------------------------------- */

/** Header values must be ASCII: ntfy decodes RFC 2047 (`=?UTF-8?B?…?=`) for the rest. */
export function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, "utf8").toString("base64")}?=`;
}

export function renderNtfyRequest(channel: ChannelOf<"ntfy">, m: AlertMessage): OutboundRequest {
  const headers: Record<string, string> = {
    "content-type": "text/plain; charset=utf-8",
    title: headerText(truncate(m.title, 250)),
    tags: EVENT_KINDS[m.kind].ntfyTag,
    click: m.urls.page,
    actions: `view, Open in the store, ${m.urls.product.replace(/[,;]/g, (c) => encodeURIComponent(c))}`,
  };
  if (m.product.imageUrl) {
    headers.attach = m.product.imageUrl;
    headers.icon = m.product.imageUrl;
  }
  if (m.tone === "good") headers.priority = "4";
  if (channel.token) headers.authorization = `Bearer ${channel.token}`;
  const body = [m.summary, ...(m.lowestPrice ? [`Lowest ever: ${m.lowestPrice.formatted}`] : [])];
  return {
    url: joinUrl(channel.server, encodeURIComponent(channel.topic)),
    method: "POST",
    headers,
    body: body.join("\n"),
  };
}

/* Gotify -------------------------------------------------------------------------------------- */

export function renderGotifyRequest(
  channel: ChannelOf<"gotify">,
  m: AlertMessage,
): OutboundRequest {
  const lines = [m.summary];
  if (m.lowestPrice) lines.push(`Lowest ever: ${m.lowestPrice.formatted}`);
  lines.push(`Store: ${m.urls.product}`);
  return postJson(joinUrl(channel.server, `message?token=${encodeURIComponent(channel.token)}`), {
    title: m.title,
    message: lines.join("\n"),
    priority: m.tone === "good" ? 6 : 4,
    extras: {
      "client::display": { contentType: "text/plain" },
      "client::notification": {
        click: { url: m.urls.page },
        ...(m.product.imageUrl ? { bigImageUrl: m.product.imageUrl } : {}),
      },
    },
  });
}
