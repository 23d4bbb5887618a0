import { emailKey, hitCounter } from "../accounts/email-rate-limit.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../log.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { foldRecipient } from "./recipient.ts";

/**
 * Mail one inbox may receive, whoever causes it (docs/decisions/0064). Every mail counts
 * toward `all`; mail sent because someone typed the address (`kind: "account"`: verification,
 * reset, "you already have an account", change of email, channel confirmation) also counts
 * toward the tighter `account` caps, since a stranger can cause it.
 */
export const RECIPIENT_CAPS = {
  all: [
    { max: 30, windowSeconds: 60 * 60 },
    { max: 200, windowSeconds: 24 * 60 * 60 },
  ],
  account: [
    { max: 5, windowSeconds: 60 * 60 },
    { max: 10, windowSeconds: 24 * 60 * 60 },
  ],
} as const;

export type RecipientCaps = {
  all: readonly { max: number; windowSeconds: number }[];
  account: readonly { max: number; windowSeconds: number }[];
};

/** Thrown by a capped mailer instead of sending; nothing went out. */
export class RecipientCapError extends Error {
  readonly code = "ERECIPIENTCAP";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(
      `Not sent: this address got as much mail as it may for now (try again in ${retryAfterSeconds} s)`,
    );
    this.name = "RecipientCapError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isRecipientCapError(error: unknown): error is RecipientCapError {
  return error instanceof RecipientCapError;
}

/**
 * The mailer every feature gets: counts each message per folded recipient in the database
 * (one upsert per window, so every process agrees) and refuses past a cap with
 * RecipientCapError. Every counter of a message is counted, the refused ones too: someone
 * hammering an address keeps its windows full.
 */
export function capMailPerRecipient(
  mailer: Mailer,
  options: { db: Db; log: Logger; caps?: RecipientCaps },
): Mailer {
  const caps = options.caps ?? RECIPIENT_CAPS;
  return {
    kind: mailer.kind,
    async send(message: MailMessage) {
      const recipient = emailKey(foldRecipient(message.to));
      const windows = [
        ...caps.all.map((cap) => ({ ...cap, key: `mail-to:${cap.windowSeconds}:${recipient}` })),
        ...(message.kind === "account"
          ? caps.account.map((cap) => ({
              ...cap,
              key: `mail-to-account:${cap.windowSeconds}:${recipient}`,
            }))
          : []),
      ];
      let retryAfterSeconds = 0;
      for (const { key, max, windowSeconds } of windows) {
        const decision = await hitCounter(options.db, { key, max, windowSeconds });
        if (!decision.isAllowed) {
          retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds);
        }
      }
      if (retryAfterSeconds > 0) {
        options.log.warn(
          { kind: message.kind ?? "notification", retryAfterSeconds },
          "mail not sent: the recipient's cap is reached",
        );
        throw new RecipientCapError(retryAfterSeconds);
      }
      return mailer.send(message);
    },
  };
}
