export {
  type AlertEventRow,
  alertInputFromRow,
  type ProductFacts,
} from "./alert-input-from-row.ts";
export {
  type AlertInput,
  type AlertKind,
  type AlertMessage,
  buildAlertMessage,
  buildTestAlertMessage,
  type PriceView,
  type RenderedEmail,
  renderAlertEmail,
  renderDigestEmail,
} from "./alert-message.ts";
export {
  ChannelConfig,
  type ChannelOf,
  type ChannelSchemaOptions,
  type ChannelType,
  createChannelConfigSchema,
} from "./channels.ts";
export {
  buildPushPayload,
  classifyFetchOutcome,
  classifyMailError,
  type DeliverContext,
  type DeliveryResult,
  deliver,
  deliverDigest,
  GIVE_UP_AFTER_MS,
  planRetry,
  type RetryPlan,
  retryDelayMs,
  shouldGiveUp,
} from "./deliver.ts";
export * from "./presets.ts";
export { getVapidKeys, vapidSubject } from "./vapid-keys.ts";
export {
  generateVapidKeys,
  type PushOptions,
  type PushPayload,
  type PushSubscription,
  sendPush,
  type VapidKeys,
} from "./web-push.ts";
export {
  buildWebhookPayload,
  DEFAULT_TOLERANCE_SEC,
  EVENT_HEADER,
  generateWebhookSecret,
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  type SignatureVerdict,
  signWebhook,
  verifyWebhookSignature,
  type WebhookPayload,
} from "./webhook-signature.ts";
