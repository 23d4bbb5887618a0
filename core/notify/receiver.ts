import { createHash } from "node:crypto";
import { hitCounter, type RateLimitDecision } from "../accounts/email-rate-limit.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Fetcher } from "../fetch/index.ts";
import type { ChannelConfig } from "./channels.ts";

/**
 * The receiver of a channel that is sent to over HTTP: where its requests go, how many it may
 * get across all accounts, and whether it can be delivered to at all (docs/decisions/0066).
 */

/** The URL a channel's requests go to; null for email (capped per recipient instead). */
export function receiverUrlOf(config: ChannelConfig): string | null {
  switch (config.type) {
    case "email":
      return null;
    case "webhook":
    case "discord":
    case "slack":
    case "teams":
      return config.url;
    case "telegram":
      return config.apiBase;
    case "ntfy":
    case "gotify":
      return config.server;
    case "push":
      return config.endpoint;
    default: {
      const unknown: never = config;
      return String(unknown);
    }
  }
}

/** The config field that holds the receiver's URL, for a 4xx that names it. */
function receiverField(config: ChannelConfig): string {
  switch (config.type) {
    case "telegram":
      return "config.apiBase";
    case "ntfy":
    case "gotify":
      return "config.server";
    case "push":
      return "config.endpoint";
    default:
      return "config.url";
  }
}

/**
 * Hosts that receive for very many unrelated people (chat services, push services): each
 * webhook, bot or subscription on them is its own receiver, so one busy instance does not hold
 * back everyone's Discord. Elsewhere the host is the receiver.
 */
const SHARED_HOSTS = new Set([
  "discord.com",
  "discordapp.com",
  "canary.discord.com",
  "ptb.discord.com",
  "hooks.slack.com",
  "hooks.slack-gov.com",
  "api.telegram.org",
  "ntfy.sh",
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
]);
const SHARED_HOST_SUFFIXES = [".webhook.office.com", ".notify.windows.com", ".push.apple.com"];

/** The receiver a URL counts toward, hashed (a bot token in a path is never stored). */
export function receiverKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return createHash("sha256").update(url).digest("hex");
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const isShared = SHARED_HOSTS.has(host) || SHARED_HOST_SUFFIXES.some((s) => host.endsWith(s));
  const receiver = isShared ? `${host}${parsed.pathname}` : host;
  return createHash("sha256").update(receiver).digest("hex");
}

/** Deliveries one receiver may get, from every account together (the defaults of env.ts). */
export type ReceiverCaps = readonly { max: number; windowSeconds: number }[];
export const RECEIVER_CAPS: ReceiverCaps = receiverCaps({ perMinute: 20, perHour: 200 });

/** The caps from the operator's settings (RECEIVER_MAX_PER_MINUTE, RECEIVER_MAX_PER_HOUR). */
export function receiverCaps(limits: { perMinute: number; perHour: number }): ReceiverCaps {
  return [
    { max: limits.perMinute, windowSeconds: 60 },
    { max: limits.perHour, windowSeconds: 60 * 60 },
  ];
}

/** Counts one delivery toward the receiver of `url`; refused past any cap (with the wait). */
export async function hitReceiverCap(
  db: Db,
  url: string,
  caps: ReceiverCaps = RECEIVER_CAPS,
): Promise<RateLimitDecision> {
  const key = receiverKey(url);
  let retryAfterSeconds = 0;
  for (const { max, windowSeconds } of caps) {
    const decision = await hitCounter(db, {
      key: `receiver:${windowSeconds}:${key}`,
      max,
      windowSeconds,
    });
    if (!decision.isAllowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds);
  }
  return retryAfterSeconds > 0 ? { isAllowed: false, retryAfterSeconds } : { isAllowed: true };
}

/**
 * Refuses a channel whose receiver cannot be delivered to, when it is added or changed rather
 * than after three failed alerts: a bad URL, a private or refused address, a host no name server
 * knows. Nothing is sent to it: the URL and address policies of core/fetch run, with DNS.
 */
export async function assertDeliverableReceiver(
  fetcher: Pick<Fetcher, "checkTarget">,
  config: ChannelConfig,
): Promise<void> {
  const url = receiverUrlOf(config);
  if (url === null) return;
  const verdict = await fetcher.checkTarget(url);
  if (verdict.kind === "ok") return;
  const message =
    verdict.kind === "blocked_address"
      ? /^port /.test(verdict.reason)
        ? `Alerts cannot be sent to this address: ${verdict.reason}.`
        : "Alerts cannot be sent to this address: it points into a private network."
      : verdict.kind === "dns_error"
        ? verdict.code === "ENOTFOUND" || verdict.code === "ENODATA"
          ? `Alerts cannot be sent to this address: no such host (${verdict.host}).`
          : `Alerts cannot be sent to this address right now: ${verdict.host} could not be looked up. Try again.`
        : verdict.kind === "bad_url"
          ? `Alerts cannot be sent to this address: ${verdict.reason}.`
          : "Alerts cannot be sent to this address right now: its host did not answer. Try again.";
  throw new AppError("unprocessable", message, {
    fields: [{ field: receiverField(config), message }],
  });
}
