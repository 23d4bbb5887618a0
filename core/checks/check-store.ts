import type { SqlExecutor } from "../db/client.ts";
import {
  alertEvent,
  type ObservationSource,
  priceObservation,
  product,
  watch,
} from "../db/schema/index.ts";
import { assignments, col, json, paramList, scalar } from "../db/typed-params.ts";
import type { ExtractResult } from "../extract/index.ts";
import { extractionColumns } from "./extraction-columns.ts";
import { LANDED_KEYS, pickLanded } from "./landed-columns.ts";
import type { ObservedFacts } from "./observed-facts.ts";

/**
 * The check's database side, in as few round trips as a check allows (docs/decisions/0012):
 * one read (`readCheckState`) before the alert decision, then ONE statement that writes
 * everything the check changed (`storeReading`, `storeFailure`, `releaseDeferred`). A single
 * statement is atomic on its own: the observation, the events and the alert states are
 * committed together or not at all, with no BEGIN/COMMIT round trips.
 *
 * Every write is fenced by the claim: `lease_owner` AND `lease_until` must still be the ones
 * this claim set. A worker whose lease lapsed and was taken over (or which re-claimed the
 * product itself since) writes nothing, whatever it read. A watch edited by its owner between
 * the read and the write (`updated_at` moved: new rule, paused) gets neither the event nor the
 * state decided under its old rule; the next check decides afresh. Alert states and events go
 * only to the checked product's own watches, found through `watch.product_id`'s index: joined
 * on the watch ids alone, the planner read the whole watch table for every check (a record set
 * of unknown length against a table of a few thousand rows).
 */

/** Which claim a write belongs to. */
export type ClaimFence = { productId: string; leaseOwner: string; leaseUntil: Date };

/** An active watch as a check reads it. */
export type CheckedWatch = {
  id: string;
  userId: string;
  ruleKind: string;
  ruleAmountMinor: number | null;
  ruleCurrency: string | null;
  rulePercent: number | null;
  ruleDays: number | null;
  /** Alerts are not raised before this instant (ISO text as read), null when not snoozed. */
  snoozedUntil: string | null;
  /** Price-down alerts only for a real deal (decision 0063). */
  onlyRealDeal: boolean;
  alertState: Record<string, unknown>;
  /** The row's version as read: the write applies only if it is unchanged. */
  updatedAt: string;
};

export type CheckState = {
  isFenceHeld: boolean;
  /** The product's interval now (shortest among its active watches; may have changed since the claim). */
  checkIntervalMinutes: number;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  watches: CheckedWatch[];
  /** The history row this reading joins (same price, currency, stock), or null. */
  joinsObservation: { id: number; observedAt: Date } | null;
  /** The id reserved for a new history row when the reading differs from the last one. */
  newObservationId: number | null;
};

/** An alert event to insert (its watch must still exist, unpaused, at the version read). */
export type NewEvent = {
  idempotencyKey: string;
  watchId: string;
  watchUpdatedAt: string;
  kind: string;
  oldPriceMinor: number | null;
  newPriceMinor: number | null;
  currency: string | null;
  details: Record<string, unknown>;
};

export type StateWrite = {
  watchId: string;
  watchUpdatedAt: string;
  state: Record<string, unknown>;
};

type StateRow = {
  lease_owner: string | null;
  check_interval_minutes: number;
  lease_until: Date | string | null;
  consecutive_failures: number;
  last_success_at: Date | string | null;
  last_id: number | null;
  last_observed_at: Date | string | null;
  new_observation_id: number | null;
  watches: CheckedWatch[] | string;
};

