import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_OPTIONS } from "./client.ts";

/**
 * Backups and restores of both databases (`npm run backup`, `npm run restore`, and the
 * container's `backup` / `restore` commands; docs/decisions/0043-container-image.md).
 *
 * - Embedded (PGlite): PGlite's own `dumpDataDir`, a gzipped tarball of the data directory taken
 *   by PGlite itself between two queries (a consistent image, recovered like after a crash when
 *   opened). PGlite serves one process, so the server must be stopped for it: a short pause.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot while everything runs) and
 *   `pg_restore` through `psql --single-transaction` (all or nothing). Needs PostgreSQL's client
 *   tools of the server's major version or newer on PATH.
 *
 * Files are written beside their final name and renamed into place, so an interrupted backup
 * or restore never leaves a half-written file or database where the good one should be.
 */

export class BackupError extends Error {}

export type BackupKind = "pglite" | "postgres";

/** The first bytes of each kind's file: gzip (PGlite's tarball) and pg_dump's custom format. */
const MAGIC: Record<BackupKind, Buffer> = {
  pglite: Buffer.from([0x1f, 0x8b]),
  postgres: Buffer.from("PGDMP"),
};

/** `DATA_DIR/backups/dropwave-2026-11-27T10-05-00Z.pglite.tar.gz` (or `.pgdump`). */
export function defaultBackupFile(dataDir: string, kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  const extension = kind === "pglite" ? "pglite.tar.gz" : "pgdump";
  return path.resolve(dataDir, "backups", `dropwave-${stamp}.${extension}`);
}

/** Which kind of backup a file is, from its first bytes (undefined: neither). */
export function backupKindOf(file: string): BackupKind | undefined {
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  for (const kind of ["pglite", "postgres"] as const) {
    if (head.subarray(0, MAGIC[kind].length).equals(MAGIC[kind])) return kind;
  }
  return undefined;
}

/**
 * Processes (other than this one) holding a file open under `dir` (Linux: /proc/PID/fd). PGlite
 * keeps its relation and WAL files open while it runs, so a running server shows up here. Other
 * systems, and processes of other users or containers, are not seen: an empty list there
 * proves nothing.
 */
