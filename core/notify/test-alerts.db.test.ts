import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import {
  listTestAlerts,
  recordTestAlert,
  TEST_ALERTS_KEPT,
  testAlertSummary,
} from "./test-alerts.ts";

const database = setupTestDatabase();

describe("test alerts in the feed", () => {
  it("keeps only a person's newest few, and nobody else's go", async () => {
    const { db } = database.current;
    const alice = await seedUser(db, "Alice");
    const bob = await seedUser(db, "Bob");
    await recordTestAlert(db, bob.id, [], new Date("2026-11-01T00:00:00Z"));
    for (let i = 0; i < TEST_ALERTS_KEPT + 2; i += 1) {
      await recordTestAlert(
        db,
        alice.id,
        [{ name: `run ${i}`, outcome: "delivered" }],
        new Date(Date.UTC(2026, 10, 2, i)),
      );
    }
    const kept = await listTestAlerts(db, alice.id);
    expect(kept.map((t) => t.results[0]?.name)).toEqual([
      "run 6",
      "run 5",
      "run 4",
      "run 3",
      "run 2",
    ]);
    expect(await listTestAlerts(db, bob.id)).toHaveLength(1);
  });

  it("says each channel on its own line, or that only the feed got it", () => {
    expect(
      testAlertSummary([
        { name: "Email to a@b.test", outcome: "delivered" },
        { name: "Hook", outcome: "HTTP 500" },
      ]),
    ).toBe("Email to a@b.test: delivered\nHook: HTTP 500");
    expect(testAlertSummary([])).toBe("No channel is on: only this feed got it.");
  });
});
