import { readDealEvidence } from "../checks/deal-evidence.ts";
import { shownReading } from "../checks/shown-reading.ts";
import { isSnoozed } from "../checks/snooze.ts";
import type { SqlExecutor } from "../db/client.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { type AlertingMember, decideGroupAlert } from "./compare-group.ts";

type GroupRow = {
  id: string;
  user_id: string;
  name: string;
  target_minor: string | number | null;
  target_currency: string | null;
  is_target_met: boolean;
  /** Its stores' prices are in more than one currency. */
  is_mixed: boolean;
};

type MemberRow = {
  watch_id: string;
  product_id: string;
  only_real_deal: boolean;
  snoozed_until: Date | string | null;
  price_minor: string | number | null;
  currency: string | null;
  list_price_minor: string | number | null;
  availability: string;
  last_success_at: Date | string | null;
  /** When the product's latest shared reading began (its price's run). */
  shared_since: Date | string | null;
  own_price_minor: string | number | null;
  own_currency: string | null;
  own_list_price_minor: string | number | null;
  own_availability: string | null;
  own_observed_at: Date | string | null;
  own_last_seen_at: Date | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const minor = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The group alert (issue #37 item 5, decision 0068), after a reading of `productId` was stored
 * (a server check, or with `watchId` a person's browser reading of that watch, 0075): each group
 * with a target that holds an active watch of the product (with `watchId`: that watch's group
 * only) is judged again from its stores' current prices — each store's price as its watch
 * shows it, its owner's own browser reading when newer — and its stores' own watch options,
 * snooze and "only a real deal" (decideGroupAlert, pure; decision 0076). The group's "met" flag
 * is changed by a compare-and-set, so two stores checked at once raise one alert; the event is
 * a `below_target` alert on the alerted store's watch, with a key unique to the group and the
 * reading. Returns the number of events written.
 */
export async function raiseGroupAlerts(
  sql: SqlExecutor,
  input: {
    productId: string;
    observationId: string;
    at: Date;
    /** Reference rates, for groups whose stores sell in other currencies (null: unavailable). */
    rates?: () => Promise<ReferenceRates | null>;
    /** A browser reading of this watch: its group alone is judged, and the event says so. */
    watchId?: string;
  },
): Promise<number> {
  const { rows: groups } = await sql.query<GroupRow>(
    `select g.id, g.user_id, g.name, g.target_minor, g.target_currency, g.is_target_met,
            (select count(distinct p.currency) from watch m join product p on p.id = m.product_id
              where m.group_id = g.id) > 1 as is_mixed
       from watch_group g
      where exists (select 1 from watch w
                     where w.group_id = g.id and w.product_id = $1::uuid and not w.is_paused
                       and ($2::uuid is null or w.id = $2::uuid))`,
    [input.productId, input.watchId ?? null],
    { name: "dropwave_group_alert_groups" },
  );
  // The day's reference rates are asked whenever a store of a group in several currencies is
  // read, target or not: reading them keeps them (decision 0077), so the group's chart has
  // each day's rates, not only those of the days someone opened the page.
  if (input.rates && groups.some((g) => g.is_mixed)) await input.rates();
  let raised = 0;
  for (const group of groups) {
    if (group.target_minor === null || group.target_currency === null) continue;
    const members = await readMembers(sql, group.id, input.at);
    const target = { amountMinor: Number(group.target_minor), currency: group.target_currency };
    const isMixed = members.some((m) => m.price && m.price.currency !== target.currency);
    const rates = isMixed && input.rates ? await input.rates() : null;
    const decision = decideGroupAlert({
      target,
      members,
      wasMet: group.is_target_met,
      rates,
      now: input.at,
    });
    if (decision.isMet === group.is_target_met) continue;
    const { rows: changed } = await sql.query<{ id: string }>(
      `update watch_group set is_target_met = $2::boolean
        where id = $1::uuid and is_target_met = $3::boolean returning id`,
      [group.id, decision.isMet, group.is_target_met],
      { name: "dropwave_group_alert_flag" },
    );
    if (changed.length === 0 || !decision.alert) continue;
    const member = members.find((m) => m.watchId === decision.alert!.watchId)!;
    const { rows: inserted } = await sql.query(
      `insert into alert_event (idempotency_key, watch_id, user_id, product_id, kind,
                                old_price_minor, new_price_minor, currency, details, created_at)
       values ($1::text, $2::uuid, $3::text, $4::uuid, 'below_target', $5::bigint, $6::bigint,
               $7::text, $8::jsonb, $9::timestamptz)
       on conflict (idempotency_key) do nothing returning 1`,
      [
        `group:${group.id}:${input.observationId}`,
        member.watchId,
        group.user_id,
        member.productId,
        null,
        decision.alert.price.amountMinor,
        decision.alert.price.currency,
        JSON.stringify({
          groupId: group.id,
          groupName: group.name,
          groupTargetMinor: target.amountMinor,
          groupTargetCurrency: target.currency,
          convertedMinor: decision.alert.converted.amountMinor,
          ...(input.watchId ? { source: "browser" } : {}),
        }),
        input.at.toISOString(),
      ],
      { name: "dropwave_group_alert_event" },
    );
    raised += inserted.length;
  }
  return raised;
}

/**
 * A group's active stores, oldest watch first, as the group alert judges them: the price and
 * stock each watch shows, whether its watch is snoozed at `at`, and — for a watch that asks for
 * only a real deal and a price in stock — the evidence on that price (0063): the lows before
 * the price's run began (the price itself is stored already) and the page's "was" price.
 */
async function readMembers(
  sql: SqlExecutor,
  groupId: string,
  at: Date,
): Promise<(AlertingMember & { productId: string })[]> {
  const { rows } = await sql.query<MemberRow>(
    `select w.id as watch_id, w.product_id, w.only_real_deal, w.snoozed_until,
            p.price_minor, p.currency, p.list_price_minor, p.availability, p.last_success_at,
            (select s.observed_at from price_observation s
              where s.product_id = w.product_id and s.watch_id is null
              order by s.observed_at desc, s.id desc limit 1) as shared_since,
            own.price_minor as own_price_minor, own.currency as own_currency,
            own.list_price_minor as own_list_price_minor, own.availability as own_availability,
            own.observed_at as own_observed_at, own.last_seen_at as own_last_seen_at
       from watch w join product p on p.id = w.product_id
       left join lateral (
         select o.price_minor, o.currency, o.list_price_minor, o.availability, o.observed_at,
                o.last_seen_at
           from price_observation o
          where o.watch_id = w.id
          order by o.observed_at desc, o.id desc limit 1) own on true
      where w.group_id = $1::uuid and not w.is_paused
      order by w.created_at, w.id`,
    [groupId],
    { name: "dropwave_group_alert_members" },
  );
  return Promise.all(
    rows.map(async (r) => {
      const shown = shownReading(
        {
          priceMinor: minor(r.price_minor),
          currency: r.currency,
          availability: r.availability,
          lastSuccessAt: r.last_success_at === null ? null : date(r.last_success_at),
        },
        r.own_last_seen_at === null
          ? undefined
          : {
              priceMinor: minor(r.own_price_minor),
              currency: r.own_currency,
              availability: r.own_availability ?? "unknown",
              lastSeenAt: date(r.own_last_seen_at),
            },
      );
      const price =
        shown.priceMinor === null || shown.currency === null
          ? null
          : { amountMinor: shown.priceMinor, currency: shown.currency };
      const listMinor = minor(shown.isOwn ? r.own_list_price_minor : r.list_price_minor);
      const since = shown.isOwn ? r.own_observed_at : r.shared_since;
      const member: AlertingMember & { productId: string } = {
        watchId: r.watch_id,
        productId: r.product_id,
        price,
        availability: shown.availability,
        isSnoozed: isSnoozed(r.snoozed_until, at),
      };
      if (!r.only_real_deal) return member;
      if (price === null || shown.availability !== "in_stock") {
        return { ...member, onlyRealDeal: true };
      }
      const deal = await readDealEvidence(sql, {
        productId: r.product_id,
        price,
        listPrice: listMinor === null ? null : { amountMinor: listMinor, currency: price.currency },
        now: at,
        watchId: r.watch_id,
        before: since === null ? null : date(since),
      });
      return { ...member, onlyRealDeal: true, deal };
    }),
  );
}
