import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { emailRateLimit } from "../db/schema/index.ts";
import { hitEmailRateLimit } from "./email-rate-limit.ts";

const database = setupTestDatabase();

describe("hitEmailRateLimit", () => {
  it("allows max attempts per window, then says how long to wait, then opens again", async () => {
    const db = database.current.db;
    const start = new Date("2026-01-01T10:00:00Z");
    const hit = (seconds: number, email = "Someone@Example.test") =>
      hitEmailRateLimit(db, {
        action: "/sign-in/email",
        email,
        max: 3,
        windowSeconds: 60,
        now: new Date(start.getTime() + seconds * 1000),
      });
    expect(await hit(0)).toEqual({ isAllowed: true });
    expect(await hit(1, "someone@example.test")).toEqual({ isAllowed: true });
    expect(await hit(2)).toEqual({ isAllowed: true });
    expect(await hit(20)).toEqual({ isAllowed: false, retryAfterSeconds: 40 });
    expect(await hit(20, "other@example.test")).toEqual({ isAllowed: true });
    expect(await hit(60)).toEqual({ isAllowed: true });
  });

  it("counts concurrent attempts exactly (one atomic upsert) and stores no address", async () => {
    const db = database.current.db;
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        hitEmailRateLimit(db, {
          action: "/request-password-reset",
          email: "race@example.test",
          max: 5,
          windowSeconds: 60,
          now,
        }),
      ),
    );
    expect(results.filter((r) => r.isAllowed)).toHaveLength(5);
    const rows = await db.select().from(emailRateLimit);
    expect(JSON.stringify(rows)).not.toContain("example.test");
  });
});
