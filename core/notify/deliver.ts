import type { RateLimitDecision } from "../accounts/email-rate-limit.ts";
import type { Fetcher, FetchOutcome } from "../fetch/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { isRecipientCapError } from "../mail/recipient-cap.ts";
import { type RenderedAlertEmail, renderAlertEmail, renderDigestEmail } from "./alert-email.ts";
import { type AlertMessage, truncate } from "./alert-message.ts";
import type { ChannelConfig, ChannelOf } from "./channels.ts";
import {
  type OutboundRequest,
  renderDiscordRequest,
  renderGotifyRequest,
  renderNtfyRequest,
  renderSlackRequest,
  renderTeamsRequest,
  renderTelegramRequest,
  renderWebhookRequest,
} from "./presets.ts";
import { receiverUrlOf } from "./receiver.ts";
import { type PushPayload, sendPush, type VapidKeys } from "./web-push.ts";

/**
 * Sends one message to one channel and says what happened, as a value: delivered, retry
 * (maybe after a time the receiver asked for) or permanent. Never throws. The delivery
 * worker stores the result on the delivery row and schedules with `planRetry`.
 */

export type DeliveryResult =
  | { kind: "delivered"; status?: number }
  | {
      kind: "retry";
      /** The receiver asked for this wait (Retry-After), in ms. */
      afterMs?: number;
      reason: string;
      status?: number;
    }
  | {
      kind: "permanent";
      reason: string;
      status?: number;
      /** "subscription_gone": the push subscription should be deleted. */
      code?: "subscription_gone" | "bad_address" | "rejected" | "bad_config";
    };

export type DeliverContext = {
  fetcher: Fetcher;
  mailer: Mailer;
  /** Needed for `push` channels. */
  vapid?: VapidKeys;
  now?: Date;
  /** Defaults to the message's; the same on every attempt so receivers can drop repeats. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Email: the signed one-click unsubscribe link for this address (core/notify/unsubscribe.ts). */
  unsubscribeUrl?: string;
  /**
   * Counts a delivery toward its receiver's cap across all accounts (receiver.ts
   * `hitReceiverCap`); every sender of alerts and tests passes it. Over the cap nothing is
   * sent and the delivery is retried after the window.
   */
  receiverCap?: (url: string) => Promise<RateLimitDecision>;
};

/** Why a delivery over its receiver's cap was held. */
export const RECEIVER_CAP_REASON =
  "Held: this receiver got as many deliveries as it may for now (a cap across all accounts); it is tried again later";

export async function deliver(
  channel: ChannelConfig,
  message: AlertMessage,
  context: DeliverContext,
): Promise<DeliveryResult> {
  const now = context.now ?? new Date();
  const idempotencyKey = context.idempotencyKey ?? message.idempotencyKey;
  try {
    const receiver = receiverUrlOf(channel);
    if (receiver !== null && context.receiverCap) {
      const decision = await context.receiverCap(receiver);
      if (!decision.isAllowed) {
        return {
          kind: "retry",
          reason: RECEIVER_CAP_REASON,
          afterMs: decision.retryAfterSeconds * 1000,
        };
      }
    }
    switch (channel.type) {
      case "email":
        return await sendEmail(
          context.mailer,
          channel.address,
          renderAlertEmail(message, oneClick(context.unsubscribeUrl)),
        );
      case "webhook":
        return await sendHttp(
          context,
          renderWebhookRequest(channel, message, {
            timestampSec: Math.floor(now.getTime() / 1000),
            idempotencyKey,
          }),
        );
      case "discord":
        return await sendHttp(context, renderDiscordRequest(channel, message));
      case "slack":
        return await sendHttp(context, renderSlackRequest(channel, message));
      case "teams":
        return await sendHttp(context, renderTeamsRequest(channel, message));
      case "telegram":
        return await sendHttp(context, renderTelegramRequest(channel, message));
      case "ntfy":
        return await sendHttp(context, renderNtfyRequest(channel, message));
      case "gotify":
        return await sendHttp(context, renderGotifyRequest(channel, message));
      case "push":
        return await deliverPush(channel, message, context, idempotencyKey);
      default: {
        const unknown: never = channel;
        return {
          kind: "permanent",
          reason: `unknown channel ${String(unknown)}`,
          code: "bad_config",
        };
      }
    }
  } catch (error) {
    // Renderers and transports are not expected to throw; if one does, try again later.
    return { kind: "retry", reason: `unexpected error: ${errorText(error)}` };
  }
}

