import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { notificationChannel, user } from "../db/schema/index.ts";
import {
  getNotificationSettings,
  updateNotificationSettings,
} from "./manage/notification-settings.ts";

/**
 * One-click unsubscribe from email alerts (RFC 8058): every alert email carries
 * `List-Unsubscribe: <PUBLIC_URL/unsubscribe/TOKEN>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. The token names the person and the address (their account email,
 * or one of their email channels) and is signed with an instance secret, so the link needs no
 * sign-in and cannot be made for anyone else. It does not expire: links in old emails keep
 * working. A POST unsubscribes (the mail provider's one click, or the button on the page);
 * a GET only shows the page, since link scanners open every link in a mail.
 */

/** The instance secret (core/settings/instance-secret.ts) the links are signed with. */
export const UNSUBSCRIBE_SECRET_KEY = "unsubscribe_secret";

/** Whose alerts, to which address: `channelId` null is the account email. */
export type UnsubscribeTarget = { userId: string; channelId: string | null };

const ACCOUNT = "account";

function mac(secret: string, target: UnsubscribeTarget): string {
  return createHmac("sha256", secret)
    .update(`dropwave-unsubscribe:v1:${target.userId}:${target.channelId ?? ACCOUNT}`)
    .digest("base64url");
}

/** The token in the link: `<user>.<channel or "account">.<signature>`. */
export function signUnsubscribe(secret: string, target: UnsubscribeTarget): string {
  const who = Buffer.from(target.userId).toString("base64url");
  return `${who}.${target.channelId ?? ACCOUNT}.${mac(secret, target)}`;
}

export function unsubscribeUrl(publicUrl: string, secret: string, target: UnsubscribeTarget) {
  return `${publicUrl.replace(/\/+$/, "")}/unsubscribe/${signUnsubscribe(secret, target)}`;
}

/** The target a token names, or null for anything not signed by this instance. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeTarget | null {
  if (token.length > 300) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [who, channel, signature] = parts as [string, string, string];
  if (!/^[\w-]{1,200}$/.test(who) || !/^[\w-]{1,64}$/.test(channel)) return null;
  const target: UnsubscribeTarget = {
    userId: Buffer.from(who, "base64url").toString("utf8"),
    channelId: channel === ACCOUNT ? null : channel,
  };
  const expected = Buffer.from(mac(secret, target));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
}

export type UnsubscribeView = { address: string; isUnsubscribed: boolean } | null;

/** What the page shows for a target: the address, and whether alerts to it are already off. */
export async function describeUnsubscribe(
  db: Db,
  target: UnsubscribeTarget,
): Promise<UnsubscribeView> {
  if (target.channelId === null) {
    const [row] = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, target.userId));
    if (!row) return null;
    const settings = await getNotificationSettings(db, target.userId);
    return { address: row.email, isUnsubscribed: !settings.isAccountEmailEnabled };
  }
  const channel = await ownEmailChannel(db, target);
  if (!channel) return null;
  return {
    address: (channel.config as { address?: string }).address ?? channel.name,
    isUnsubscribed: channel.isPaused,
  };
}

/** Turns the target's email alerts off; false when it no longer exists. Idempotent. */
export async function unsubscribe(db: Db, target: UnsubscribeTarget): Promise<boolean> {
  if (target.channelId === null) {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, target.userId));
    if (!row) return false;
    await updateNotificationSettings(db, target.userId, { isAccountEmailEnabled: false });
    return true;
  }
  const channel = await ownEmailChannel(db, target);
  if (!channel) return false;
  if (!channel.isPaused) {
    await db
      .update(notificationChannel)
      .set({ isPaused: true, pauseReason: UNSUBSCRIBED_REASON })
      .where(eq(notificationChannel.id, channel.id));
  }
  return true;
}

/** The pause reason a channel shows after its one-click unsubscribe. */
export const UNSUBSCRIBED_REASON = "Unsubscribed from an alert email's link.";

async function ownEmailChannel(db: Db, target: UnsubscribeTarget) {
  if (target.channelId === null || !/^[0-9a-f-]{36}$/i.test(target.channelId)) return null;
  const [channel] = await db
    .select()
    .from(notificationChannel)
    .where(
      and(
        eq(notificationChannel.id, target.channelId),
        eq(notificationChannel.userId, target.userId),
      ),
    );
  return channel && channel.kind === "email" ? channel : null;
}
