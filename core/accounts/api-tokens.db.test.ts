import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { type Db, schema } from "../db/client.ts";
import { authenticateApiToken, createApiToken, listApiTokens } from "./api-tokens.ts";

const database = setupTestDatabase();

/** The row version: it changes with every UPDATE that touches the row, even to equal values. */
async function rowVersion(tokenId: string): Promise<string> {
  const { rows } = await database.current.sql.query<{ v: string }>(
    "select xmin::text as v from api_token where id = $1",
    [tokenId],
  );
  return rows[0]!.v;
}

/** The test database through a Drizzle instance that records every statement it sends. */
function recordingDb(): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (database.current.db as unknown as { $client: unknown }).$client;
  const db =
    database.current.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger });
  return { db: db as unknown as Db, statements };
}

describe("API token last use", () => {
  it("is written at most once a minute per token: requests in between only read", async () => {
    const { db } = database.current;
    const owner = await seedUser(db);
    const { token, summary } = await createApiToken(db, owner.id, { name: "script" });
    const t0 = new Date("2026-11-23T08:00:00Z");

    expect(await authenticateApiToken(db, token, t0)).toMatchObject({ tokenId: summary.id });
    const afterFirst = await rowVersion(summary.id);
    const recording = recordingDb();
    for (const seconds of [1, 30, 59]) {
      const at = new Date(t0.getTime() + seconds * 1_000);
      expect(await authenticateApiToken(recording.db, token, at)).toMatchObject({
        user: { id: owner.id },
      });
    }
    // Three requests within the minute: three reads, not one UPDATE sent.
    expect(recording.statements).toHaveLength(3);
    expect(recording.statements.filter((q) => /^\s*update/i.test(q))).toEqual([]);
    expect(await rowVersion(summary.id)).toBe(afterFirst);
    expect((await listApiTokens(db, owner.id))[0]?.lastUsedAt).toEqual(t0);

    const later = new Date(t0.getTime() + 61_000);
    await authenticateApiToken(db, token, later);
    expect(await rowVersion(summary.id)).not.toBe(afterFirst);
    expect((await listApiTokens(db, owner.id))[0]?.lastUsedAt).toEqual(later);
  });
});
