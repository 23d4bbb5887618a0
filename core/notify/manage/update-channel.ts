import { and, eq } from "drizzle-orm";
import { notificationChannel } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { ChannelConfig } from "../channels.ts";
import { assertDeliverableReceiver } from "../receiver.ts";
import { type ChannelRow, type ChannelView, toChannelView } from "./channel-view.ts";
import type { ChannelDeps } from "./create-channel.ts";
import {
  accountOf,
  type ConfirmationDeps,
  mailChannelConfirmation,
  needsConfirmation,
} from "./email-confirmation.ts";
import { getOwnChannel } from "./get-own-channel.ts";
import { takeConfirmationMail } from "./send-limits.ts";

export type ChannelUpdateInput = { name?: string; isPaused?: boolean; config?: ChannelConfig };

/**
 * Renames, pauses, resumes or reconfigures the owner's channel. A changed email address is a
 * new receiver: it becomes unconfirmed and gets a confirmation mail, like a new channel.
 */
export async function updateChannel(
  deps: ChannelDeps,
  userId: string,
  id: string,
  input: ChannelUpdateInput,
): Promise<ChannelView> {
  const current = await getOwnChannel(deps.db, userId, id);
  if (input.config && input.config.type !== current.kind) {
    throw new AppError("validation_failed", "A channel's kind cannot change.", {
      fields: [{ field: "config.type", message: "A channel's kind cannot change." }],
    });
  }
  if (input.config) await assertDeliverableReceiver(deps.fetcher, input.config);
  const isNewAddress = await isNewUnconfirmedAddress(deps, userId, current, input.config);
  const isResuming = input.isPaused === false && current.isPaused;
  const [row] = await deps.db
    .update(notificationChannel)
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() || current.name } : {}),
      ...(input.config ? { config: input.config, lastError: null } : {}),
      ...(isNewAddress ? { confirmedAt: null, confirmationSentAt: null } : {}),
      ...(input.isPaused !== undefined ? { isPaused: input.isPaused } : {}),
      ...(isResuming ? { pauseReason: null, consecutivePermanentFailures: 0 } : {}),
      // Paused by hand: not a problem to report in the feed.
      ...(input.isPaused === true && !current.isPaused ? { pauseReason: null } : {}),
    })
    .where(and(eq(notificationChannel.id, id), eq(notificationChannel.userId, userId)))
    .returning();
  return toChannelView(isNewAddress ? await mailChannelConfirmation(deps, row!) : row!);
}

/** A different address that needs confirmation; takes the confirmation budget when it does. */
async function isNewUnconfirmedAddress(
  deps: ConfirmationDeps,
  userId: string,
  current: ChannelRow,
  config: ChannelConfig | undefined,
): Promise<boolean> {
  if (config?.type !== "email") return false;
  const before = String((current.config as { address?: unknown }).address ?? "");
  if (before.trim().toLowerCase() === config.address.trim().toLowerCase()) return false;
  const owner = await accountOf(deps.db, userId);
  if (!needsConfirmation(config, owner.email)) return false;
  await takeConfirmationMail(deps.db, { userId, address: config.address, now: deps.now?.() });
  return true;
}