const READ_STATE = `
select p.lease_owner, p.lease_until, p.check_interval_minutes, p.consecutive_failures,
       p.last_success_at,
       o.id::float8 as last_id, o.observed_at as last_observed_at,
       (case when $2::boolean and (o.id is null
                 or o.price_minor is distinct from $3::bigint
                 or o.currency is distinct from $4::text
                 or o.availability is distinct from $5::text
                 -- A new "was" price starts a new row too (0062).
                 or o.list_price_minor is distinct from $7::bigint
                 or o.reference_lowest_30d_minor is distinct from $8::bigint
                 -- So does a new shipping or unit price (0079).
                 or (o.shipping_cost_minor, o.shipping_free_above_minor, o.unit_price_minor,
                     o.unit_price_quantity, o.unit_price_unit)
                    is distinct from ($9::bigint, $10::bigint, $11::bigint, $12::float8, $13::text)
                 -- A browser's observation and a server's are never one row.
                 or o.source is distinct from $6::text)
             then nextval(pg_get_serial_sequence('price_observation', 'id')) end)::float8
         as new_observation_id,
       coalesce((select jsonb_agg(jsonb_build_object(
                   'id', w.id, 'userId', w.user_id, 'ruleKind', w.rule_kind,
                   'ruleAmountMinor', w.rule_amount_minor, 'ruleCurrency', w.rule_currency,
                   'rulePercent', w.rule_percent, 'ruleDays', w.rule_days,
                   'snoozedUntil', w.snoozed_until, 'alertState', w.alert_state,
                   'onlyRealDeal', w.only_real_deal,
                   'updatedAt', w.updated_at) order by w.id)
                   from watch w where w.product_id = p.id and not w.is_paused),
                '[]'::jsonb) as watches
  from product p
  left join lateral (
    select id, price_minor, currency, list_price_minor, reference_lowest_30d_minor,
           shipping_cost_minor, shipping_free_above_minor, unit_price_minor, unit_price_quantity,
           unit_price_unit, availability, observed_at, source
      from price_observation
     -- The shared history only: a person's own browser readings are their watch's (0048).
     where product_id = p.id and watch_id is null order by observed_at desc, id desc limit 1
  ) o on true
 where p.id = $1::uuid`;

/**
 * What a check needs before it decides: the claim still held, the failure streak, the active
 * watches, and where the reading goes in the history (`facts` null for a failed reading).
 */
export async function readCheckState(
  sql: SqlExecutor,
  fence: ClaimFence,
  facts: ObservedFacts | null,
  source: ObservationSource = "server",
): Promise<CheckState | null> {
  const { rows } = await sql.query<StateRow>(
    READ_STATE,
    [
      fence.productId,
      facts !== null,
      facts?.priceMinor ?? null,
      facts?.currency ?? null,
      facts?.availability ?? null,
      source,
      facts?.listPriceMinor ?? null,
      facts?.referenceLowest30dMinor ?? null,
      ...LANDED_KEYS.map((key) => facts?.[key] ?? null),
    ],
    { name: "dropwave_check_read" },
  );
  const row = rows[0];
  if (!row) return null;
  const leaseUntil = toDate(row.lease_until);
  const lastObservedAt = toDate(row.last_observed_at);
  const watches = typeof row.watches === "string" ? JSON.parse(row.watches) : row.watches;
  return {
    isFenceHeld:
      row.lease_owner === fence.leaseOwner && leaseUntil?.getTime() === fence.leaseUntil.getTime(),
    checkIntervalMinutes: Number(row.check_interval_minutes),
    consecutiveFailures: Number(row.consecutive_failures),
    lastSuccessAt: toDate(row.last_success_at),
    watches: (watches as CheckedWatch[]).map((w) => ({
      ...w,
      ruleAmountMinor: w.ruleAmountMinor === null ? null : Number(w.ruleAmountMinor),
    })),
    joinsObservation:
      facts !== null && row.new_observation_id === null && row.last_id !== null && lastObservedAt
        ? { id: Number(row.last_id), observedAt: lastObservedAt }
        : null,
    newObservationId: row.new_observation_id === null ? null : Number(row.new_observation_id),
  };
}

/* Writes ------------------------------------------------------------------------------------ */

/**
 * The parameters of the three writes, each defined by the column it fills (core/db/typed-params):
 * the SQL text takes its names and casts from them and `values()` wants a value of the column's
 * type for every one, so a renamed or retyped column fails to compile here.
 */
