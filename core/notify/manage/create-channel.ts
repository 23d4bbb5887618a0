import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationChannel } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { Fetcher } from "../../fetch/index.ts";
import type { ChannelConfig } from "../channels.ts";
import { assertDeliverableReceiver } from "../receiver.ts";
import { type ChannelView, toChannelView } from "./channel-view.ts";
import {
  accountOf,
  type ConfirmationDeps,
  mailChannelConfirmation,
  needsConfirmation,
} from "./email-confirmation.ts";
import { takeConfirmationMail } from "./send-limits.ts";

/** The free plan's default (MAX_CHANNELS_PER_USER); a plan may allow more or fewer. */
export const MAX_CHANNELS_PER_USER = 20;

const DEFAULT_NAMES: Record<string, string> = {
  email: "Email",
  webhook: "Webhook",
  discord: "Discord",
  slack: "Slack",
  teams: "Microsoft Teams",
  telegram: "Telegram",
  ntfy: "ntfy",
  gotify: "Gotify",
  push: "This browser",
};

export type ChannelInput = { name?: string; config: ChannelConfig };

/** What adding or changing a channel needs: mail for confirmations, DNS for receivers. */
export type ChannelDeps = ConfirmationDeps & { fetcher: Pick<Fetcher, "checkTarget"> };

/**
 * Adds a channel. An HTTP receiver must be deliverable (a public address a name server knows).
 * An email address other than the account's starts unconfirmed and gets one
 * confirmation mail (limited per address and per account, checked before anything is
 * written); the same browser subscribing again updates its push channel instead.
 */
export async function createChannel(
  deps: ChannelDeps,
  userId: string,
  input: ChannelInput,
  limits: { maxChannels: number } = { maxChannels: MAX_CHANNELS_PER_USER },
): Promise<ChannelView> {
  const { db } = deps;
  const existing = await db
    .select({ id: notificationChannel.id, config: notificationChannel.config })
    .from(notificationChannel)
    .where(eq(notificationChannel.userId, userId));
  if (input.config.type === "push") {
    const resubscribed = await resubscribePush(db, existing, input.config);
    if (resubscribed) return resubscribed;
  }
  if (existing.length >= limits.maxChannels) {
    throw new AppError(
      "validation_failed",
      `You can have at most ${limits.maxChannels} channels.`,
      { fields: [{ field: "config", message: "Too many channels" }] },
    );
  }
  // A receiver nobody can deliver to is refused now, not after three failed alerts.
  await assertDeliverableReceiver(deps.fetcher, input.config);
  const owner = await accountOf(db, userId);
  const isUnconfirmed = needsConfirmation(input.config, owner.email);
  if (isUnconfirmed && input.config.type === "email") {
    await takeConfirmationMail(db, { userId, address: input.config.address, now: deps.now?.() });
  }
  const [row] = await db
    .insert(notificationChannel)
    .values({
      userId,
      kind: input.config.type,
      name: input.name?.trim() || DEFAULT_NAMES[input.config.type] || input.config.type,
      config: input.config,
      ...(isUnconfirmed ? { confirmedAt: null } : {}),
    })
    .returning();
  const created = isUnconfirmed ? await mailChannelConfirmation(deps, row!) : row!;
  return toChannelView(created);
}

/** The same browser subscribing again replaces nothing and adds nothing. */
async function resubscribePush(
  db: Db,
  existing: { id: string; config: Record<string, unknown> }[],
  config: Extract<ChannelConfig, { type: "push" }>,
): Promise<ChannelView | null> {
  const same = existing.find(
    (c) => c.config.type === "push" && c.config.endpoint === config.endpoint,
  );
  if (!same) return null;
  const [row] = await db
    .update(notificationChannel)
    .set({ config, isPaused: false, pauseReason: null })
    .where(eq(notificationChannel.id, same.id))
    .returning();
  return toChannelView(row!);
}
