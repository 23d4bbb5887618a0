import type { AppServices } from "../../../app/context.ts";
import {
  awaitsAccountVerification,
  getAccountEmail,
  UNVERIFIED_ACCOUNT_EMAIL_REASON,
} from "../../../core/accounts/account-email.ts";
import { checkNow } from "../../../core/checks/check-now.ts";
import { buildTestAlertMessage } from "../../../core/notify/alert-message.ts";
import type { ChannelConfig } from "../../../core/notify/channels.ts";
import { type DeliveryResult, deliver } from "../../../core/notify/deliver.ts";
import {
  createChannel,
  deleteChannel,
  getNotificationSettings,
  getOwnChannel,
  getWatchChannels,
  listChannels,
  NotificationSettingsInput,
  resendChannelConfirmation,
  setWatchChannels,
  takeTestSend,
  toChannelView,
  updateChannel,
  updateNotificationSettings,
} from "../../../core/notify/manage-channels.ts";
import {
  getNotificationFeed,
  markNotificationsRead,
} from "../../../core/notify/notification-feed.ts";
import {
  ChannelInput,
  ChannelUpdate,
  channelInputSchemas,
  ReadInput,
  WatchChannelsInput,
} from "../../../core/notify/notify-input.ts";
import { hitReceiverCap, receiverCaps } from "../../../core/notify/receiver.ts";
import { recordTestAlert } from "../../../core/notify/test-alerts.ts";
import { getVapidKeys, vapidSubject } from "../../../core/notify/vapid-keys.ts";
import { parseJsonBody } from "../validate.ts";
import { type ApiRouter, idParam } from "./route.ts";
import {
  ChannelBody,
  ChannelsBody,
  DeliveryResult as DeliveryResultBody,
  Feed,
  FeedQuery,
  PushKey,
  SettingsBody,
  TestResults,
  WatchChannels,
} from "./schemas.ts";

/**
 * Channel configs from the API. http:// is accepted only where the operator allowed private
 * addresses (a LAN ntfy/Gotify, tests): the same switch that lets the fetcher reach them.
 */
export function channelSchemas(services: AppServices) {
  return channelInputSchemas({ allowHttp: services.env.FETCH_ALLOW_PRIVATE.length > 0 });
}

/**
 * What a test send answers; "skipped": an unconfirmed address, or the account's own address
 * before it is verified ("unverified"), to which nothing is sent.
 */
function resultJson(result: DeliveryResult | "skipped" | "unverified") {
  return result === "skipped"
    ? {
        result: "skipped" as const,
        reason: "Not sent: waiting for the address to confirm (we emailed it a link)",
      }
    : result === "unverified"
      ? { result: "skipped" as const, reason: UNVERIFIED_ACCOUNT_EMAIL_REASON }
      : result.kind === "delivered"
        ? { result: "delivered" as const }
        : result.kind === "retry"
          ? { result: "retry" as const, reason: result.reason }
          : { result: "permanent" as const, reason: result.reason };
}

/** Notification routes of /api/v1: channels, settings, the in-app feed, push key, tests. */
export function mountChannelRoutes(api: ApiRouter, services: AppServices): void {
  const context = channelContext(services);
  mountChannelCrudRoutes(api, context);
  mountTestSendRoutes(api, context);
  mountSettingsAndFeedRoutes(api, context);
  mountWatchChannelRoutes(api, context);
}

/** What every notification route needs: the database, the channel schemas, test sends. */
function channelContext(services: AppServices) {
  const db = services.database.db;
  const schemas = channelSchemas(services);
  const publicUrl = services.env.PUBLIC_URL;
  const tag = "Notifications";
  const vapid = () =>
    getVapidKeys(db, vapidSubject({ publicUrl, mailFrom: services.env.MAIL_FROM }));
  const confirmationDeps = {
    db,
    mailer: services.mailer,
    publicUrl,
    log: services.log,
    fetcher: services.fetcher,
  };
  const sendTest = async (channel: ChannelConfig): Promise<DeliveryResult> =>
    deliver(channel, buildTestAlertMessage({ publicUrl, now: new Date() }), {
      fetcher: services.fetcher,
      receiverCap: (url) =>
        hitReceiverCap(
          db,
          url,
          receiverCaps({
            perMinute: services.env.RECEIVER_MAX_PER_MINUTE,
            perHour: services.env.RECEIVER_MAX_PER_HOUR,
          }),
        ),
      mailer: services.mailer,
      vapid: channel.type === "push" ? await vapid() : undefined,
    });
  /**
   * A stored channel's test: never to an address that has not confirmed, nor to the account's
   * own address before it is verified.
   */
  const testStored = async (userId: string, row: { config: unknown; confirmedAt: Date | null }) => {
    if (row.confirmedAt === null) return "skipped" as const;
    const config = row.config as ChannelConfig;
    if (config.type === "email") {
      const account = await getAccountEmail(db, userId);
      if (!account || awaitsAccountVerification(config.address, account)) {
        return "unverified" as const;
      }
    }
    return sendTest(config);
  };
  return { db, schemas, publicUrl, tag, vapid, confirmationDeps, sendTest, testStored, services };
}

