import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { defaultMigrationsFolder, migrateDatabase } from "../../core/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a freshly migrated PGlite data directory, or "" on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite runs initdb (~5 s here); loading a dump of an already migrated one takes
 * ~0.5 s. So the migrated database is built once per migration set and each test file
 * starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const folder = defaultMigrationsFolder();
  const hash = createHash("sha256");
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (file.endsWith(".sql") || file.endsWith(".json"))
      hash.update(file).update(readFileSync(full));
  }
  const cacheDir = path.resolve("node_modules/.cache/dropwave");
  const template = path.join(cacheDir, `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!existsSync(template)) {
    mkdirSync(cacheDir, { recursive: true });
    const database: Database = await openDatabase({ kind: "pglite", dataDir: undefined });
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec("checkpoint");
    const dump = await client.dumpDataDir("none");
    const partial = `${template}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, template);
    await database.close();
  }
  project.provide("pgliteTemplate", template);
}
