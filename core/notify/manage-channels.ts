/**
 * The person's channels, settings and per-watch choices (owner-scoped everywhere): one
 * concern per file under ./manage, gathered here for the API and the pages.
 */
export {
  type ChannelRow,
  type ChannelView,
  isUuid,
  redactConfig,
  toChannelView,
} from "./manage/channel-view.ts";
export {
  type ChannelInput,
  createChannel,
  MAX_CHANNELS_PER_USER,
} from "./manage/create-channel.ts";
export { deleteChannel } from "./manage/delete-channel.ts";
export {
  CONFIRMATION_TTL_MS,
  type ConfirmationDeps,
  confirmEmailChannel,
  declineEmailChannel,
  findChannelConfirmation,
  type PendingConfirmation,
  resendChannelConfirmation,
} from "./manage/email-confirmation.ts";
export { getOwnChannel } from "./manage/get-own-channel.ts";
export { listChannels } from "./manage/list-channels.ts";
export {
  getNotificationSettings,
  NotificationSettingsInput,
  type NotificationSettingsView,
  updateNotificationSettings,
} from "./manage/notification-settings.ts";
export { recentDeliveries } from "./manage/recent-deliveries.ts";
export {
  CONFIRMATIONS_PER_ACCOUNT,
  CONFIRMATIONS_PER_ADDRESS,
  TEST_SENDS,
  takeTestSend,
} from "./manage/send-limits.ts";
export { type ChannelUpdateInput, updateChannel } from "./manage/update-channel.ts";
export { getWatchChannels, setWatchChannels } from "./manage/watch-channels.ts";