const at = scalar<Date>("timestamptz", (d) => d.toISOString());
const fenceDefs = {
  productId: product.id,
  leaseOwner: product.leaseOwner,
  leaseUntil: product.leaseUntil,
  at,
} as const;

const fenceOf = (p: { productId: string; leaseOwner: string; leaseUntil: string }) =>
  `${col(product.id)} = ${p.productId} and ${col(product.leaseOwner)} = ${p.leaseOwner}
     and ${col(product.leaseUntil)} = ${p.leaseUntil}`;

const fenceValues = (fence: ClaimFence, when: Date) => ({
  productId: fence.productId,
  leaseOwner: fence.leaseOwner,
  leaseUntil: fence.leaseUntil,
  at: when,
});

type EventRecord = {
  idempotency_key: string;
  watch_id: string;
  watch_updated_at: string;
  kind: string;
  old_price_minor: number | null;
  new_price_minor: number | null;
  currency: string | null;
  details: Record<string, unknown>;
};
type StateRecord = { watch_id: string; watch_updated_at: string; state: Record<string, unknown> };

/** Inserts the events of `events` whose watch is unchanged since the read (see top). */
const insertEvents = (p: { productId: string; at: string; events: string }) => `
  events as (
    insert into alert_event (${[
      alertEvent.idempotencyKey,
      alertEvent.watchId,
      alertEvent.userId,
      alertEvent.productId,
      alertEvent.kind,
      alertEvent.oldPriceMinor,
      alertEvent.newPriceMinor,
      alertEvent.currency,
      alertEvent.details,
      alertEvent.createdAt,
    ]
      .map(col)
      .join(", ")})
    select e.idempotency_key, w.id, w.user_id, ${p.productId}, e.kind,
           e.old_price_minor, e.new_price_minor, e.currency, e.details, ${p.at}
      from jsonb_to_recordset(${p.events}) as e(
             idempotency_key text, watch_id uuid, watch_updated_at timestamptz, kind text,
             old_price_minor bigint, new_price_minor bigint, currency text, details jsonb)
      join watch w on w.id = e.watch_id and w.updated_at = e.watch_updated_at and not w.is_paused
                  and w.${col(watch.productId)} = ${p.productId}
     where exists (select 1 from locked)
    on conflict (${col(alertEvent.idempotencyKey)}) do nothing
    returning 1
  )`;

const COUNTS =
  "select (select count(*) from locked)::int as locked, (select count(*) from events)::int as events";

const readingDefs = {
  ...fenceDefs,
  title: product.title,
  imageUrl: product.imageUrl,
  brand: product.brand,
  sku: product.sku,
  gtin: product.gtin,
  canonicalUrl: product.canonicalUrl,
  priceMinor: product.priceMinor,
  currency: product.currency,
  listPriceMinor: product.listPriceMinor,
  referenceLowest30dMinor: priceObservation.referenceLowest30dMinor,
  shippingCostMinor: product.shippingCostMinor,
  shippingFreeAboveMinor: product.shippingFreeAboveMinor,
  unitPriceMinor: product.unitPriceMinor,
  unitPriceQuantity: product.unitPriceQuantity,
  unitPriceUnit: product.unitPriceUnit,
  availability: product.availability,
  extractStatus: product.extractStatus,
  candidates: product.candidates,
  lastOutcome: product.lastOutcome,
  nextCheckAt: product.nextCheckAt,
  source: priceObservation.source,
  joinedObservationId: scalar<number | null>("bigint"),
  secondsSinceObserved: scalar<number | null>("integer"),
  newObservationId: scalar<number | null>("bigint"),
  stateWrites: json<StateRecord[]>(),
  events: json<EventRecord[]>(),
} as const;
const reading = paramList(readingDefs);

