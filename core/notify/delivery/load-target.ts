import { and, asc, eq, isNull, lte, min, or } from "drizzle-orm";
import {
  awaitsAccountVerification,
  getAccountEmail,
  UNVERIFIED_ACCOUNT_EMAIL_REASON,
} from "../../accounts/account-email.ts";
import { priceVerdict, VERDICT_WORDS, type VerdictPoint } from "../../checks/price-verdict.ts";
import { checkReference, describeReference } from "../../checks/reference-check.ts";
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
    ...(await historyAtEvent(database, row.event)),
  });
  return input ? buildAlertMessage(input) : null;
}

/**
 * What the history says of the event's new price as of the event, in words, as the product page
 * says it: the verdict (decision 0061), and the "was" price beside it checked (0062) — each null
 * when there is no claim to make (no price, not enough history, no "was" price above it).
 */
async function historyAtEvent(
  database: Database,
  event: typeof alertEvent.$inferSelect,
): Promise<{ verdict: string | null; referenceCheck: string | null }> {
  const none = { verdict: null, referenceCheck: null };
  if (event.newPriceMinor === null || !event.currency) return none;
  const rows = await database.db
    .select({
      observedAt: priceObservation.observedAt,
      lastSeenAt: priceObservation.lastSeenAt,
      priceMinor: priceObservation.priceMinor,
      listPriceMinor: priceObservation.listPriceMinor,
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
  const points: VerdictPoint[] = rows.map((r) => ({
    at: r.observedAt,
    // What was seen after the event is not part of the verdict at the event.
    lastSeenAt: r.lastSeenAt > event.createdAt ? event.createdAt : r.lastSeenAt,
    price:
      r.priceMinor === null || !r.currency
        ? null
        : { amountMinor: Number(r.priceMinor), currency: r.currency },
  }));
  const price = { amountMinor: Number(event.newPriceMinor), currency: event.currency };
  const verdict = priceVerdict(points, price, event.createdAt);
  // The "was" price the page showed beside the alerted price: the last reading's, when it is
  // that price (the product page's shownListPrice).
  const last = rows.at(-1);
  const listPrice =
    last &&
    last.listPriceMinor !== null &&
    last.currency === price.currency &&
    Number(last.priceMinor) === price.amountMinor
      ? { amountMinor: Number(last.listPriceMinor), currency: price.currency }
      : null;
  const reference = checkReference(points, price, listPrice, event.createdAt);
  return {
    verdict:
      verdict.key === "no_price" || verdict.key === "not_enough_history"
        ? null
        : VERDICT_WORDS[verdict.key],
    referenceCheck: reference ? describeReference(reference, event.createdAt) : null,
  };
}
