import type { SqlExecutor } from "../db/client.ts";
import type { PriceRecipe } from "../extract/recipe.ts";

/** One claimed product: what a check needs to fetch it. */
export type ClaimedProduct = {
  id: string;
  url: string;
  preferredCandidateKey: string | null;
  /** The variant to read (docs/decisions/0029-variants.md), when the product tracks one. */
  variantId: string | null;
  /**
   * Where the price is on the page: the product's own recipe, else its store's (host's)
   * recipe, which is used only where it matches (`isStoreRecipe`).
   */
  recipe?: PriceRecipe | null;
  isStoreRecipe?: boolean;
  /** The product's interval when claimed (shortest among its active watches); the check reads it again. */
  checkIntervalMinutes: number;
  /** The last check's outcome ("held" after a reading held for confirmation). */
  lastOutcome: string | null;
  leaseOwner: string;
  /** With leaseOwner, the fence every write of this check must match (check-store.ts). */
  leaseUntil: Date;
};

/** The columns a claim returns (the recipes only where the check applies them). */
type ClaimedRow = {
  id: string;
  url: string;
  preferred_candidate_key: string | null;
  variant_id: string | null;
  check_interval_minutes: number;
  last_outcome: string | null;
  recipe?: PriceRecipe | string | null;
  store_recipe?: PriceRecipe | string | null;
};

function fromClaimedRow(row: ClaimedRow, workerId: string, leaseUntil: Date): ClaimedProduct {
  // PGlite returns jsonb parsed; node-postgres too, but a driver may hand back its text.
  const json = (value: PriceRecipe | string | null | undefined): PriceRecipe | null =>
    typeof value === "string" ? (JSON.parse(value) as PriceRecipe) : (value ?? null);
  const own = json(row.recipe);
  const store = json(row.store_recipe);
  return {
    id: row.id,
    url: row.url,
    preferredCandidateKey: row.preferred_candidate_key,
    variantId: row.variant_id,
    ...(row.recipe === undefined ? {} : { recipe: own ?? store, isStoreRecipe: !own && !!store }),
    checkIntervalMinutes: Number(row.check_interval_minutes),
    lastOutcome: row.last_outcome,
    leaseOwner: workerId,
    leaseUntil,
  };
}

/**
 * Claims up to `batchSize` due products for `workerId`, in one statement: the oldest due
 * rows are locked with FOR UPDATE SKIP LOCKED (two workers never wait for or take each
 * other's rows) and leased. The claim also moves `next_check_at` to the lease's end, so a
 * leased product is simply not due: if the worker dies, the product falls due again when the
 * lease runs out, and the claim query stays one range scan of the next_check_at index.
 * A finished check (run-price-check.ts) sets the real next time and clears the lease.
 *
 * The claim commits without waiting for its WAL flush (`synchronous_commit = off` for this
 * statement's transaction only). A claim lost in a database crash only makes its products due
 * again: the check that started on it is fenced out of writing (check-store.ts), so nothing is
 * stored twice — at worst a page is fetched once more. The check's own write still waits.
 */
export async function claimDueProducts(
  sql: SqlExecutor,
  input: { workerId: string; batchSize: number; leaseMs: number; now: Date },
): Promise<ClaimedProduct[]> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const { rows } = await sql.query<ClaimedRow>(
    `with due as (
       select id from product
       where next_check_at <= $1::timestamptz
       order by next_check_at
       limit $2
       for update skip locked
     )
     update product p
        set lease_until = $3::timestamptz, lease_owner = $4, next_check_at = $3::timestamptz
       from due
      where p.id = due.id
        and (select set_config('synchronous_commit', 'off', true)) = 'off'
     returning p.id, p.url, p.preferred_candidate_key, p.variant_id, p.check_interval_minutes, p.last_outcome,
               p.recipe,
               (select s.recipe from store_recipe s where s.host = p.host and p.recipe is null)
                 as store_recipe`,
    [input.now.toISOString(), input.batchSize, leaseUntil.toISOString(), input.workerId],
  );
  return rows.map((row) => fromClaimedRow(row, input.workerId, leaseUntil));
}

/** Gives claims back that a stopping worker did not start: due again at once. */
export async function releaseClaims(
  sql: SqlExecutor,
  input: { workerId: string; productIds: string[]; now: Date },
): Promise<void> {
  if (input.productIds.length === 0) return;
  await sql.query(
    `update product set lease_until = null, lease_owner = null, next_check_at = $3::timestamptz
      where id = any($1::uuid[]) and lease_owner = $2`,
    [input.productIds, input.workerId, input.now.toISOString()],
  );
}

/**
 * After downtime, checks that fell due more than `graceMs` ago are spread over `windowMs`
 * (oldest first, at most `maxGapMs` apart) instead of all firing at start-up. Leased rows are
 * never overdue by more than the grace (their next_check_at is their lease end), so a running
 * worker's claims are left alone. Safe to run from several workers at once: rows it moved are
 * no longer overdue for the next one. Returns how many checks were moved.
 */
export async function spreadOverdueChecks(
  sql: SqlExecutor,
  input: { now: Date; graceMs: number; windowMs: number; maxGapMs: number },
): Promise<number> {
  const cutoff = new Date(input.now.getTime() - input.graceMs);
  const { rows } = await sql.query<{ count: string | number }>(
    `with overdue as (
       select id, row_number() over (order by next_check_at, id) - 1 as i,
              count(*) over () as n
         from product where next_check_at < $1::timestamptz
     ), moved as (
       update product p
          set next_check_at = $2::timestamptz + make_interval(
                secs => floor(o.i * least($3::float8 / o.n, $4::float8)) / 1000.0)
         from overdue o
        where p.id = o.id
       returning 1
     )
     select count(*) as count from moved`,
    [cutoff.toISOString(), input.now.toISOString(), input.windowMs, input.maxGapMs],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Claims one product now, whatever its schedule (a reading brought by a person's browser):
 * null when a check of it is under way (its lease is held). The claim is the same lease as a
 * worker's, so the reading's write is fenced exactly like a check's.
 */
export async function claimProduct(
  sql: SqlExecutor,
  input: { productId: string; workerId: string; leaseMs: number; now: Date },
): Promise<ClaimedProduct | null> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const { rows } = await sql.query<ClaimedRow>(
    `update product
        set lease_until = $3::timestamptz, lease_owner = $4
      where id = $1::uuid and (lease_until is null or lease_until < $2::timestamptz)
      returning id, url, preferred_candidate_key, variant_id, check_interval_minutes, last_outcome`,
    [input.productId, input.now.toISOString(), leaseUntil.toISOString(), input.workerId],
  );
  const row = rows[0];
  return row ? fromClaimedRow(row, input.workerId, leaseUntil) : null;
}