const STORE_READING = (() => {
  const { p } = reading;
  const o = priceObservation;
  return `
with locked as (
  update product set
    ${assignments(reading, readingDefs, [
      "title",
      "imageUrl",
      "brand",
      "sku",
      "gtin",
      "canonicalUrl",
      "priceMinor",
      "currency",
      "listPriceMinor",
      ...LANDED_KEYS,
      "availability",
      "extractStatus",
      "candidates",
      "lastOutcome",
      "nextCheckAt",
    ])},
    ${col(product.lastCheckedAt)} = ${p.at}, ${col(product.lastSuccessAt)} = ${p.at},
    ${col(product.updatedAt)} = ${p.at}, ${col(product.lastError)} = null,
    ${col(product.consecutiveFailures)} = 0,
    ${col(product.leaseUntil)} = null, ${col(product.leaseOwner)} = null
  where ${fenceOf(p)}
  returning id
),
joined as (
  update price_observation
     set ${col(o.lastSeenAt)} = ${p.at},
         ${col(o.checkOffsets)} = array_append(${col(o.checkOffsets)}, ${p.secondsSinceObserved})
   where ${col(o.id)} = ${p.joinedObservationId} and exists (select 1 from locked)
  returning id
),
added as (
  insert into price_observation (${[o.id, o.productId, o.priceMinor, o.currency, o.listPriceMinor, o.referenceLowest30dMinor, ...LANDED_KEYS.map((k) => o[k]), o.availability, o.observedAt, o.lastSeenAt, o.source].map(col).join(", ")})
  select ${p.newObservationId}, ${p.productId}, ${p.priceMinor}, ${p.currency}, ${p.listPriceMinor}, ${p.referenceLowest30dMinor}, ${LANDED_KEYS.map((k) => p[k]).join(", ")}, ${p.availability},
         ${p.at}, ${p.at}, ${p.source}
    from locked where ${p.newObservationId} is not null
  returning id
),
states as (
  update watch w set ${col(watch.alertState)} = s.state
    from jsonb_to_recordset(${p.stateWrites}) as s(watch_id uuid, watch_updated_at timestamptz, state jsonb)
   where w.id = s.watch_id and w.${col(watch.updatedAt)} = s.watch_updated_at
     and w.${col(watch.productId)} = ${p.productId}
     and exists (select 1 from locked)
  returning w.id
),
${insertEvents(p)}
${COUNTS}`;
})();

type WriteRow = { locked: number; events: number };

export type StoredWrite = { isFenceHeld: boolean; events: number };

/** A successful reading: product facts, history, alert states, events, next check, lease off. */
export async function storeReading(
  sql: SqlExecutor,
  fence: ClaimFence,
  input: {
    at: Date;
    result: ExtractResult;
    facts: ObservedFacts;
    outcome: "ok" | "held";
    nextCheckAt: Date;
    state: CheckState;
    stateWrites: StateWrite[];
    events: NewEvent[];
    /** Who saw it (default: the server's check). */
    source?: ObservationSource;
  },
): Promise<StoredWrite> {
  const { result, facts, state } = input;
  const joins = state.joinsObservation;
  const { rows } = await sql.query<WriteRow>(
    STORE_READING,
    reading.values({
      ...fenceValues(fence, input.at),
      // The same product columns as a preview's save (title … candidates), then the reading.
      ...extractionColumns(result, input.at),
      priceMinor: facts.priceMinor,
      currency: facts.currency,
      listPriceMinor: facts.listPriceMinor,
      referenceLowest30dMinor: facts.referenceLowest30dMinor,
      ...pickLanded(facts),
      availability: facts.availability,
      lastOutcome: input.outcome,
      nextCheckAt: input.nextCheckAt,
      source: input.source ?? "server",
      joinedObservationId: joins?.id ?? null,
      secondsSinceObserved: joins
        ? Math.max(0, Math.round((input.at.getTime() - joins.observedAt.getTime()) / 1000))
        : null,
      newObservationId: state.newObservationId,
      stateWrites: input.stateWrites.map((s) => ({
        watch_id: s.watchId,
        watch_updated_at: s.watchUpdatedAt,
        state: s.state,
      })),
      events: eventRecords(input.events),
    }),
    { name: "dropwave_check_store_reading" },
  );
  return written(rows[0]);
}

