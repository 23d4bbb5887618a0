import type { Database } from "../../db/client.ts";
import type { ClaimedRow } from "./types.ts";

/**
 * Claims up to `batchSize` due pending deliveries in one statement (FOR UPDATE SKIP LOCKED),
 * leasing them to `workerId`. The claim counts the attempt and moves `next_attempt_at` to the
 * lease's end, so a crashed worker's rows fall due again when the lease lapses. A digest is
 * claimed whole: when the batch holds one row of a person's digest for a channel, the rest of
 * that digest's due rows come with it (beyond `batchSize`), so it goes out as one email even
 * when everyone's digest falls due at the same minute.
 */
export async function claimDueDeliveries(
  database: Database,
  input: { workerId: string; batchSize: number; leaseMs: number; now: Date },
): Promise<ClaimedRow[]> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const { rows } = await database.sql.query<ClaimedRow>(
    `with due as (
       select id, user_id, channel_id, is_digest from delivery
        where status = 'pending' and next_attempt_at <= $1::timestamptz
        order by next_attempt_at, user_id, channel_id
        limit $2
        for update skip locked
     ),
     rest_of_digests as (
       select d.id from delivery d
         join (select distinct user_id, channel_id from due where is_digest) g
           on d.user_id = g.user_id and d.channel_id is not distinct from g.channel_id
        where d.is_digest and d.status = 'pending' and d.next_attempt_at <= $1::timestamptz
          and d.id not in (select id from due)
        for update of d skip locked
     ),
     claimed as (select id from due union all select id from rest_of_digests)
     update delivery d
        set lease_until = $3::timestamptz, lease_owner = $4, next_attempt_at = $3::timestamptz,
            attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, $1::timestamptz)
       from claimed
      where d.id = claimed.id
     returning d.id, d.event_id, d.channel_id, d.user_id, d.attempts, d.first_attempt_at, d.is_digest,
               d.lease_until`,
    [input.now.toISOString(), input.batchSize, leaseUntil.toISOString(), input.workerId],
  );
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/** Claimed rows in sending groups: each row alone, except one person's digest per channel. */
export function groupClaims(rows: ClaimedRow[]): ClaimedRow[][] {
  const digests = new Map<string, ClaimedRow[]>();
  const groups: ClaimedRow[][] = [];
  for (const row of rows) {
    if (!row.is_digest) {
      groups.push([row]);
      continue;
    }
    const key = `${row.user_id}:${row.channel_id ?? "account"}`;
    const group = digests.get(key);
    if (group) group.push(row);
    else {
      const fresh = [row];
      digests.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}