/** Several alerts in one mail (the daily digest option). */
export async function deliverDigest(
  channel: ChannelOf<"email">,
  messages: readonly AlertMessage[],
  context: { mailer: Mailer; publicUrl: string; now?: Date; unsubscribeUrl?: string },
): Promise<DeliveryResult> {
  if (messages.length === 0) return { kind: "delivered" };
  try {
    const email = renderDigestEmail(messages, {
      publicUrl: context.publicUrl,
      ...(context.now ? { date: context.now } : {}),
      ...oneClick(context.unsubscribeUrl),
    });
    return await sendEmail(context.mailer, channel.address, email);
  } catch (error) {
    return { kind: "retry", reason: `unexpected error: ${errorText(error)}` };
  }
}

/* Email --------------------------------------------------------------------------------------- */

const oneClick = (url: string | undefined) => (url ? { unsubscribeUrl: url } : {});

async function sendEmail(
  mailer: Mailer,
  to: string,
  email: RenderedAlertEmail,
): Promise<DeliveryResult> {
  try {
    await mailer.send({
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
      primaryLink: email.primaryLink,
    });
    return { kind: "delivered" };
  } catch (error) {
    return classifyMailError(error);
  }
}

const SMTP_TRANSIENT_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNRESET",
  "ECONNREFUSED",
  "EAUTH",
  "ETLS",
  "EPROTOCOL",
]);

/**
 * SMTP replies: 4xx is "try again later", 5xx is final. Without a reply code (connection,
 * timeout, authentication against our own relay): the operator's problem, not the address's,
 * so retry.
 */
export function classifyMailError(error: unknown): DeliveryResult {
  if (isRecipientCapError(error)) {
    // Held by the recipient's cap (decision 0064): nothing was sent; try after its window.
    return { kind: "retry", reason: error.message, afterMs: error.retryAfterSeconds * 1000 };
  }
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown; response?: unknown };
  const status = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const text = truncate(typeof e.response === "string" ? e.response : errorText(error), 300);
  if (status !== undefined && status >= 400 && status < 500) {
    return { kind: "retry", reason: `mail server: ${text}`, status };
  }
  if (status !== undefined && status >= 500 && status < 600) {
    const isAuth = e.code === "EAUTH";
    return isAuth
      ? { kind: "retry", reason: `mail server login failed: ${text}`, status }
      : { kind: "permanent", reason: `mail server refused: ${text}`, status, code: "rejected" };
  }
  const code = typeof e.code === "string" ? e.code : "";
  if (code === "EENVELOPE") {
    return { kind: "permanent", reason: `bad address: ${text}`, code: "bad_address" };
  }
  return {
    kind: "retry",
    reason: SMTP_TRANSIENT_CODES.has(code) ? `mail server unreachable: ${text}` : text,
  };
}

/* HTTP ---------------------------------------------------------------------------------------- */

async function sendHttp(
  context: DeliverContext,
  request: OutboundRequest,
): Promise<DeliveryResult> {
  const outcome = await context.fetcher.request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: context.signal,
    // A POST is never followed to another address: a moved webhook is a configuration error.
    maxRedirects: 0,
    maxBytes: 16 * 1024,
  });
  return classifyFetchOutcome(outcome);
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * A webhook/chat/push answer as a delivery result:
 * 2xx delivered; 408, 425, 429, 5xx, timeouts, network, DNS and TLS errors retry (Retry-After
 * honoured); other 4xx, blocked or bad addresses and redirects are permanent.
 */
