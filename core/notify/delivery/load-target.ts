import { and, asc, eq, isNull, lte, min, or } from "drizzle-orm";
import {
  awaitsAccountVerification,
  getAccountEmail,
  UNVERIFIED_ACCOUNT_EMAIL_REASON,
} from "../../accounts/account-email.ts";
import { priceVerdict, VERDICT_WORDS } from "../../checks/price-verdict.ts";
import type { Database } from "../../db/client.ts";
import {
  alertEvent,
  notificationChannel,
  priceObservation,
  product,
} from "../../db/schema/index.ts";
import { alertInputFromRow } from "../alert-input-from-row.ts";
import { type AlertMessage, buildAlertMessage } from "../alert-message.ts";
import type { ChannelConfig } from "../channels.ts";
import type { ClaimedRow, Target } from "./types.ts";

/** Where a claimed row goes, or null when its channel (or owner) was removed meanwhile. */
export async function loadTarget(database: Database, row: ClaimedRow): Promise<Target | null> {
  const { db } = database;
  const account = await getAccountEmail(db, row.user_id);
  if (!account) return null;
  if (row.channel_id === null) {
    return {
      channel: { type: "email", address: account.email },
      channelId: null,
      name: "Account email",
      isConfirmed: account.isVerified,
      ...(account.isVerified ? {} : { skipReason: UNVERIFIED_ACCOUNT_EMAIL_REASON }),
    };
  }
  const [found] = await db
    .select()
    .from(notificationChannel)
    .where(eq(notificationChannel.id, row.channel_id));
  if (!found) return null;
  // Stored configs were validated on the way in (possibly with test options); trust their shape.
  const channel = found.config as ChannelConfig;
  const isHeld = channel.type === "email" && awaitsAccountVerification(channel.address, account);
  return {
    channel,
    channelId: found.id,
    name: found.name,
    isConfirmed: found.confirmedAt !== null && !isHeld,
    ...(isHeld ? { skipReason: UNVERIFIED_ACCOUNT_EMAIL_REASON } : {}),
  };
}

/** The message for one event, or null when the event or its kind is unknown here. */
export async function loadAlertMessage(
  database: Database,
  eventId: string,
  publicUrl: string,
): Promise<AlertMessage | null> {
  const { db } = database;
  const [row] = await db
    .select({ event: alertEvent, product })
    .from(alertEvent)
    .innerJoin(product, eq(product.id, alertEvent.productId))
    .where(eq(alertEvent.id, eventId));
  if (!row) return null;
  let lowestPrice = null;
  if (row.event.currency) {
    const [low] = await db
      .select({ amount: min(priceObservation.priceMinor) })
      .from(priceObservation)
      .where(
        and(
          eq(priceObservation.productId, row.product.id),
          eq(priceObservation.currency, row.event.currency),
          // The shared history and the alerted watch's own readings (0048).
          or(isNull(priceObservation.watchId), eq(priceObservation.watchId, row.event.watchId)),
        ),
      );
    if (low?.amount != null) {
      lowestPrice = { amountMinor: Number(low.amount), currency: row.event.currency };
    }
  }
  const input = alertInputFromRow(row.event, row.product, {
    publicUrl,
    lowestPrice,
    verdict: await verdictAtEvent(database, row.event),
  });
  return input ? buildAlertMessage(input) : null;
}

/**
 * The verdict on the event's new price as of the event (decision 0061), in words, or null when
 * there is no claim to make (no price, not enough history).
 */
async function verdictAtEvent(
  database: Database,
  event: typeof alertEvent.$inferSelect,
): Promise<string | null> {
  if (event.newPriceMinor === null || !event.currency) return null;
  const rows = await database.db
    .select({
      observedAt: priceObservation.observedAt,
      lastSeenAt: priceObservation.lastSeenAt,
      priceMinor: priceObservation.priceMinor,
      currency: priceObservation.currency,
    })
    .from(priceObservation)
    .where(
      and(
        eq(priceObservation.productId, event.productId),
        or(isNull(priceObservation.watchId), eq(priceObservation.watchId, event.watchId)),
        lte(priceObservation.observedAt, event.createdAt),
      ),
    )
    .orderBy(asc(priceObservation.observedAt), asc(priceObservation.id));
  const verdict = priceVerdict(
    rows.map((r) => ({
      at: r.observedAt,
      // What was seen after the event is not part of the verdict at the event.
      lastSeenAt: r.lastSeenAt > event.createdAt ? event.createdAt : r.lastSeenAt,
      price:
        r.priceMinor === null || !r.currency
          ? null
          : { amountMinor: Number(r.priceMinor), currency: r.currency },
    })),
    { amountMinor: Number(event.newPriceMinor), currency: event.currency },
    event.createdAt,
  );
  if (verdict.key === "no_price" || verdict.key === "not_enough_history") return null;
  return VERDICT_WORDS[verdict.key];
}
