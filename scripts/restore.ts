import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { BackupError, restoreEmbedded, restorePostgres } from "../core/db/backup.ts";
import { databaseOptionsFromEnv } from "../core/db/options.ts";
import { EnvError, getEnv } from "../core/env.ts";

// `npm run restore -- FILE [--replace]`: a file from `npm run backup` → the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR), all or nothing; FILE `-` reads it from
// standard input (`docker run --rm -i … dropwave restore - < file`). An existing database is
// refused unless --replace (core/db/backup.ts). The server migrates a restored older database
// at its next start. Built as build/server/restore.js for the container image.
let scratch: string | undefined;
try {
  const env = getEnv();
  const options = databaseOptionsFromEnv(env);
  const args = process.argv.slice(2);
  const given = args.find((arg) => arg === "-" || !arg.startsWith("--"));
  if (!given) throw new BackupError("Usage: npm run restore -- FILE [--replace]");
  let file = path.resolve(given);
  if (given === "-") {
    scratch = mkdtempSync(path.join(tmpdir(), "dropwave-restore-"));
    file = path.join(scratch, "backup");
    await pipeline(process.stdin, createWriteStream(file));
  }
  const replace = args.includes("--replace");
  if (options.kind === "pglite") {
    const dataDir = options.dataDir ?? "";
    const { keptAside } = await restoreEmbedded(file, dataDir, { replace });
    if (keptAside) console.log(`The database that was in ${dataDir} is kept in ${keptAside}.`);
  } else {
    await restorePostgres(file, options.url, { replace });
  }
  const what = given === "-" ? "the backup from standard input" : file;
  console.log(`Restored ${what} into the ${options.kind} database. Start the server to use it.`);
} catch (error) {
  console.error(error instanceof BackupError || error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
