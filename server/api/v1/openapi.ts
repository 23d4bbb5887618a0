import { z } from "zod";
import { ApiTokenInput } from "../../../core/accounts/api-tokens.ts";
import { NotificationSettingsInput } from "../../../core/notify/manage-channels.ts";
import { CreateWatchInput } from "../../../core/tracking/create-watch.ts";
import { WatchExport } from "../../../core/tracking/export-watches.ts";
import { UpdateWatchInput } from "../../../core/tracking/update-watch.ts";
import { ChannelInput, ChannelUpdate, ReadInput, WatchChannelsInput } from "./channels.ts";
import { PreviewInput } from "./watches.ts";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const error = {
  description: "An error: `{ error: { code, message, fields? } }`",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};
const ok = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object" } } },
});
const body = (ref: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const idParam = [
  { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
];
const standardErrors = { "400": error, "401": error, "404": error, "429": error };

/** The OpenAPI 3.1 description of /api/v1, request bodies generated from the Zod schemas. */
export function openApiDocument(publicUrl: string, version: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dropwave API",
      version,
      description:
        "Track product prices. Authenticate with the browser's session cookie or a personal API token (`Authorization: Bearer dw_…`) created on /user. Money is `{ amountMinor, currency }`: integer minor units and an ISO 4217 code.",
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A personal API token from /user." },
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { field: { type: "string" }, message: { type: "string" } },
                  },
                },
              },
            },
          },
        },
        PreviewInput: json(PreviewInput),
        CreateWatchInput: json(CreateWatchInput),
        UpdateWatchInput: json(UpdateWatchInput),
        WatchExport: json(WatchExport),
        ApiTokenInput: json(ApiTokenInput),
        ChannelInput: json(ChannelInput),
        ChannelUpdate: json(ChannelUpdate),
        NotificationSettingsInput: json(NotificationSettingsInput),
        ReadInput: json(ReadInput),
        WatchChannelsInput: json(WatchChannelsInput),
      },
    },
    paths: {
      "/me": {
        get: {
          summary: "Who am I",
          responses: { "200": ok("The signed-in user"), ...standardErrors },
        },
      },
      "/tokens": {
        get: {
          summary: "List personal API tokens",
          responses: { "200": ok("Tokens (never their secrets)"), ...standardErrors },
        },
        post: {
          summary: "Create a token (session only)",
          requestBody: body("ApiTokenInput"),
          responses: { "201": ok("The token, shown once"), ...standardErrors },
        },
      },
      "/tokens/{id}": {
        delete: {
          summary: "Revoke a token",
          parameters: idParam,
          responses: { "204": { description: "Revoked" }, ...standardErrors },
        },
      },
      "/preview": {
        post: {
          summary: "Fetch and read a product page",
          requestBody: body("PreviewInput"),
          responses: {
            "200": ok("What Dropwave reads from the page"),
            "422": error,
            ...standardErrors,
          },
        },
      },
      "/watches": {
        get: {
          summary: "Your watches",
          responses: {
            "200": ok("Watches with current price, lowest, highest"),
            ...standardErrors,
          },
        },
        post: {
          summary: "Track a product",
          requestBody: body("CreateWatchInput"),
          responses: {
            "201": ok("The new watch and whether its rule is met now"),
            "409": error,
            "422": error,
            ...standardErrors,
          },
        },
      },
      "/watches/{id}": {
        get: {
          summary: "One watch",
          parameters: idParam,
          responses: { "200": ok("The watch"), ...standardErrors },
        },
        patch: {
          summary: "Change rule, interval, pause or chosen price",
          parameters: idParam,
          requestBody: body("UpdateWatchInput"),
          responses: { "200": ok("The watch"), ...standardErrors },
        },
        delete: {
          summary: "Stop tracking",
          parameters: idParam,
          responses: { "204": { description: "Deleted" }, ...standardErrors },
        },
      },
      "/watches/{id}/history": {
        get: {
          summary: "Price and availability history",
          parameters: idParam,
          responses: { "200": ok("Points, lowest/highest/average, alerts"), ...standardErrors },
        },
      },
      "/watches/{id}/check": {
        post: {
          summary: "Check now, ahead of schedule",
          parameters: idParam,
          responses: { "202": ok("Queued"), ...standardErrors },
        },
      },
      "/export": {
        get: {
          summary: "Export watches and history",
          parameters: [
            { name: "format", in: "query", schema: { type: "string", enum: ["json", "csv"] } },
          ],
          responses: { "200": ok("JSON (the import format) or CSV"), ...standardErrors },
        },
      },
      "/import": {
        post: {
          summary: "Import an export file (all or nothing)",
          requestBody: body("WatchExport"),
          responses: { "200": ok("Imported and skipped"), ...standardErrors },
        },
      },
      "/channels": {
        get: {
          summary: "Your notification channels (secrets shortened) and settings",
          responses: { "200": ok("Channels with status and last error"), ...standardErrors },
        },
        post: {
          summary:
            "Add a channel (email, webhook, Discord, Slack, Teams, Telegram, ntfy, Gotify, push)",
          requestBody: body("ChannelInput"),
          responses: { "201": ok("The channel"), ...standardErrors },
        },
      },
      "/channels/{id}": {
        patch: {
          summary: "Rename, pause or resume, or change a channel's settings",
          parameters: idParam,
          requestBody: body("ChannelUpdate"),
          responses: { "200": ok("The channel"), ...standardErrors },
        },
        delete: {
          summary: "Remove a channel",
          parameters: idParam,
          responses: { "204": { description: "Removed" }, ...standardErrors },
        },
      },
      "/channels/{id}/test": {
        post: {
          summary: "Send a test alert to the channel now",
          parameters: idParam,
          responses: {
            "200": ok("`{ result: delivered | retry | permanent, reason? }`"),
            ...standardErrors,
          },
        },
      },
      "/notifications/test": {
        post: {
          summary: "Send a test alert to every channel (and the account email)",
          responses: { "200": ok("One result per channel"), ...standardErrors },
        },
      },
      "/notification-settings": {
        get: {
          summary: "Account email, quiet hours, time zone, daily digest",
          responses: { "200": ok("Settings"), ...standardErrors },
        },
        put: {
          summary: "Change notification settings (fields given are changed)",
          requestBody: body("NotificationSettingsInput"),
          responses: { "200": ok("Settings"), ...standardErrors },
        },
      },
      "/notifications": {
        get: {
          summary: "The in-app feed: alert events newest first, unread count, paused channels",
          parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }],
          responses: { "200": ok("`{ items, unreadCount, notices }`"), ...standardErrors },
        },
      },
      "/notifications/read": {
        post: {
          summary: "Mark events read: `{ ids }` or `{ all: true }`",
          requestBody: body("ReadInput"),
          responses: { "204": { description: "Marked" }, ...standardErrors },
        },
      },
      "/push/key": {
        get: {
          summary: "The VAPID public key for pushManager.subscribe",
          responses: { "200": ok("`{ publicKey }` (base64url)"), ...standardErrors },
        },
      },
      "/watches/{id}/channels": {
        get: {
          summary: "Which channels this watch alerts (none chosen = all)",
          parameters: idParam,
          responses: { "200": ok("`{ channelIds, isAll }`"), ...standardErrors },
        },
        put: {
          summary: "Choose this watch's channels (empty = all)",
          parameters: idParam,
          requestBody: body("WatchChannelsInput"),
          responses: { "200": ok("`{ channelIds, isAll }`"), ...standardErrors },
        },
      },
    },
  };
}
