import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  BackupError,
  backupEmbedded,
  backupPostgres,
  defaultBackupFile,
} from "../core/db/backup.ts";
import { databaseOptionsFromEnv } from "../core/db/options.ts";
import { EnvError, getEnv } from "../core/env.ts";

// `npm run backup [-- FILE]`: the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR) → FILE, by default DATA_DIR/backups/dropwave-<time>.pglite.tar.gz or .pgdump;
// FILE `-` writes it to standard output (`docker run --rm … dropwave backup - > file`).
// The embedded database needs the server stopped; PostgreSQL needs pg_dump (core/db/backup.ts).
// Built as build/server/backup.js for the container image.
let scratch: string | undefined;
try {
  const env = getEnv();
  const options = databaseOptionsFromEnv(env);
  const given = process.argv.slice(2).find((arg) => arg === "-" || !arg.startsWith("--"));
  const toStdout = given === "-";
  if (toStdout) scratch = mkdtempSync(path.join(tmpdir(), "dropwave-backup-"));
  const file = scratch
    ? path.join(scratch, "backup")
    : path.resolve(given ?? defaultBackupFile(env.DATA_DIR, options.kind));
  const started = performance.now();
  const { bytes } =
    options.kind === "pglite"
      ? await backupEmbedded(options.dataDir ?? "", file)
      : await backupPostgres(options.url, file);
  if (toStdout) await pipeline(createReadStream(file), process.stdout);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = toStdout ? "standard output" : file;
  // On standard output the backup is the output: the report goes to standard error.
  (toStdout ? console.error : console.log)(
    `Backed up the ${options.kind} database to ${where} (${bytes} bytes, ${seconds} s).`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
