import type { Database } from "../../db/client.ts";
import type { Fetcher } from "../../fetch/index.ts";
import type { Logger } from "../../log.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { ChannelConfig } from "../channels.ts";
import type { DeliveryResult } from "../deliver.ts";
import type { ReceiverCaps } from "../receiver.ts";
import type { VapidKeys } from "../web-push.ts";

export type DeliveryDeps = {
  database: Database;
  fetcher: Fetcher;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  vapid?: VapidKeys;
  /** Signs the one-click unsubscribe links of alert emails (core/notify/unsubscribe.ts). */
  unsubscribeSecret?: string;
  /**
   * Aborts when this process may no longer hold its claims (its PostgreSQL session was lost:
   * core/worker-presence.ts); a send in flight stops. Absent on PGlite.
   */
  liveness?: { readonly signal: AbortSignal };
  /** Deliveries one receiver may get (env RECEIVER_MAX_PER_*; receiver.ts's defaults). */
  receiverCaps?: ReceiverCaps;
  /** The clock (tests drive time with it). */
  now?: () => Date;
  random?: () => number;
};

export type DeliveryOutcome = {
  deliveryId: string;
  eventId: string;
  channelId: string | null;
  /** "skipped": not sent, because the channel's address has not confirmed. */
  result: DeliveryResult | { kind: "skipped"; reason: string };
  /** False when the lease was lost before the result could be recorded. */
  isRecorded: boolean;
};

/** A delivery row as the claim statement returns it. */
export type ClaimedRow = {
  id: string;
  event_id: string;
  channel_id: string | null;
  user_id: string;
  attempts: number;
  first_attempt_at: Date | string;
  is_digest: boolean;
  /** With lease_owner, the claim's generation: every write of this attempt is fenced on both. */
  lease_until: Date | string;
};

/** The fence of a claimed row's writes: the same owner and the same claim (lease_until). */
export const CLAIM_FENCE =
  "id = $1 and lease_owner = $2 and lease_until = $3::timestamptz and status = 'pending'";

/** The parameters of CLAIM_FENCE for `row`, as $1–$3. */
export const fenceParams = (row: ClaimedRow, workerId: string): [string, string, string] => [
  row.id,
  workerId,
  new Date(row.lease_until).toISOString(),
];

/** Where a claimed delivery goes (channel id null = the implicit account email). */
export type Target = {
  channel: ChannelConfig;
  channelId: string | null;
  name: string;
  isConfirmed: boolean;
  /** Why an unconfirmed target is skipped (default: the address has not confirmed). */
  skipReason?: string;
};

export const clockOf = (deps: Pick<DeliveryDeps, "now">) => deps.now?.() ?? new Date();
