import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  HOUSEHOLD,
  type Query,
  seedHousehold,
  snapshot,
  tableColumns,
} from "../../tests/helpers/household.ts";
import { createScratchDatabase, POSTGRES_SERVER_URL } from "../../tests/helpers/postgres.ts";
import { type Database, openDatabase } from "./client.ts";
import { defaultMigrationsFolder, migrateDatabase } from "./migrate.ts";

/**
 * Upgrades: a database made by an older release (its migrations: the first N entries of
 * drizzle/'s journal, as that release shipped them; migrations on main are never edited) with a
 * household in it is opened by this build, which migrates it as every start does. Nothing may
 * be lost: every row and value the older schema had is still there. On PostgreSQL two processes
 * start at once and the advisory lock lets one migrate. And a downgrade: the older release's
 * migrator on the newer database changes nothing.
 */
type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };
const current = defaultMigrationsFolder();
const journal = JSON.parse(
  readFileSync(path.join(current, "meta", "_journal.json"), "utf8"),
) as Journal;
const total = journal.entries.length;
const scratch = mkdtempSync(path.join(tmpdir(), "dropwave-upgrade-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder of the release whose newest migration was entry `count - 1`. */
function olderRelease(count: number): string {
  const folder = path.join(scratch, `release-${count}`);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) {
    copyFileSync(path.join(current, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return folder;
}

const serverUrl = process.env.DATABASE_URL;
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A new, empty database of this pass's kind, and a way to open it again (PostgreSQL). */
async function emptyDatabase(): Promise<{ open(): Promise<Database> }> {
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite", dataDir: undefined });
    return { open: async () => database };
  }
  const made = await createScratchDatabase(POSTGRES_SERVER_URL, "dropwave_upgrade");
  drops.push(made.drop);
  return { open: () => openDatabase({ kind: "postgres", url: made.url, maxConnections: 2 }) };
}

const appliedMigrations = async (query: Query) =>
  (
    (await query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0] as {
      n: number;
    }
  ).n;

// Migration 0003 is the first schema with accounts, watches, history and channels together;
// `total - 1` is the release just before the newest migration.
const releases = [...new Set([4, total - 1])].filter((count) => count >= 4 && count < total);

describe("upgrading an older release's database", { timeout: 300_000 }, () => {
  it.each(releases)("from the release with %i migrations: nothing is lost", async (count) => {
    const made = await emptyDatabase();
    const old = await made.open();
    await migrateDatabase(old, { migrationsFolder: olderRelease(count) });
    await seedHousehold(old.sql.query);
    // Every table of the app's own schema (the migration ledger grows, checked by count).
    const { "drizzle.__drizzle_migrations": _ledger, ...oldColumns } = await tableColumns(
      old.sql.query,
    );
    const before = await snapshot(old.sql.query, oldColumns);
    expect(await appliedMigrations(old.sql.query)).toBe(count);

    // This build starting on it: on PostgreSQL, two processes at once (web and a worker).
    const starting = serverUrl ? [await made.open(), await made.open()] : [old];
    await Promise.all(starting.map((database) => migrateDatabase(database)));
    const upgraded = starting[0]!;
    expect(await appliedMigrations(upgraded.sql.query)).toBe(total);
    expect(await snapshot(upgraded.sql.query, oldColumns)).toEqual(before);
    const counts = await upgraded.sql.query(
      `select (select count(*)::int from "user") as users, (select count(*)::int from watch) as watches,
         (select count(*)::int from price_observation) as "pricePoints",
         (select count(*)::int from notification_channel) as channels,
         (select count(*)::int from alert_event) as "alertEvents"`,
    );
    expect(counts.rows[0]).toEqual(HOUSEHOLD);
    // Columns added since take their documented values on old rows.
    const added = await upgraded.sql.query(
      `select (select count(*)::int from notification_channel where confirmed_at is null) as unconfirmed,
         (select count(*)::int from price_observation where source <> 'server') as "notServer",
         (select count(*)::int from api_token where scope <> 'full') as "notFull"`,
    );
    expect(added.rows[0]).toEqual({ unconfirmed: 0, notServer: 0, notFull: 0 });

    // A downgrade: the older release's migrator finds nothing to do and changes nothing.
    const after = await snapshot(upgraded.sql.query);
    await migrateDatabase(upgraded, { migrationsFolder: olderRelease(count) });
    expect(await snapshot(upgraded.sql.query)).toEqual(after);
    expect(await appliedMigrations(upgraded.sql.query)).toBe(total);
    for (const database of new Set([old, ...starting])) await database.close();
  });
});
