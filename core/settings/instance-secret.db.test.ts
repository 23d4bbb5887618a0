import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { getInstanceSecret } from "./instance-secret.ts";

const database = setupTestDatabase();

describe("getInstanceSecret", () => {
  it("prefers the configured secret", async () => {
    expect(await getInstanceSecret(database.current.db, "k1", "configured-value")).toBe(
      "configured-value",
    );
  });

  it("generates once and then returns the same value, also under concurrent callers", async () => {
    const { db } = database.current;
    const values = await Promise.all([1, 2, 3, 4].map(() => getInstanceSecret(db, "k2")));
    expect(new Set(values).size).toBe(1);
    expect(values[0]!.length).toBeGreaterThanOrEqual(40);
    expect(await getInstanceSecret(db, "k2")).toBe(values[0]);
  });
});
