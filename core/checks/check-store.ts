import type { SqlExecutor } from "../db/client.ts";
import type { ExtractResult } from "../extract/index.ts";
import type { ObservedFacts } from "../tracking/record-observation.ts";

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
 * state decided under its old rule; the next check decides afresh.
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
                 or o.availability is distinct from $5::text)
             then nextval(pg_get_serial_sequence('price_observation', 'id')) end)::float8
         as new_observation_id,
       coalesce((select jsonb_agg(jsonb_build_object(
                   'id', w.id, 'userId', w.user_id, 'ruleKind', w.rule_kind,
                   'ruleAmountMinor', w.rule_amount_minor, 'ruleCurrency', w.rule_currency,
                   'rulePercent', w.rule_percent, 'alertState', w.alert_state,
                   'updatedAt', w.updated_at) order by w.id)
                   from watch w where w.product_id = p.id and not w.is_paused),
                '[]'::jsonb) as watches
  from product p
  left join lateral (
    select id, price_minor, currency, availability, observed_at from price_observation
     where product_id = p.id order by observed_at desc, id desc limit 1
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
): Promise<CheckState | null> {
  const { rows } = await sql.query<StateRow>(
    READ_STATE,
    [
      fence.productId,
      facts !== null,
      facts?.priceMinor ?? null,
      facts?.currency ?? null,
      facts?.availability ?? null,
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

const FENCE = "id = $1::uuid and lease_owner = $2 and lease_until = $3::timestamptz";

/** Inserts the events of $EVENTS whose watch is unchanged since the read (see top). */
const insertEvents = (param: string) => `
  events as (
    insert into alert_event (idempotency_key, watch_id, user_id, product_id, kind,
                             old_price_minor, new_price_minor, currency, details, created_at)
    select e.idempotency_key, w.id, w.user_id, $1::uuid, e.kind,
           e.old_price_minor, e.new_price_minor, e.currency, e.details, $4::timestamptz
      from jsonb_to_recordset(${param}::jsonb) as e(
             idempotency_key text, watch_id uuid, watch_updated_at timestamptz, kind text,
             old_price_minor bigint, new_price_minor bigint, currency text, details jsonb)
      join watch w on w.id = e.watch_id and w.updated_at = e.watch_updated_at and not w.is_paused
     where exists (select 1 from locked)
    on conflict (idempotency_key) do nothing
    returning 1
  )`;

const STORE_READING = `
with locked as (
  update product set
    title = $5, image_url = $6, brand = $7, sku = $8, gtin = $9, canonical_url = $10,
    price_minor = $11::bigint, currency = $12, list_price_minor = $13::bigint,
    availability = $14, extract_status = $15, candidates = $16::jsonb,
    last_checked_at = $4::timestamptz, last_success_at = $4::timestamptz,
    last_outcome = $17, last_error = null, consecutive_failures = 0, updated_at = $4::timestamptz,
    next_check_at = $18::timestamptz, lease_until = null, lease_owner = null
  where ${FENCE}
  returning id
),
joined as (
  update price_observation
     set last_seen_at = $4::timestamptz, check_offsets = array_append(check_offsets, $20::integer)
   where id = $19::bigint and exists (select 1 from locked)
  returning id
),
added as (
  insert into price_observation (id, product_id, price_minor, currency, availability,
                                 observed_at, last_seen_at)
  select $21::bigint, $1::uuid, $11::bigint, $12, $14, $4::timestamptz, $4::timestamptz
    from locked where $21::bigint is not null
  returning id
),
states as (
  update watch w set alert_state = s.state
    from jsonb_to_recordset($22::jsonb) as s(watch_id uuid, watch_updated_at timestamptz, state jsonb)
   where w.id = s.watch_id and w.updated_at = s.watch_updated_at and exists (select 1 from locked)
  returning w.id
),
${insertEvents("$23")}
select (select count(*) from locked)::int as locked, (select count(*) from events)::int as events`;

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
  },
): Promise<StoredWrite> {
  const { result, facts, at, state } = input;
  const joins = state.joinsObservation;
  const { rows } = await sql.query<WriteRow>(
    STORE_READING,
    [
      ...fenceParams(fence),
      at.toISOString(),
      result.title,
      result.imageUrl,
      result.brand,
      result.sku,
      result.gtin,
      result.canonicalUrl,
      facts.priceMinor,
      facts.currency,
      result.listPrice && result.listPrice.currency === result.price?.currency
        ? result.listPrice.amountMinor
        : null,
      facts.availability,
      result.status,
      JSON.stringify(result.candidates),
      input.outcome,
      input.nextCheckAt.toISOString(),
      joins?.id ?? null,
      joins ? Math.max(0, Math.round((at.getTime() - joins.observedAt.getTime()) / 1000)) : null,
      state.newObservationId,
      JSON.stringify(
        input.stateWrites.map((s) => ({
          watch_id: s.watchId,
          watch_updated_at: s.watchUpdatedAt,
          state: s.state,
        })),
      ),
      eventsJson(input.events),
    ],
    { name: "dropwave_check_store_reading" },
  );
  return written(rows[0]);
}

const STORE_FAILURE = `
with locked as (
  update product set
    last_checked_at = $4::timestamptz, updated_at = $4::timestamptz,
    last_outcome = $5, last_error = $6, consecutive_failures = consecutive_failures + 1,
    extract_status = coalesce($7, extract_status), candidates = coalesce($8::jsonb, candidates),
    next_check_at = $9::timestamptz, lease_until = null, lease_owner = null
  where ${FENCE}
  returning id
),
${insertEvents("$10")}
select (select count(*) from locked)::int as locked, (select count(*) from events)::int as events`;

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
    [
      ...fenceParams(fence),
      input.at.toISOString(),
      input.outcome,
      input.error,
      input.result?.status ?? null,
      input.result ? JSON.stringify(input.result.candidates) : null,
      input.nextCheckAt.toISOString(),
      eventsJson(input.events),
    ],
    { name: "dropwave_check_store_failure" },
  );
  return written(rows[0]);
}

/** The store asked us to slow down: give the claim back with a later time, nothing else. */
export async function releaseDeferred(
  sql: SqlExecutor,
  fence: ClaimFence,
  input: { at: Date; nextCheckAt: Date },
): Promise<boolean> {
  const { rows } = await sql.query<{ id: string }>(
    `update product set next_check_at = $5::timestamptz, updated_at = $4::timestamptz,
            lease_until = null, lease_owner = null
      where ${FENCE} returning id`,
    [...fenceParams(fence), input.at.toISOString(), input.nextCheckAt.toISOString()],
    { name: "dropwave_check_release_deferred" },
  );
  return rows.length > 0;
}

function fenceParams(fence: ClaimFence) {
  return [fence.productId, fence.leaseOwner, fence.leaseUntil.toISOString()];
}

function eventsJson(events: NewEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      idempotency_key: e.idempotencyKey,
      watch_id: e.watchId,
      watch_updated_at: e.watchUpdatedAt,
      kind: e.kind,
      old_price_minor: e.oldPriceMinor,
      new_price_minor: e.newPriceMinor,
      currency: e.currency,
      details: e.details,
    })),
  );
}

function written(row: WriteRow | undefined): StoredWrite {
  return { isFenceHeld: Number(row?.locked ?? 0) > 0, events: Number(row?.events ?? 0) };
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
