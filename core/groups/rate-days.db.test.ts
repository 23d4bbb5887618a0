import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { createRateStore } from "./rate-days.ts";

const database = setupTestDatabase();
const day = (date: string, usd: number): ReferenceRates => ({ date, perEur: { EUR: 1, USD: usd } });
const at = new Date("2026-11-27T17:00:00Z");

describe("each day's reference rates, kept (#37 gap c, decision 0077)", () => {
  it("keeps every day read, replaces a day read again, and gives a range with the day before it", async () => {
    const store = createRateStore(database.current.sql);
    await store.keep([day("2026-11-19", 1.05), day("2026-11-20", 1.06)], at);
    await store.keep([day("2026-11-23", 1.07)], at);
    await store.keep([day("2026-11-20", 1.08)], at);
    // The 22nd (a Sunday) needs the 20th's rates: the nearest kept day before the range comes too.
    expect(await store.between("2026-11-22", "2026-11-27")).toEqual([
      day("2026-11-20", 1.08),
      day("2026-11-23", 1.07),
    ]);
    expect(await store.between("2026-11-20", "2026-11-20")).toEqual([day("2026-11-20", 1.08)]);
    // Nothing kept on or before the range's days: none, never a later day's.
    expect(await store.between("2026-11-01", "2026-11-18")).toEqual([]);
  });
});
