import { getAccountEmail } from "../../accounts/account-email.ts";
import { renderChannelPausedEmail } from "../../mail/emails/notices.ts";
import type { DeliveryDeps } from "./types.ts";

/** Tells the owner by email that a channel was paused (a failure here is only logged). */
export async function mailPauseNotice(
  deps: DeliveryDeps,
  input: { userId: string; channelId: string; name: string; pauseReason: string },
): Promise<void> {
  const owner = await getAccountEmail(deps.database.db, input.userId);
  // Nothing but the verification mail goes to an address nobody has verified (0049).
  if (!owner?.isVerified) return;
  const manageUrl = `${deps.publicUrl}/user#notifications`;
  try {
    const mail = renderChannelPausedEmail({
      channelName: input.name,
      pauseReason: input.pauseReason,
      manageUrl,
    });
    await deps.mailer.send({ to: owner.email, ...mail });
  } catch (error) {
    deps.log.warn(
      { err: error, channelId: input.channelId },
      "could not email the paused-channel notice",
    );
  }
}
