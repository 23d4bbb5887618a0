import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../core/db/client.ts";
import { createEmbeddedDatabase, embeddedDatabaseToCreate } from "./create-database.ts";

const root = mkdtempSync(path.join(tmpdir(), "dropwave-create-db-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's first start", () => {
  it("is needed only on the embedded database, and only until it exists", async () => {
    const dataDir = path.join(root, "fresh");
    const dir = path.join(dataDir, "db");
    expect(embeddedDatabaseToCreate(() => ({ DATA_DIR: dataDir }))).toBe(dir);
    expect(
      embeddedDatabaseToCreate(() => ({
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
      })),
    ).toBeNull();
    // A crash of an earlier first start left a half-made copy: it is started over.
    mkdirSync(`${dir}.creating`, { recursive: true });
    writeFileSync(path.join(`${dir}.creating`, "PG_VERSION"), "junk");
    // The directory itself may exist, empty.
    mkdirSync(dir, { recursive: true });

    await createEmbeddedDatabase(dir);

    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${dir}.creating`)).toBe(false);
    expect(embeddedDatabaseToCreate(() => ({ DATA_DIR: dataDir }))).toBeNull();
    // Created and migrated: the server opens it as on any later start.
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      const { rows } = await database.sql.query<{ n: number }>(
        "select count(*)::int as n from app_setting",
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("leaves a directory that holds something else to the server, as before", () => {
    const dataDir = path.join(root, "other");
    mkdirSync(path.join(dataDir, "db"), { recursive: true });
    writeFileSync(path.join(dataDir, "db", "notes.txt"), "mine");
    expect(embeddedDatabaseToCreate(() => ({ DATA_DIR: dataDir }))).toBeNull();
  });

  it("leaves a bad setting to the server, which names it", () => {
    expect(
      embeddedDatabaseToCreate(() => {
        throw new Error("DATA_DIR: too short");
      }),
    ).toBeNull();
  });
});
