import type { Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppServices } from "../../../app/context.ts";
import { checkNow } from "../../../core/checks/check-now.ts";
import { buildTestAlertMessage } from "../../../core/notify/alert-message.ts";
import { type ChannelConfig, createChannelConfigSchema } from "../../../core/notify/channels.ts";
import { type DeliveryResult, deliver } from "../../../core/notify/deliver.ts";
import {
  createChannel,
  deleteChannel,
  getNotificationSettings,
  getOwnChannel,
  getWatchChannels,
  listChannels,
  NotificationSettingsInput,
  setWatchChannels,
  updateChannel,
  updateNotificationSettings,
} from "../../../core/notify/manage-channels.ts";
import {
  getNotificationFeed,
  markNotificationsRead,
} from "../../../core/notify/notification-feed.ts";
import { getVapidKeys, vapidSubject } from "../../../core/notify/vapid-keys.ts";
import { parseJsonBody } from "../validate.ts";
import type { ApiV1Env } from "./require-user.ts";

/**
 * Channel configs from the API. http:// is accepted only where the operator allowed private
 * addresses (a LAN ntfy/Gotify, tests): the same switch that lets the fetcher reach them.
 */
export function channelSchemas(services: AppServices) {
  const config = createChannelConfigSchema({
    allowHttp: services.env.FETCH_ALLOW_PRIVATE.length > 0,
  });
  return {
    ChannelInput: z.object({ name: z.string().trim().max(80).optional(), config }),
    ChannelUpdate: z.object({
      name: z.string().trim().max(80).optional(),
      isPaused: z.boolean().optional(),
      config: config.optional(),
    }),
  };
}

/** Documented in openapi.ts (production options: https only). */
export const ChannelInput = z.object({
  name: z.string().trim().max(80).optional(),
  config: createChannelConfigSchema(),
});
export const ChannelUpdate = ChannelInput.extend({ isPaused: z.boolean().optional() }).partial();
export const ReadInput = z.union([
  z.object({ ids: z.array(z.uuid("Not an event id")).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);
export const WatchChannelsInput = z.object({
  channelIds: z.array(z.uuid("Not a channel id")).max(50),
});

function resultJson(result: DeliveryResult) {
  return result.kind === "delivered"
    ? { result: "delivered" as const }
    : result.kind === "retry"
      ? { result: "retry" as const, reason: result.reason }
      : { result: "permanent" as const, reason: result.reason };
}

/** Notification routes of /api/v1: channels, settings, the in-app feed, push key, tests. */
export function mountChannelRoutes(
  v1: Hono<ApiV1Env>,
  services: AppServices,
  signedIn: MiddlewareHandler<ApiV1Env>,
): void {
  const db = services.database.db;
  const schemas = channelSchemas(services);
  const publicUrl = services.env.PUBLIC_URL;
  const vapid = () =>
    getVapidKeys(db, vapidSubject({ publicUrl, mailFrom: services.env.MAIL_FROM }));
  const sendTest = async (channel: ChannelConfig): Promise<DeliveryResult> =>
    deliver(channel, buildTestAlertMessage({ publicUrl, now: new Date() }), {
      fetcher: services.fetcher,
      mailer: services.mailer,
      vapid: channel.type === "push" ? await vapid() : undefined,
    });

  v1.get("/channels", signedIn, async (c) => {
    const userId = c.get("auth").user.id;
    return c.json({
      channels: await listChannels(db, userId),
      settings: await getNotificationSettings(db, userId),
    });
  });

  v1.post("/channels", signedIn, async (c) => {
    const input = await parseJsonBody(c, schemas.ChannelInput);
    return c.json({ channel: await createChannel(db, c.get("auth").user.id, input) }, 201);
  });

  v1.patch("/channels/:id", signedIn, async (c) => {
    const userId = c.get("auth").user.id;
    await getOwnChannel(db, userId, c.req.param("id")); // 404 before validating
    const input = await parseJsonBody(c, schemas.ChannelUpdate);
    return c.json({ channel: await updateChannel(db, userId, c.req.param("id"), input) });
  });

  v1.delete("/channels/:id", signedIn, async (c) => {
    await deleteChannel(db, c.get("auth").user.id, c.req.param("id"));
    return c.body(null, 204);
  });

  v1.post("/channels/:id/test", signedIn, async (c) => {
    const row = await getOwnChannel(db, c.get("auth").user.id, c.req.param("id"));
    return c.json(resultJson(await sendTest(row.config as ChannelConfig)));
  });

  // "Send a test alert" on the hub: every channel at once, the account email included.
  v1.post("/notifications/test", signedIn, async (c) => {
    const userId = c.get("auth").user.id;
    const settings = await getNotificationSettings(db, userId);
    const channels = await listChannels(db, userId);
    const results = [];
    if (settings.isAccountEmailEnabled) {
      results.push({
        channelId: null,
        name: `Email to ${settings.accountEmail}`,
        ...resultJson(await sendTest({ type: "email", address: settings.accountEmail })),
      });
    }
    for (const channel of channels) {
      const row = await getOwnChannel(db, userId, channel.id);
      results.push({
        channelId: channel.id,
        name: channel.name,
        ...resultJson(await sendTest(row.config as ChannelConfig)),
      });
    }
    return c.json({ results });
  });

  v1.get("/notification-settings", signedIn, async (c) => {
    return c.json({ settings: await getNotificationSettings(db, c.get("auth").user.id) });
  });

  v1.put("/notification-settings", signedIn, async (c) => {
    const input = await parseJsonBody(c, NotificationSettingsInput);
    return c.json({
      settings: await updateNotificationSettings(db, c.get("auth").user.id, input),
    });
  });

  v1.get("/notifications", signedIn, async (c) => {
    const limit = Number(c.req.query("limit") ?? 20);
    return c.json(
      await getNotificationFeed(db, c.get("auth").user.id, {
        publicUrl,
        limit: Number.isFinite(limit) ? limit : 20,
      }),
    );
  });

  v1.post("/notifications/read", signedIn, async (c) => {
    const input = await parseJsonBody(c, ReadInput);
    await markNotificationsRead(db, c.get("auth").user.id, input);
    return c.body(null, 204);
  });

  v1.get("/push/key", signedIn, async (c) => {
    return c.json({ publicKey: (await vapid()).publicKey });
  });

  v1.get("/watches/:id/channels", signedIn, async (c) => {
    return c.json(await getWatchChannels(db, c.get("auth").user.id, c.req.param("id")));
  });

  v1.put("/watches/:id/channels", signedIn, async (c) => {
    const userId = c.get("auth").user.id;
    await getWatchChannels(db, userId, c.req.param("id")); // 404 before validating
    const input = await parseJsonBody(c, WatchChannelsInput);
    return c.json(await setWatchChannels(db, userId, c.req.param("id"), input.channelIds));
  });
}

/** "Check now" for the watches API (makes the product due and wakes workers). */
export function checkNowFor(services: AppServices) {
  return (userId: string, watchId: string) =>
    checkNow(services.database, userId, watchId, new Date());
}
