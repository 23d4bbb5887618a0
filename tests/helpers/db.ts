import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { createScratchDatabase, isPostgresReachable, POSTGRES_SERVER_URL } from "./postgres.ts";

export { POSTGRES_SERVER_URL };

export type TestDatabase = Database & { name: string };
export type ScratchPostgres = TestDatabase & { url: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; when
 * DATABASE_URL points at a PostgreSQL server, a uniquely named database on it, dropped after.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = inject("pgliteTemplate");
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const database = await openDatabase({ kind: "pglite", dataDir: undefined, loadDataDir });
    // The template is migrated already (tests/setup/global.ts, keyed by the migration files).
    if (!loadDataDir) await migrateDatabase(database);
    return { ...database, name: "pglite:memory" };
  }
  return openScratchPostgres(serverUrl, "dropwave_test");
}

/** Whether that server answers; when not, says which test file skips and why. */
export async function isPostgresServerReachable(label: string): Promise<boolean> {
  const isReachable = await isPostgresReachable(POSTGRES_SERVER_URL);
  if (!isReachable) console.warn(`${label}: skipped, no PostgreSQL at ${POSTGRES_SERVER_URL}`);
  return isReachable;
}

/**
 * For a test file that needs a PostgreSQL server (several processes or connections on one
 * database): whether one answers (for `describe.skipIf(!isReachable)`) and, when it does, a
 * scratch database on it for the file, dropped after (read `database.current` inside tests).
 */
export async function scratchPostgresForFile(
  label: string,
  prefix: string,
): Promise<{ isReachable: boolean; database: { readonly current: ScratchPostgres } }> {
  const isReachable = await isPostgresServerReachable(label);
  let database: ScratchPostgres | undefined;
  if (isReachable) {
    beforeAll(async () => {
      database = await openScratchPostgres(POSTGRES_SERVER_URL, prefix);
    });
    afterAll(async () => {
      await database?.close();
    });
  }
  return {
    isReachable,
    database: {
      get current() {
        if (!database) throw new Error("scratch database not ready (use it inside a test)");
        return database;
      },
    },
  };
}

/** A uniquely named, migrated database on a PostgreSQL server; `close()` drops it. */
export async function openScratchPostgres(
  serverUrl: string,
  prefix: string,
): Promise<ScratchPostgres> {
  const scratch = await createScratchDatabase(serverUrl, prefix);
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    name: scratch.name,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Registers a database for the current test file; read `.current` inside tests. */
export function setupTestDatabase(): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get current() {
      if (!database) throw new Error("test database not ready (use it inside a test)");
      return database;
    },
  };
}