export function processesUsing(dir: string): number[] {
  if (!existsSync("/proc/self/fd")) return [];
  const prefix = `${path.resolve(dir)}${path.sep}`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

function refuseIfInUse(dataDir: string) {
  const users = processesUsing(dataDir);
  if (users.length > 0) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open in process ${users.join(", ")} (a running ` +
        "Dropwave server?). It serves one process at a time: stop the server, run this again, " +
        "then start the server (a pause of a few seconds).",
    );
  }
}

const isDatabaseDir = (dir: string) => existsSync(path.join(dir, "PG_VERSION"));

function writeAtomically(file: string, write: (partial: string) => void | Promise<void>) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  return (async () => {
    try {
      await write(partial);
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  })();
}

/** The embedded database at `dataDir` (not in use) → a gzipped tarball at `file`. */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!isDatabaseDir(dataDir)) throw new BackupError(`No embedded database in ${dataDir}.`);
  refuseIfInUse(dataDir);
  await writeAtomically(file, async (partial) => {
    const client = new PGlite({ dataDir, ...PGLITE_OPTIONS });
    try {
      await client.waitReady;
      const tarball = await client.dumpDataDir("gzip");
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
  });
  return { bytes: statSync(file).size };
}

/**
 * A tarball from `backupEmbedded` → the embedded database at `dataDir`. An existing database
 * there is refused unless `replace`, which keeps it aside as `<dataDir>.before-restore-<time>`.
 * The tarball is unpacked and opened in a sibling directory first, and renamed into place only
 * once it opened and answered.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<{ keptAside: string | undefined }> {
  if (backupKindOf(file) !== "pglite") {
    throw new BackupError(
      `${file} is not a backup of the embedded database (a .pglite.tar.gz from npm run backup)` +
        (backupKindOf(file) === "postgres" ? "; it is a PostgreSQL dump: set DATABASE_URL." : "."),
    );
  }
  const isOccupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (isOccupied && !options.replace) {
    throw new BackupError(
      `${dataDir} already holds a database. Restore into an empty DATA_DIR, or pass --replace ` +
        "to keep the current one aside and put the backup in its place.",
    );
  }
  if (isOccupied) refuseIfInUse(dataDir);
  const restoring = `${dataDir}.restoring`;
  rmSync(restoring, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    const client = new PGlite({
      dataDir: restoring,
      loadDataDir: new Blob([readFileSync(file)]),
      ...PGLITE_OPTIONS,
    });
    try {
      await client.waitReady;
      await client.query("select count(*) from drizzle.__drizzle_migrations");
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(restoring, { recursive: true, force: true });
    throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
  }
  let keptAside: string | undefined;
  if (isOccupied) {
    const stamp = (options.now ?? new Date()).toISOString().replace(/\.\d+Z$/, "Z");
    keptAside = `${dataDir}.before-restore-${stamp.replaceAll(":", "-")}`;
    renameSync(dataDir, keptAside);
  } else {
    rmSync(dataDir, { recursive: true, force: true }); // an empty directory
  }
  renameSync(restoring, dataDir);
  return { keptAside };
}

type Run = { code: number | null; stderr: string };

function missingTool(tool: string): BackupError {
  return new BackupError(
    `${tool} was not found. Backups of PostgreSQL use its client tools (pg_dump, pg_restore, ` +
      "psql) of the server's major version or newer: e.g. `apt-get install postgresql-client`, " +
      "or run them inside the database's container (README, “Backups and upgrades”).",
  );
}

async function finished(child: ReturnType<typeof spawn>, tool: string): Promise<Run> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const failed = once(child, "error").then(([error]) => {
    throw (error as NodeJS.ErrnoException).code === "ENOENT" ? missingTool(tool) : error;
  });
  const [code] = (await Promise.race([once(child, "close"), failed])) as [number | null];
  return { code, stderr: stderr.trim() };
}

/** The PostgreSQL database at `url` → pg_dump's custom format at `file`. */
export async function backupPostgres(url: string, file: string): Promise<{ bytes: number }> {
  await writeAtomically(file, async (partial) => {
    const dump = spawn(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${url}`],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const { code, stderr } = await finished(dump, "pg_dump");
    if (code !== 0) throw new BackupError(`pg_dump failed: ${stderr}`);
  });
  return { bytes: statSync(file).size };
}

/** Tables in the database's own schemas (0: an empty database, as `createdb` makes it). */
export async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * A dump from `backupPostgres` → the PostgreSQL database at `url`, in one transaction: it is
 * restored whole or not at all. A database that has tables already is refused unless
 * `replace`, which drops its `public` and `drizzle` schemas in that same transaction.
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { replace?: boolean } = {},
): Promise<void> {
  if (backupKindOf(file) !== "postgres") {
    throw new BackupError(
      `${file} is not a PostgreSQL backup (pg_dump's custom format)` +
        (backupKindOf(file) === "pglite"
          ? "; it is the embedded database's: unset DATABASE_URL."
          : "."),
    );
  }
  if ((await countTables(url)) > 0 && !options.replace) {
    throw new BackupError(
      "The database already has tables. Restore into an empty database (createdb), or pass " +
        "--replace to drop its current contents in the restore's own transaction.",
    );
  }
  // psql runs one transaction that is committed only once pg_restore has written the whole
  // dump without error: a dump cut short ends psql's input inside the open transaction, and
  // PostgreSQL rolls it back when psql disconnects.
  const psql = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", `--dbname=${url}`], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  const psqlDone = finished(psql, "psql");
  const input = psql.stdin!;
  input.on("error", () => {}); // psql stopped early: its own exit says why
  input.write("begin;\n");
  if (options.replace) {
    input.write(
      "drop schema if exists drizzle cascade;\ndrop schema public cascade;\ncreate schema public;\n",
    );
  }
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  restore.stdout?.pipe(input, { end: false });
  const restored = await finished(restore, "pg_restore");
  if (restored.code === 0) input.write("commit;\n");
  input.end();
  const applied = await psqlDone;
  if (applied.code !== 0) {
    throw new BackupError(`The restore was rolled back (nothing changed): ${applied.stderr}`);
  }
  if (restored.code !== 0) {
    throw new BackupError(`pg_restore failed (nothing changed): ${restored.stderr}`);
  }
}