type ChannelContext = ReturnType<typeof channelContext>;

/** Channels: list, add, change, remove; confirmation mail again. */
function mountChannelCrudRoutes(api: ApiRouter, context: ChannelContext): void {
  const { db, schemas, tag, confirmationDeps, services } = context;
  api.add(
    {
      method: "get",
      path: "/channels",
      tag,
      summary: "Notification channels and settings",
      responses: {
        200: { description: "Channels (secrets shortened) and settings", schema: ChannelsBody },
      },
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      return c.json({
        channels: await listChannels(db, userId),
        settings: await getNotificationSettings(db, userId),
      });
    },
  );

  api.add(
    {
      method: "post",
      path: "/channels",
      tag,
      summary: "Add a channel (an email address gets a confirmation link first)",
      body: ChannelInput,
      responses: { 201: { description: "The channel", schema: ChannelBody } },
      errors: [422],
    },
    async (c) => {
      const input = await parseJsonBody(c, schemas.ChannelInput);
      const userId = c.get("auth").user.id;
      const channel = await createChannel(
        confirmationDeps,
        userId,
        input,
        await services.billing.limitsFor(userId),
      );
      return c.json({ channel }, 201);
    },
  );

  api.add(
    {
      method: "patch",
      path: "/channels/:id",
      tag,
      summary: "Rename, pause or resume, or change a channel's settings",
      body: ChannelUpdate,
      responses: { 200: { description: "The channel as changed", schema: ChannelBody } },
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      await getOwnChannel(db, userId, idParam(c)); // 404 before validating
      const input = await parseJsonBody(c, schemas.ChannelUpdate);
      const channel = await updateChannel(confirmationDeps, userId, idParam(c), input);
      return c.json({ channel });
    },
  );

  api.add(
    {
      method: "delete",
      path: "/channels/:id",
      tag,
      summary: "Remove a channel",
      responses: { 204: { description: "Removed", isBodyless: true } },
    },
    async (c) => {
      await deleteChannel(db, c.get("auth").user.id, idParam(c));
      return c.body(null, 204);
    },
  );

  api.add(
    {
      method: "post",
      path: "/channels/:id/confirmation",
      tag,
      summary: "Send an unconfirmed email channel its confirmation link again",
      responses: { 200: { description: "The channel", schema: ChannelBody } },
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      const row = await resendChannelConfirmation(confirmationDeps, userId, idParam(c));
      return c.json({ channel: toChannelView(row) });
    },
  );

  // "Send a test alert" on the hub: every channel at once, the account email included.
}

/** Test sends: one channel, or every channel of the account. */
function mountTestSendRoutes(api: ApiRouter, context: ChannelContext): void {
  const { db, tag, sendTest, testStored } = context;
  api.add(
    {
      method: "post",
      path: "/channels/:id/test",
      tag,
      summary: "Send a test alert to one channel (rate-limited per account)",
      responses: { 200: { description: "How the delivery went", schema: DeliveryResultBody } },
      errors: [429],
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      const row = await getOwnChannel(db, userId, idParam(c));
      await takeTestSend(db, userId);
      return c.json(resultJson(await testStored(userId, row)));
    },
  );

  // "Send the link again" for an email channel that has not confirmed yet.
  api.add(
    {
      method: "post",
      path: "/notifications/test",
      tag,
      summary: "Send a test alert to every channel, the account email included",
      responses: { 200: { description: "One result per channel", schema: TestResults } },
      errors: [429],
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      await takeTestSend(db, userId);
      const settings = await getNotificationSettings(db, userId);
      const channels = await listChannels(db, userId);
      const results = [];
      if (settings.isAccountEmailEnabled) {
        const account = await getAccountEmail(db, userId);
        results.push({
          channelId: null,
          name: `Email to ${settings.accountEmail}`,
          ...resultJson(
            account?.isVerified
              ? await sendTest({ type: "email", address: account.email })
              : "unverified",
          ),
        });
      }
      for (const channel of channels) {
        const row = await getOwnChannel(db, userId, channel.id);
        results.push({
          channelId: channel.id,
          name: channel.name,
          ...resultJson(await testStored(userId, row)),
        });
      }
      // The bell is a channel too: the test shows in the in-app feed, with these lines (#39 item 7).
      await recordTestAlert(
        db,
        userId,
        results.map((r) => ({
          name: r.name,
          outcome: r.result === "delivered" ? "delivered" : r.reason,
        })),
      );
      return c.json({ results });
    },
  );
}