export function classifyFetchOutcome(
  outcome: FetchOutcome,
  options: { isPush?: boolean } = {},
): DeliveryResult {
  switch (outcome.kind) {
    case "ok":
      return { kind: "delivered", status: outcome.status };
    case "too_large":
      // core/fetch reads the body only after a 2xx status: the receiver accepted it.
      return { kind: "delivered" };
    case "http_error": {
      const { status } = outcome;
      if (isRetryableStatus(status)) {
        return {
          kind: "retry",
          reason: `HTTP ${status}`,
          status,
          ...(outcome.retryAfterMs !== undefined ? { afterMs: outcome.retryAfterMs } : {}),
        };
      }
      if (options.isPush && (status === 404 || status === 410)) {
        return {
          kind: "permanent",
          reason: `the browser subscription is gone (HTTP ${status})`,
          status,
          code: "subscription_gone",
        };
      }
      return {
        kind: "permanent",
        reason:
          status >= 300 && status < 400
            ? `the address redirects elsewhere (HTTP ${status})`
            : `the receiver refused the message (HTTP ${status})`,
        status,
        code: "rejected",
      };
    }
    case "redirect_loop":
      return {
        kind: "permanent",
        reason: "the address redirects elsewhere; enter the final URL",
        code: "bad_address",
      };
    case "blocked_address":
      return {
        kind: "permanent",
        reason: /^port /.test(outcome.reason)
          ? `this port is not allowed (${outcome.reason})`
          : "this address points into a private network and is not allowed",
        code: "bad_address",
      };
    case "bad_url":
      return { kind: "permanent", reason: `bad address: ${outcome.reason}`, code: "bad_address" };
    case "timeout":
      return { kind: "retry", reason: `timed out (${outcome.phase})` };
    case "host_backoff":
      return {
        kind: "retry",
        afterMs: outcome.retryAfterMs,
        reason: "receiver asked to slow down",
      };
    case "dns_error":
      return { kind: "retry", reason: `name not found: ${outcome.host} (${outcome.code})` };
    case "tls_error":
      return { kind: "retry", reason: `secure connection failed (${outcome.code})` };
    case "network_error":
      return { kind: "retry", reason: `network error (${outcome.code})` };
    case "aborted":
      return { kind: "retry", reason: "cancelled" };
    case "bot_challenge":
    case "not_html":
      // Page-mode outcomes; `request` never returns them.
      return { kind: "retry", reason: outcome.kind };
    default: {
      const unknown: never = outcome;
      return { kind: "retry", reason: String(unknown) };
    }
  }
}

/* Push ---------------------------------------------------------------------------------------- */

export function buildPushPayload(m: AlertMessage, idempotencyKey: string): PushPayload {
  return {
    title: truncate(m.title, 120),
    body: truncate(m.summary, 400),
    url: m.urls.page,
    // The whole payload must fit one 4 KB record; a huge image URL is left out, not fatal.
    ...(m.product.imageUrl && m.product.imageUrl.length <= 1024
      ? { icon: m.product.imageUrl }
      : {}),
    tag: `watch-${m.watchId}`,
    idempotencyKey,
  };
}

async function deliverPush(
  channel: ChannelOf<"push">,
  m: AlertMessage,
  context: DeliverContext,
  idempotencyKey: string,
): Promise<DeliveryResult> {
  if (!context.vapid) {
    return { kind: "retry", reason: "no VAPID keys configured on the server" };
  }
  const outcome = await sendPush(
    context.fetcher,
    { endpoint: channel.endpoint, keys: channel.keys },
    buildPushPayload(m, idempotencyKey),
    context.vapid,
    { urgency: m.tone === "good" ? "high" : "normal", signal: context.signal },
  );
  return classifyFetchOutcome(outcome, { isPush: true });
}

/* Retry schedule ------------------------------------------------------------------------------ */

/** Retries stop this long after the first attempt. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 2 * 60 * 60 * 1000;

/**
 * The wait before attempt `attempt + 1` after `attempt` failures (1-based): 30 s doubling to a
 * 2 h ceiling, with "equal jitter" (half fixed, half random) so a receiver's outage does not
 * make every delivery come back at the same second. `random` returns [0, 1).
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 20);
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** exponent, MAX_DELAY_MS);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

export function shouldGiveUp(firstAttemptAt: Date, now: Date): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= GIVE_UP_AFTER_MS;
}

export type RetryPlan =
  | { kind: "done" }
  | { kind: "retry_at"; at: Date }
  | { kind: "give_up"; reason: string };

/**
 * What the delivery worker does next after `attempt` attempts: nothing (delivered), stop
 * (permanent, or past 24 h), or try again at a time — the receiver's Retry-After when it gave
 * one and it is longer than our own backoff.
 */
export function planRetry(input: {
  result: DeliveryResult;
  attempt: number;
  firstAttemptAt: Date;
  now: Date;
  random?: () => number;
}): RetryPlan {
  const { result, now } = input;
  if (result.kind === "delivered") return { kind: "done" };
  if (result.kind === "permanent") return { kind: "give_up", reason: result.reason };
  const ownMs = retryDelayMs(input.attempt, input.random);
  const waitMs = Math.max(ownMs, result.afterMs ?? 0);
  const at = new Date(now.getTime() + waitMs);
  if (shouldGiveUp(input.firstAttemptAt, at)) {
    return { kind: "give_up", reason: `still failing after 24 hours: ${result.reason}` };
  }
  return { kind: "retry_at", at };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
