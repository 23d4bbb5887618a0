import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { HOUSEHOLD, type Query, seedHousehold, snapshot } from "../../tests/helpers/household.ts";
import { createScratchDatabase, POSTGRES_SERVER_URL } from "../../tests/helpers/postgres.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * `npm run backup` and `npm run restore`, the real commands, on the database this pass runs on
 * (PGlite; PostgreSQL when DATABASE_URL is set): a household is backed up, restored into an
 * empty instance, and every row of every table is found there again.
 */
const serverUrl = process.env.DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), "dropwave-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function counts(query: Query) {
  const count = async (table: string) =>
    ((await query(`select count(*)::int as n from ${table}`)).rows[0] as { n: number }).n;
  return {
    users: await count(`"user"`),
    watches: await count("watch"),
    pricePoints: await count("price_observation"),
    channels: await count("notification_channel"),
    alertEvents: await count("alert_event"),
  };
}

describe.skipIf(serverUrl)(
  "backup and restore of the embedded database",
  { timeout: 300_000 },
  () => {
    const source = path.join(scratch, "source");
    const target = path.join(scratch, "target");
    let before: Awaited<ReturnType<typeof snapshot>>;
    let backupFile: string;

    it("backs up a household and restores it into an empty DATA_DIR with every row", async () => {
      // From the suite's migrated template (tests/setup/global.ts), when there is one.
      const template = inject("pgliteTemplate");
      const database = await openDatabase({
        kind: "pglite",
        dataDir: path.join(source, "db"),
        loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
      });
      await migrateDatabase(database);
      await seedHousehold(database.sql.query);
      before = await snapshot(database.sql.query);
      await database.close();

      const backup = run("backup", [], { DATA_DIR: source });
      expect(backup.output).toContain("Backed up the pglite database");
      expect(backup.status).toBe(0);
      const files = readdirSync(path.join(source, "backups"));
      expect(files).toHaveLength(1); // no leftover partial file
      expect(files[0]).toMatch(/^dropwave-.*\.pglite\.tar\.gz$/);
      backupFile = path.join(source, "backups", files[0]!);

      const restore = run("restore", [backupFile], { DATA_DIR: target });
      expect(restore.status, restore.output).toBe(0);
      const restored = await openDatabase({ kind: "pglite", dataDir: path.join(target, "db") });
      try {
        expect(await counts(restored.sql.query)).toEqual(HOUSEHOLD);
        expect(await snapshot(restored.sql.query)).toEqual(before);
      } finally {
        await restored.close();
      }
    });

    it("writes a backup to standard output and restores one from standard input (containers)", async () => {
      const piped = path.join(scratch, "piped.tar.gz");
      const script = (name: string) => JSON.stringify(path.resolve(`scripts/${name}.ts`));
      const env = { ...process.env, DATABASE_URL: "", DATA_DIR: source };
      const out = spawnSync(
        "sh",
        ["-c", `"${process.execPath}" ${script("backup")} - > ${piped}`],
        {
          encoding: "utf8",
          env,
        },
      );
      expect(out.status, out.stderr).toBe(0);
      expect(out.stderr).toContain("to standard output");
      const into = path.join(scratch, "from-stdin");
      const back = spawnSync(
        "sh",
        ["-c", `"${process.execPath}" ${script("restore")} - < ${piped}`],
        {
          encoding: "utf8",
          env: { ...env, DATA_DIR: into },
        },
      );
      expect(back.status, back.stderr).toBe(0);
      const restored = await openDatabase({ kind: "pglite", dataDir: path.join(into, "db") });
      try {
        expect(await snapshot(restored.sql.query)).toEqual(before);
      } finally {
        await restored.close();
      }
    });

    it("refuses to restore over a database unless --replace, which keeps the old one aside", () => {
      const refused = run("restore", [backupFile], { DATA_DIR: target });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain("already holds a database");
      const replaced = run("restore", [backupFile, "--replace"], { DATA_DIR: target });
      expect(replaced.status, replaced.output).toBe(0);
      expect(replaced.output).toMatch(/is kept in .*db\.before-restore-/);
      expect(readdirSync(target).filter((f) => f.startsWith("db.before-restore-"))).toHaveLength(1);
    });

    it("refuses a database that a running process has open, and a file that is no backup", async () => {
      // A process holding the embedded database open, as the server does.
      const holder = spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { PGlite } from "@electric-sql/pglite";
         const db = await PGlite.create(${JSON.stringify(path.join(source, "db"))});
         await db.query("select 1"); console.log("open"); setInterval(() => {}, 1000);`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      try {
        let out = "";
        holder.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        await waitFor(async () => out.includes("open"), 30_000);
        const refused = run("backup", [path.join(scratch, "while-running.tar.gz")], {
          DATA_DIR: source,
        });
        expect(refused.status).toBe(1);
        expect(refused.output).toContain(`open in process ${holder.pid}`);
        expect(existsSync(path.join(scratch, "while-running.tar.gz"))).toBe(false);
      } finally {
        holder.kill("SIGKILL");
      }
      const notABackup = run("restore", ["package.json"], { DATA_DIR: path.join(scratch, "x") });
      expect(notABackup.status).toBe(1);
      expect(notABackup.output).toContain("is not a backup of the embedded database");
      expect(existsSync(path.join(scratch, "x", "db"))).toBe(false);
    });
  },
);

describe.runIf(serverUrl)("backup and restore on PostgreSQL", { timeout: 300_000 }, () => {
  const file = path.join(scratch, "household.pgdump");
  let before: Awaited<ReturnType<typeof snapshot>>;
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  async function emptyDatabase() {
    const database = await createScratchDatabase(POSTGRES_SERVER_URL, "dropwave_restore");
    drops.push(database.drop);
    return database;
  }

  async function snapshotOf(url: string) {
    const database = await openDatabase({ kind: "postgres", url, maxConnections: 1 });
    try {
      return { rows: await snapshot(database.sql.query), counts: await counts(database.sql.query) };
    } finally {
      await database.close();
    }
  }

  it("backs up a household with pg_dump and restores it into an empty database with every row", async () => {
    const source = await emptyDatabase();
    const database = await openDatabase({ kind: "postgres", url: source.url, maxConnections: 1 });
    await migrateDatabase(database);
    await seedHousehold(database.sql.query);
    before = await snapshot(database.sql.query);
    await database.close();

    const backup = run("backup", [file], { DATABASE_URL: source.url });
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain("Backed up the postgres database");

    const target = await emptyDatabase();
    const restore = run("restore", [file], { DATABASE_URL: target.url });
    expect(restore.status, restore.output).toBe(0);
    const restored = await snapshotOf(target.url);
    expect(restored.counts).toEqual(HOUSEHOLD);
    expect(restored.rows).toEqual(before);
  });

  it("refuses a database with tables unless --replace; a broken dump changes nothing", async () => {
    const target = await emptyDatabase();
    expect(run("restore", [file], { DATABASE_URL: target.url }).status).toBe(0);
    const refused = run("restore", [file], { DATABASE_URL: target.url });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("already has tables");
    const replaced = run("restore", [file, "--replace"], { DATABASE_URL: target.url });
    expect(replaced.status, replaced.output).toBe(0);
    expect((await snapshotOf(target.url)).rows).toEqual(before);

    // Cut off in the middle: the replace and the restore are one transaction, rolled back.
    const broken = path.join(scratch, "broken.pgdump");
    spawnSync("cp", [file, broken]);
    truncateSync(broken, Math.floor(statSync(file).size * 0.6));
    const failed = run("restore", [broken, "--replace"], { DATABASE_URL: target.url });
    expect(failed.status).toBe(1);
    expect((await snapshotOf(target.url)).rows).toEqual(before);
  });
});
