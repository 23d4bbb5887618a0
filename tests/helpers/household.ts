/**
 * A small household written straight into a database, for the backup and upgrade tests:
 * accounts (with sign-in passwords, a session and an API token), products, watches, price
 * history, notification channels, alert events and a delivery. Plain SQL naming only the
 * columns that migration 0003 already had, so the same rows can be written into the schema of
 * any migration from 0003 on (an older release's database) and into today's.
 */

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export const HOUSEHOLD = {
  users: 3,
  watches: 5,
  pricePoints: 12,
  channels: 3,
  alertEvents: 2,
};

const userId = (i: number) => `household-user-${i}`;
const productId = (i: number) => `00000000-0000-4000-8000-00000000010${i}`;
const watchId = (i: number) => `00000000-0000-4000-8000-00000000020${i}`;
const channelId = (i: number) => `00000000-0000-4000-8000-00000000030${i}`;
const eventId = (i: number) => `00000000-0000-4000-8000-00000000040${i}`;

export async function seedHousehold(query: Query): Promise<void> {
  for (let i = 0; i < HOUSEHOLD.users; i += 1) {
    await query(
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       values ($1, $2, $3, true, '2026-01-0${i + 1}T10:00:00Z', '2026-01-0${i + 1}T10:00:00Z')`,
      [userId(i), `Person ${i}`, `person${i}@household.test`],
    );
    await query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       values ($1, $2, 'credential', $2, $3, '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z')`,
      [`household-account-${i}`, userId(i), `scrypt-hash-of-person-${i}`],
    );
  }
  await query(
    `insert into session (id, expires_at, token, user_id) values ('household-session', '2027-01-01T00:00:00Z', 'household-session-token', $1)`,
    [userId(0)],
  );
  await query(
    `insert into api_token (id, user_id, name, prefix, token_hash) values ('household-token', $1, 'script', 'dw_abcd', 'household-token-hash')`,
    [userId(0)],
  );
  for (let i = 0; i < 4; i += 1) {
    await query(
      `insert into product (id, url_key, url, host, store, title, price_minor, currency, availability,
         extract_status, last_checked_at, last_success_at, last_outcome, next_check_at)
       values ($1, $2, $2, 'shop.household.test', 'Household Shop', $3, $4, 'EUR', 'in_stock', 'ok',
         '2026-02-01T12:00:00Z', '2026-02-01T12:00:00Z', 'ok', '2026-02-01T18:00:00Z')`,
      [productId(i), `https://shop.household.test/p/${i}`, `Kettle ${i}`, 2_000 + i * 100],
    );
    // Three price points each: 25.00, then the drop, then back up by one cent.
    const points = [2_500 + i * 100, 2_000 + i * 100, 2_001 + i * 100];
    for (const [j, price] of points.entries()) {
      await query(
        `insert into price_observation (product_id, price_minor, currency, availability, observed_at,
           last_seen_at, check_offsets)
         values ($1, $2, 'EUR', 'in_stock', $3, $3, $4)`,
        [productId(i), price, `2026-02-0${j + 1}T06:00:00Z`, j === 0 ? [21_600, 43_200] : []],
      );
    }
  }
  // Five watches: person 0 tracks products 0–2, person 1 tracks 2–3 (product 2 is shared).
  const watches: Array<[number, number, string]> = [
    [0, 0, "any_drop"],
    [0, 1, "percent_drop"],
    [0, 2, "below_target"],
    [1, 2, "any_drop"],
    [1, 3, "back_in_stock"],
  ];
  for (const [i, [user, product, rule]] of watches.entries()) {
    await query(
      `insert into watch (id, user_id, product_id, rule_kind, rule_percent, rule_amount_minor, rule_currency,
         interval_minutes, baseline_price_minor, baseline_currency, alert_state)
       values ($1, $2, $3, $4, $5, $6, $7, 360, $8, 'EUR', $9)`,
      [
        watchId(i),
        userId(user),
        productId(product),
        rule,
        rule === "percent_drop" ? 15 : null,
        rule === "below_target" ? 2_150 : null,
        rule === "below_target" ? "EUR" : null,
        2_500 + product * 100,
        JSON.stringify({ lastAlertedPriceMinor: 2_000 + product * 100 }),
      ],
    );
  }
  const channels: Array<[number, string, Record<string, unknown>]> = [
    [0, "webhook", { type: "webhook", url: "https://hooks.household.test/a", secret: "s3cret" }],
    [0, "ntfy", { type: "ntfy", server: "https://ntfy.household.test", topic: "prices" }],
    [1, "email", { type: "email", address: "second@household.test" }],
  ];
  for (const [i, [user, kind, config]] of channels.entries()) {
    await query(
      `insert into notification_channel (id, user_id, kind, name, config) values ($1, $2, $3, $4, $5)`,
      [channelId(i), userId(user), kind, `${kind} of person ${user}`, JSON.stringify(config)],
    );
  }
  await query(`insert into watch_channel (watch_id, channel_id) values ($1, $2)`, [
    watchId(0),
    channelId(0),
  ]);
  for (let i = 0; i < HOUSEHOLD.alertEvents; i += 1) {
    await query(
      `insert into alert_event (id, idempotency_key, watch_id, user_id, product_id, kind, old_price_minor,
         new_price_minor, currency, created_at, fanned_out_at)
       values ($1, $2, $3, $4, $5, 'price_drop', $6, $7, 'EUR', '2026-02-02T06:00:01Z', '2026-02-02T06:00:02Z')`,
      [
        eventId(i),
        `household-event-${i}`,
        watchId(i),
        userId(0),
        productId(i),
        2_500 + i * 100,
        2_000 + i * 100,
      ],
    );
  }
  await query(
    `insert into delivery (event_id, channel_id, user_id, status, attempts, delivered_at)
     values ($1, $2, $3, 'delivered', 1, '2026-02-02T06:00:03Z')`,
    [eventId(0), channelId(0), userId(0)],
  );
  await query(`insert into alert_event_read (event_id, user_id) values ($1, $2)`, [
    eventId(1),
    userId(0),
  ]);
}

/** Table → its rows as JSON text, sorted; the `drizzle` schema's migration table included. */
export type Snapshot = Record<string, string[]>;

/** The columns of every table of the database's own schemas ("schema.table" → names). */
export async function tableColumns(query: Query): Promise<Record<string, string[]>> {
  const { rows } = await query(
    `select table_schema || '.' || table_name as t, column_name as c from information_schema.columns
     where table_schema in ('public', 'drizzle') order by 1, ordinal_position`,
  );
  const columns: Record<string, string[]> = {};
  for (const row of rows as Array<{ t: string; c: string }>) {
    columns[row.t] = [...(columns[row.t] ?? []), row.c];
  }
  return columns;
}

/**
 * Every row of every table (of `only`'s tables and columns, when given: what an older schema
 * had), as sorted JSON text: two snapshots are equal when no row or value was lost or changed.
 */
export async function snapshot(query: Query, only?: Record<string, string[]>): Promise<Snapshot> {
  const columns = only ?? (await tableColumns(query));
  const result: Snapshot = {};
  for (const [table, names] of Object.entries(columns)) {
    const [schema, name] = table.split(".") as [string, string];
    const list = names.map((n) => `"${n}"`).join(", ");
    const { rows } = await query(
      `select row_to_json(x)::text as j from (select ${list} from "${schema}"."${name}") x order by 1`,
    );
    result[table] = (rows as Array<{ j: string }>).map((r) => r.j);
  }
  return result;
}
