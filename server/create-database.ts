import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { databaseOptionsFromEnv } from "../core/db/options.ts";
import { getEnv } from "../core/env.ts";

/**
 * The embedded database's first start, in a process of its own: `npm start` (scripts/start.mjs)
 * runs this file, built as build/server/create-database.js, before the server when DATA_DIR
 * holds no database yet. PGlite creates a database with initdb in two extra WebAssembly
 * instances; in the server's process those came on top of the server's own code and the
 * extraction threads (a first start peaked at ~830–850 MB, and stayed there until a garbage
 * collection). In a process of its own, all of that goes back to the system when it exits, and
 * the server starts as on every later day (docs/BENCHMARKS.md, "PGlite memory").
 *
 * The database is built in a sibling directory and renamed into place once migrated, so a
 * first start that is interrupted leaves no half-made database behind.
 */

/** Where the server's embedded database should be, when it is not there yet (else null). */
export function embeddedDatabaseToCreate(
  readEnv: () => Parameters<typeof databaseOptionsFromEnv>[0] = getEnv,
): string | null {
  let options: ReturnType<typeof databaseOptionsFromEnv>;
  try {
    options = databaseOptionsFromEnv(readEnv());
  } catch {
    return null; // a bad setting: the server itself says which
  }
  if (options.kind !== "pglite" || !options.dataDir) return null;
  const dir = options.dataDir;
  if (existsSync(path.join(dir, "PG_VERSION"))) return null;
  // Something else in the way (not an empty directory): left to the server, as before.
  if (existsSync(dir) && readdirSync(dir).length > 0) return null;
  return dir;
}

/** Creates the embedded database at `dir` (initdb + every migration), all or nothing. */
export async function createEmbeddedDatabase(dir: string): Promise<void> {
  const { openDatabase } = await import("../core/db/client.ts");
  const { migrateDatabase } = await import("../core/db/migrate.ts");
  const building = `${dir}.creating`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ kind: "pglite", dataDir: building });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  // An empty directory at `dir` is replaced; rename is atomic on one file system.
  renameSync(building, dir);
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  const dir = embeddedDatabaseToCreate();
  if (dir) await createEmbeddedDatabase(dir);
}
