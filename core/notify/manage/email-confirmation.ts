import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel, user } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { Logger } from "../../log.ts";
import { renderChannelConfirmationEmail } from "../../mail/emails/notices.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { ChannelConfig } from "../channels.ts";
import type { ChannelRow } from "./channel-view.ts";
import { getOwnChannel } from "./get-own-channel.ts";
import { takeConfirmationMail } from "./send-limits.ts";

/**
 * Email channels to an address other than the account's own start unconfirmed: the address
 * gets one mail with a link, and nothing else until someone opens it and confirms (or
 * declines, which removes the channel). Tokens are random, stored only as their SHA-256, and
 * work for CONFIRMATION_TTL_MS after the mail was sent.
 */

export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type ConfirmationDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  now?: () => Date;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** True when alerts to this config need the receiver's agreement first. */
export function needsConfirmation(config: ChannelConfig, accountEmail: string): boolean {
  return (
    config.type === "email" &&
    config.address.trim().toLowerCase() !== accountEmail.trim().toLowerCase()
  );
}

export async function accountOf(db: Db, userId: string) {
  const [owner] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner) throw new AppError("not_found", "No such account.");
  return owner;
}

/**
 * Mails a fresh link for an unconfirmed email channel (the budget must already be taken).
 * A mail that fails leaves the channel unconfirmed with no sent time; the person can resend.
 */
export async function mailChannelConfirmation(
  deps: ConfirmationDeps,
  channel: ChannelRow,
): Promise<ChannelRow> {
  const config = channel.config as ChannelConfig;
  if (config.type !== "email") return channel;
  const token = randomBytes(32).toString("base64url");
  const now = deps.now?.() ?? new Date();
  const [stored] = await deps.db
    .update(notificationChannel)
    .set({ confirmationTokenHash: hashToken(token), confirmationSentAt: now })
    .where(and(eq(notificationChannel.id, channel.id), isNull(notificationChannel.confirmedAt)))
    .returning();
  if (!stored) return channel;
  const owner = await accountOf(deps.db, channel.userId);
  const link = `${deps.publicUrl}/confirm-channel/${token}`;
  try {
    const mail = renderChannelConfirmationEmail({
      address: config.address,
      ownerName: owner.name,
      link,
      publicUrl: deps.publicUrl,
    });
    await deps.mailer.send({ to: config.address, ...mail });
    return stored;
  } catch (error) {
    deps.log.warn({ err: error, channelId: channel.id }, "could not mail the channel confirmation");
    const [unsent] = await deps.db
      .update(notificationChannel)
      .set({ confirmationSentAt: null })
      .where(eq(notificationChannel.id, channel.id))
      .returning();
    return unsent ?? stored;
  }
}

/** "Send the link again" for the owner's unconfirmed email channel (limited like adding). */
export async function resendChannelConfirmation(
  deps: ConfirmationDeps,
  userId: string,
  channelId: string,
): Promise<ChannelRow> {
  const channel = await getOwnChannel(deps.db, userId, channelId);
  const config = channel.config as ChannelConfig;
  if (config.type !== "email" || channel.confirmedAt !== null) {
    throw new AppError("conflict", "This channel needs no confirmation.");
  }
  await takeConfirmationMail(deps.db, { userId, address: config.address, now: deps.now?.() });
  return mailChannelConfirmation(deps, channel);
}

export type PendingConfirmation = { address: string; ownerName: string; channelName: string };

function usableToken(token: string, now: Date) {
  return and(
    eq(notificationChannel.confirmationTokenHash, hashToken(token)),
    isNull(notificationChannel.confirmedAt),
    gt(notificationChannel.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_TTL_MS)),
  );
}

/** What a confirmation link is about, or null for an unknown, used or expired link. */
export async function findChannelConfirmation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<PendingConfirmation | null> {
  if (token.length === 0 || token.length > 100) return null;
  const [row] = await db
    .select({
      config: notificationChannel.config,
      name: notificationChannel.name,
      owner: user.name,
    })
    .from(notificationChannel)
    .innerJoin(user, eq(user.id, notificationChannel.userId))
    .where(usableToken(token, now));
  if (!row) return null;
  return {
    address: String((row.config as { address?: unknown }).address ?? ""),
    ownerName: row.owner,
    channelName: row.name,
  };
}

/** The receiver agrees: the channel starts getting alerts. False for an unusable link. */
export async function confirmEmailChannel(db: Db, token: string, now = new Date()) {
  if (token.length === 0 || token.length > 100) return false;
  const confirmed = await db
    .update(notificationChannel)
    .set({ confirmedAt: now, confirmationTokenHash: null })
    .where(usableToken(token, now))
    .returning({ id: notificationChannel.id });
  return confirmed.length > 0;
}

/** The receiver says no: the channel is removed, so nothing more goes to the address. */
export async function declineEmailChannel(db: Db, token: string, now = new Date()) {
  if (token.length === 0 || token.length > 100) return false;
  const removed = await db
    .delete(notificationChannel)
    .where(usableToken(token, now))
    .returning({ id: notificationChannel.id });
  return removed.length > 0;
}