const failureDefs = {
  ...fenceDefs,
  lastOutcome: product.lastOutcome,
  lastError: product.lastError,
  extractStatus: product.extractStatus,
  candidates: product.candidates,
  nextCheckAt: product.nextCheckAt,
  events: json<EventRecord[]>(),
} as const;
const failure = paramList(failureDefs);

const STORE_FAILURE = (() => {
  const { p } = failure;
  return `
with locked as (
  update product set
    ${assignments(failure, failureDefs, ["lastOutcome", "lastError", "nextCheckAt"])},
    ${col(product.lastCheckedAt)} = ${p.at}, ${col(product.updatedAt)} = ${p.at},
    ${col(product.consecutiveFailures)} = ${col(product.consecutiveFailures)} + 1,
    ${col(product.extractStatus)} = coalesce(${p.extractStatus}, ${col(product.extractStatus)}),
    ${col(product.candidates)} = coalesce(${p.candidates}, ${col(product.candidates)}),
    ${col(product.leaseUntil)} = null, ${col(product.leaseOwner)} = null
  where ${fenceOf(p)}
  returning id
),
${insertEvents(p)}
${COUNTS}`;
})();

/** A failed check: the streak and the error in words, backoff, the "unreachable" notices. */
export async function storeFailure(
  sql: SqlExecutor,
  fence: ClaimFence,
  input: {
    at: Date;
    outcome: string;
    error: string;
    result: ExtractResult | undefined;
    nextCheckAt: Date;
    events: NewEvent[];
  },
): Promise<StoredWrite> {
  const { rows } = await sql.query<WriteRow>(
    STORE_FAILURE,
    failure.values({
      ...fenceValues(fence, input.at),
      lastOutcome: input.outcome,
      lastError: input.error,
      extractStatus: input.result?.status ?? null,
      // null keeps the stored candidates (a failure without an extraction).
      candidates: (input.result?.candidates ?? null) as unknown[],
      nextCheckAt: input.nextCheckAt,
      events: eventRecords(input.events),
    }),
    { name: "dropwave_check_store_failure" },
  );
  return written(rows[0]);
}

const deferredDefs = { ...fenceDefs, nextCheckAt: product.nextCheckAt } as const;
const deferred = paramList(deferredDefs);
const RELEASE_DEFERRED = `
update product set ${assignments(deferred, deferredDefs, ["nextCheckAt"])},
       ${col(product.updatedAt)} = ${deferred.p.at},
       ${col(product.leaseUntil)} = null, ${col(product.leaseOwner)} = null
 where ${fenceOf(deferred.p)} returning id`;

/** The store asked us to slow down: give the claim back with a later time, nothing else. */
export async function releaseDeferred(
  sql: SqlExecutor,
  fence: ClaimFence,
  input: { at: Date; nextCheckAt: Date },
): Promise<boolean> {
  const { rows } = await sql.query<{ id: string }>(
    RELEASE_DEFERRED,
    deferred.values({ ...fenceValues(fence, input.at), nextCheckAt: input.nextCheckAt }),
    { name: "dropwave_check_release_deferred" },
  );
  return rows.length > 0;
}

function eventRecords(events: NewEvent[]): EventRecord[] {
  return events.map((e) => ({
    idempotency_key: e.idempotencyKey,
    watch_id: e.watchId,
    watch_updated_at: e.watchUpdatedAt,
    kind: e.kind,
    old_price_minor: e.oldPriceMinor,
    new_price_minor: e.newPriceMinor,
    currency: e.currency,
    details: e.details,
  }));
}

function written(row: WriteRow | undefined): StoredWrite {
  return { isFenceHeld: Number(row?.locked ?? 0) > 0, events: Number(row?.events ?? 0) };
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
