import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { failureWords, isFailureKind } from "../failure-words.ts";

/**
 * What the operator of an instance looks at (/admin): who uses it, how the checks go, which
 * stores fail and why, how late the queue runs, and which channels fail to deliver. Read-only
 * aggregate queries, each bounded (top N), on PGlite and PostgreSQL alike.
 */
export type AdminOverview = {
  generatedAt: string;
  users: Array<{
    id: string;
    email: string;
    createdAt: string;
    watches: number;
    channels: number;
  }>;
  totals: { users: number; products: number; watches: number };
  /** Products whose last check finished within the last hour (each is checked ≤ once an hour). */
  checkedLastHour: number;
  /** Products whose last check failed, by store and reason. */
  failures: Array<{ store: string; reason: string; words: string; products: number }>;
  /** Stores whose pages answer the server with a bot wall or a 403/429. */
  blockingStores: Array<{ host: string; products: number; lastCheckedAt: string | null }>;
  /** How late the oldest due, unclaimed product is (0 when nothing is overdue). */
  queue: { dueNow: number; lagSeconds: number };
  /** Deliveries of the last 7 days that failed, by channel kind. */
  deliveryFailures: Array<{ kind: string; failed: number; lastError: string | null }>;
};

const TOP = 50;

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** The words for a product's last outcome, from the one failure catalogue. */
export function outcomeWords(outcome: string): string {
  return isFailureKind(outcome) ? failureWords(outcome) : outcome.replaceAll("_", " ");
}

export async function getAdminOverview(db: Db, now: Date): Promise<AdminOverview> {
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const nowIso = now.toISOString();

  const [users, totals, checked, failures, blocking, queue, deliveries] = await Promise.all([
    rows(
      db,
      sql`select u.id, u.email, u.created_at,
            (select count(*) from watch w where w.user_id = u.id) as watches,
            (select count(*) from notification_channel c where c.user_id = u.id) as channels
          from "user" u order by u.created_at asc, u.id asc limit ${TOP}`,
    ),
    rows(
      db,
      sql`select (select count(*) from "user") as users,
                 (select count(*) from product) as products,
                 (select count(*) from watch) as watches`,
    ),
    rows(
      db,
      sql`select count(*) as n from product where last_checked_at >= ${hourAgo}::timestamptz`,
    ),
    rows(
      db,
      sql`select store, last_outcome as reason, count(*) as products from product
          where last_outcome is not null and last_outcome not in ('ok', 'held')
          group by store, last_outcome order by count(*) desc, store asc limit ${TOP}`,
    ),
    rows(
      db,
      sql`select host, count(*) as products, max(last_checked_at) as last_checked_at from product
          where last_outcome = 'bot_challenge'
             or (last_outcome = 'http_error' and last_error ~ '(403|429)')
          group by host order by count(*) desc, host asc limit ${TOP}`,
    ),
    rows(
      db,
      sql`select count(*) as due, min(next_check_at) as oldest from product
          where next_check_at <= ${nowIso}::timestamptz
            and (lease_until is null or lease_until < ${nowIso}::timestamptz)
            and exists (select 1 from watch w where w.product_id = product.id and not w.is_paused)`,
    ),
    rows(
      db,
      sql`select coalesce(c.kind, 'email (account)') as kind, count(*) as failed,
                 (array_agg(d.last_error order by d.created_at desc))[1] as last_error
          from delivery d left join notification_channel c on c.id = d.channel_id
          where d.status = 'failed' and d.created_at >= ${weekAgo}::timestamptz
          group by coalesce(c.kind, 'email (account)') order by count(*) desc limit ${TOP}`,
    ),
  ]);

  const oldest = queue[0]?.oldest;
  return {
    generatedAt: nowIso,
    users: users.map((r) => ({
      id: String(r.id),
      email: String(r.email),
      createdAt: iso(r.created_at) ?? nowIso,
      watches: num(r.watches),
      channels: num(r.channels),
    })),
    totals: {
      users: num(totals[0]?.users),
      products: num(totals[0]?.products),
      watches: num(totals[0]?.watches),
    },
    checkedLastHour: num(checked[0]?.n),
    failures: failures.map((r) => ({
      store: String(r.store),
      reason: String(r.reason),
      words: outcomeWords(String(r.reason)),
      products: num(r.products),
    })),
    blockingStores: blocking.map((r) => ({
      host: String(r.host),
      products: num(r.products),
      lastCheckedAt: iso(r.last_checked_at),
    })),
    queue: {
      dueNow: num(queue[0]?.due),
      lagSeconds: oldest
        ? Math.max(0, Math.round((now.getTime() - new Date(oldest as string).getTime()) / 1000))
        : 0,
    },
    deliveryFailures: deliveries.map((r) => ({
      kind: String(r.kind),
      failed: num(r.failed),
      lastError: r.last_error === null || r.last_error === undefined ? null : String(r.last_error),
    })),
  };
}
