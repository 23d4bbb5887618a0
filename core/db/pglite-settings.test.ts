import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const dir = mkdtempSync(path.join(tmpdir(), "dropwave-pglite-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function settingsOf(dataDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const { rows } = await database.sql.query<{ name: string; value: string }>(
      "select name, current_setting(name) as value from pg_settings where name in ('shared_buffers', 'wal_segment_size', 'maintenance_work_mem')",
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await database.close();
  }
}

describe("the embedded database on disk", () => {
  it("is created with small buffers and 1 MB WAL segments, and keeps them after a restart", async () => {
    const dataDir = path.join(dir, "db");
    const expected = {
      shared_buffers: "16MB",
      maintenance_work_mem: "16MB",
      wal_segment_size: "1MB",
    };
    expect(await settingsOf(dataDir)).toEqual(expected);
    expect(await settingsOf(dataDir)).toEqual(expected);
  });
});