/** Notification settings, the in-app feed and the push key. */
function mountSettingsAndFeedRoutes(api: ApiRouter, context: ChannelContext): void {
  const { db, publicUrl, tag, vapid } = context;
  api.add(
    {
      method: "get",
      path: "/notification-settings",
      tag,
      summary: "Quiet hours, time zone, digest and the account email switch",
      responses: { 200: { description: "The settings", schema: SettingsBody } },
    },
    async (c) => c.json({ settings: await getNotificationSettings(db, c.get("auth").user.id) }),
  );

  api.add(
    {
      method: "put",
      path: "/notification-settings",
      tag,
      summary: "Change notification settings (only the fields sent)",
      body: NotificationSettingsInput,
      responses: { 200: { description: "The settings as changed", schema: SettingsBody } },
    },
    async (c, { body }) => {
      const input = await body();
      return c.json({
        settings: await updateNotificationSettings(db, c.get("auth").user.id, input),
      });
    },
  );

  api.add(
    {
      method: "get",
      path: "/notifications",
      tag,
      summary: "The in-app feed, newest first, with the unread count",
      query: FeedQuery,
      responses: { 200: { description: "The feed", schema: Feed } },
    },
    async (c, { query }) => {
      const limit = Number(query.limit ?? 20);
      return c.json(
        await getNotificationFeed(db, c.get("auth").user.id, {
          publicUrl,
          limit: Number.isFinite(limit) ? limit : 20,
        }),
      );
    },
  );

  api.add(
    {
      method: "post",
      path: "/notifications/read",
      tag,
      summary: "Mark feed entries read (some by id, or all)",
      body: ReadInput,
      responses: { 204: { description: "Marked", isBodyless: true } },
    },
    async (c, { body }) => {
      await markNotificationsRead(db, c.get("auth").user.id, await body());
      return c.body(null, 204);
    },
  );

  api.add(
    {
      method: "get",
      path: "/push/key",
      tag,
      summary: "The server's VAPID public key, for browser push subscriptions",
      responses: { 200: { description: "The key", schema: PushKey } },
    },
    async (c) => c.json({ publicKey: (await vapid()).publicKey }),
  );
}

/** Which channels one watch alerts. */
function mountWatchChannelRoutes(api: ApiRouter, context: ChannelContext): void {
  const { db, tag } = context;
  api.add(
    {
      method: "get",
      path: "/watches/:id/channels",
      tag,
      summary: "Which channels a watch alerts (empty: all)",
      responses: { 200: { description: "The watch's channels", schema: WatchChannels } },
    },
    async (c) => c.json(await getWatchChannels(db, c.get("auth").user.id, idParam(c))),
  );

  api.add(
    {
      method: "put",
      path: "/watches/:id/channels",
      tag,
      summary: "Choose a watch's channels (an empty list: all)",
      body: WatchChannelsInput,
      responses: { 200: { description: "The watch's channels", schema: WatchChannels } },
    },
    async (c, { body }) => {
      const userId = c.get("auth").user.id;
      await getWatchChannels(db, userId, idParam(c)); // 404 before validating
      const input = await body();
      return c.json(await setWatchChannels(db, userId, idParam(c), input.channelIds));
    },
  );
}

/** "Check now" for the watches API (makes the product due and wakes workers). */
export function checkNowFor(services: AppServices) {
  return (userId: string, watchId: string) =>
    checkNow(services.database, userId, watchId, new Date());
}
