import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { appSetting } from "./schema/index.ts";

const database = setupTestDatabase();

describe("database", () => {
  it("is migrated and answers a ping", async () => {
    expect(await database.current.ping()).toBe(true);
  });

  it("round-trips a row through the shared schema", async () => {
    const { db } = database.current;
    await db.insert(appSetting).values({ key: "probe", value: { n: 1 } });
    const rows = await db.select().from(appSetting).where(eq(appSetting.key, "probe"));
    expect(rows[0]?.value).toEqual({ n: 1 });
  });

  it("answers plain parameterised SQL", async () => {
    const { rows } = await database.current.sql.query<{ n: number }>(
      "select $1::int + 1 as n",
      [41],
    );
    expect(rows[0]?.n).toBe(42);
  });

  it("runs migrations again without error (idempotent start-up)", async () => {
    const { migrateDatabase } = await import("./migrate.ts");
    await migrateDatabase(database.current);
    expect(await database.current.ping()).toBe(true);
  });
});
