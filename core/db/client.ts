import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { DatabaseOptions } from "./options.ts";
import * as schema from "./schema/index.ts";

export { schema };
export type Schema = typeof schema;
/** One type for both drivers: code never needs to know which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Plain parameterised SQL, for the few places that need it (both drivers answer it). A `name`
 * makes it a prepared statement on PostgreSQL (parsed and planned once per connection: the
 * check worker's hot path); PGlite, in process, ignores it.
 */
export type SqlExecutor = {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: { name?: string },
  ): Promise<{ rows: Row[] }>;
};

export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DatabaseKind;
  sql: SqlExecutor;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export { type DatabaseOptions, databaseOptionsFromEnv } from "./options.ts";

/**
 * The embedded database's memory settings, sized for one household on a small machine
 * (docs/BENCHMARKS.md, "PGlite memory"). PGlite's own defaults (160 MB of shared buffers, 64 MB
 * of maintenance memory) are a server's: the WebAssembly heap never shrinks, so whatever it
 * touches once stays resident. 16 MB of buffers hold the whole database of 20 people with
 * 2 000 products several times over.
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "wal_buffers=1MB",
  "temp_buffers=2MB",
];

/**
 * initdb's arguments when PGlite creates the database (first start only): the same settings,
 * so the bootstrap backend does not run with initdb's own 128 MB of shared buffers, and 1 MB
 * WAL segments instead of 16 MB (PGlite 0.5 builds the database in a second instance and copies
 * it over as a tarball: a 16 MB segment is held three times). First-start peak 700 → ~620–660 MB
 * (docs/BENCHMARKS.md, "PGlite memory"). A database created before keeps its own.
 */
export const PGLITE_INITDB_PARAMS = [
  ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]),
  "--wal-segsize=1",
];

/** PGlite's options for Dropwave's embedded database (what openDatabase passes). */
export const PGLITE_OPTIONS = {
  postgresqlconf: PGLITE_SETTINGS,
  initDbStartParams: PGLITE_INITDB_PARAMS,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      sql: {
        query: async (text, params, options) =>
          (options?.name
            ? pool.query({ name: options.name, text, values: params })
            : pool.query(text, params)) as never,
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    ...PGLITE_OPTIONS,
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    sql: { query: async (text, params) => client.query(text, params) as never },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
