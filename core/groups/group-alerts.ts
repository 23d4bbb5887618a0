import { shownReading } from "../checks/shown-reading.ts";
import type { SqlExecutor } from "../db/client.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { type ComparedMember, decideGroupAlert } from "./compare-group.ts";

type GroupRow = {
  id: string;
  user_id: string;
  name: string;
  target_minor: string | number;
  target_currency: string;
  is_target_met: boolean;
};

type MemberRow = {
  watch_id: string;
  product_id: string;
  price_minor: string | number | null;
  currency: string | null;
  availability: string;
  last_success_at: Date | string | null;
  own_price_minor: string | number | null;
  own_currency: string | null;
  own_availability: string | null;
  own_last_seen_at: Date | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The group alert (issue #37 item 5, decision 0068), after a reading of `productId` was stored
 * (a server check, or with `watchId` a person's browser reading of that watch, 0048): each group
 * with a target that holds an active watch of the product (with `watchId`: that watch's group
 * only) is judged again from its stores' current prices — each store's price as its watch
 * shows it, its owner's own browser reading when newer (decideGroupAlert, pure). The group's "met" flag is changed by a
 * compare-and-set, so two stores checked at once raise one alert; the event is a
 * `below_target` alert on the cheapest store's watch, with a key unique to the group and the
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
    `select g.id, g.user_id, g.name, g.target_minor, g.target_currency, g.is_target_met
       from watch_group g
      where g.target_minor is not null and g.target_currency is not null
        and exists (select 1 from watch w
                     where w.group_id = g.id and w.product_id = $1::uuid and not w.is_paused
                       and ($2::uuid is null or w.id = $2::uuid))`,
    [input.productId, input.watchId ?? null],
    { name: "dropwave_group_alert_groups" },
  );
  let raised = 0;
  for (const group of groups) {
    const { rows } = await sql.query<MemberRow>(
      `select w.id as watch_id, w.product_id, p.price_minor, p.currency, p.availability,
              p.last_success_at, own.price_minor as own_price_minor,
              own.currency as own_currency, own.availability as own_availability,
              own.last_seen_at as own_last_seen_at
         from watch w join product p on p.id = w.product_id
         left join lateral (
           select o.price_minor, o.currency, o.availability, o.last_seen_at
             from price_observation o
            where o.watch_id = w.id
            order by o.observed_at desc, o.id desc limit 1) own on true
        where w.group_id = $1::uuid and not w.is_paused
        order by w.created_at, w.id`,
      [group.id],
      { name: "dropwave_group_alert_members" },
    );
    const members: ComparedMember[] = rows.map((r) => {
      const shown = shownReading(
        {
          priceMinor: r.price_minor === null ? null : Number(r.price_minor),
          currency: r.currency,
          availability: r.availability,
          lastSuccessAt: r.last_success_at === null ? null : date(r.last_success_at),
        },
        r.own_last_seen_at === null
          ? undefined
          : {
              priceMinor: r.own_price_minor === null ? null : Number(r.own_price_minor),
              currency: r.own_currency,
              availability: r.own_availability ?? "unknown",
              lastSeenAt: date(r.own_last_seen_at),
            },
      );
      return {
        watchId: r.watch_id,
        price:
          shown.priceMinor === null || shown.currency === null
            ? null
            : { amountMinor: shown.priceMinor, currency: shown.currency },
        availability: shown.availability,
      };
    });
    const target = { amountMinor: Number(group.target_minor), currency: group.target_currency };
    const isMixed = members.some((m) => m.price && m.price.currency !== target.currency);
    const rates = isMixed && input.rates ? await input.rates() : null;
    const decision = decideGroupAlert({ target, members, wasMet: group.is_target_met, rates });
    if (decision.isMet === group.is_target_met) continue;
    const { rows: changed } = await sql.query<{ id: string }>(
      `update watch_group set is_target_met = $2::boolean
        where id = $1::uuid and is_target_met = $3::boolean returning id`,
      [group.id, decision.isMet, group.is_target_met],
      { name: "dropwave_group_alert_flag" },
    );
    if (changed.length === 0 || !decision.alert) continue;
    const member = rows.find((r) => r.watch_id === decision.alert!.watchId)!;
    const { rows: inserted } = await sql.query(
      `insert into alert_event (idempotency_key, watch_id, user_id, product_id, kind,
                                old_price_minor, new_price_minor, currency, details, created_at)
       values ($1::text, $2::uuid, $3::text, $4::uuid, 'below_target', $5::bigint, $6::bigint,
               $7::text, $8::jsonb, $9::timestamptz)
       on conflict (idempotency_key) do nothing returning 1`,
      [
        `group:${group.id}:${input.observationId}`,
        member.watch_id,
        group.user_id,
        member.product_id,
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
