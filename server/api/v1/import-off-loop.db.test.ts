import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { priceObservation, product } from "../../../core/db/schema/index.ts";
import type { WatchExport } from "../../../core/tracking/export-watches.ts";
import { IMPORTS_PER_HOUR } from "../../../core/tracking/import-watches.ts";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";

const database = setupTestDatabase();

function exportFile(watches: Array<{ url: string; points: number }>): WatchExport {
  const start = Date.parse("2020-01-01T00:00:00Z");
  return {
    format: "dropwave-export",
    version: 1,
    exportedAt: new Date(start).toISOString(),
    watches: watches.map(({ url, points }) => ({
      url,
      title: "Long history",
      store: null,
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      isPaused: false,
      candidateKey: null,
      baseline: null,
      createdAt: new Date(start).toISOString(),
      history: Array.from({ length: points }, (_, i) => ({
        at: new Date(start + i * 3_600_000).toISOString(),
        lastSeenAt: new Date(start + i * 3_600_000 + 60_000).toISOString(),
        price: i % 7 === 0 ? null : { amountMinor: 10_000 + (i % 500), currency: "USD" },
        listPrice: i % 3 === 0 ? { amountMinor: 12_000, currency: "USD" } : null,
        availability: i % 7 === 0 ? ("out_of_stock" as const) : ("in_stock" as const),
        checks: 1,
      })),
    })),
  };
}

async function historyOf(url: string) {
  return database.current.db
    .select({
      priceMinor: priceObservation.priceMinor,
      currency: priceObservation.currency,
      listPriceMinor: priceObservation.listPriceMinor,
      availability: priceObservation.availability,
      observedAt: priceObservation.observedAt,
    })
    .from(priceObservation)
    .innerJoin(product, eq(product.id, priceObservation.productId))
    .where(eq(product.url, url))
    .orderBy(priceObservation.observedAt);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/v1/import off the event loop (#35 item 14)", () => {
  it("never parses the file on the event loop's thread, and writes every point as given", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await createPerson(request);
    const url = "https://history.example/p/off-loop";
    const file = exportFile([{ url, points: 4_000 }]);
    const body = JSON.stringify(file);
    expect(body.length).toBeGreaterThan(500_000);
    const parse = vi.spyOn(JSON, "parse");
    const answer = await request("/api/v1/import", {
      method: "POST",
      rawBody: body,
      headers: alice.auth,
    });
    // Any JSON.parse this thread ran was of something small (a session, a setting), not the file.
    const biggest = Math.max(0, ...parse.mock.calls.map(([text]) => String(text).length));
    parse.mockRestore();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ imported: 1, skipped: [] });
    expect(biggest).toBeLessThan(10_000);
    // The columns carried every point, prices, "was" prices, stock and times, unchanged.
    const rows = await historyOf(url);
    expect(rows).toHaveLength(4_000);
    const sent = file.watches[0]!.history;
    for (const i of [0, 1, 3, 7, 3_999]) {
      const point = sent[i]!;
      expect(rows[i]).toEqual({
        priceMinor: point.price?.amountMinor ?? null,
        currency: point.price?.currency ?? null,
        listPriceMinor: point.price && point.listPrice ? point.listPrice.amountMinor : null,
        availability: point.availability,
        observedAt: new Date(point.at),
      });
    }
  });

  it("caps the history points one import may hold: 413, nothing written", async () => {
    const { request } = await createTestApp(database.current, {
      env: { IMPORT_MAX_POINTS: "100" },
    });
    const alice = await createPerson(request);
    const file = exportFile([
      { url: "https://history.example/p/cap-1", points: 60 },
      { url: "https://history.example/p/cap-2", points: 60 },
    ]);
    const answer = await request("/api/v1/import", { body: file, headers: alice.auth });
    expect(answer.status).toBe(413);
    expect((await answer.json()).error.message).toMatch(/120 history points.*at most 100/);
    const [{ value } = { value: -1 }] = await database.current.db
      .select({ value: count() })
      .from(product)
      .where(eq(product.url, "https://history.example/p/cap-1"));
    expect(value).toBe(0);
  });

  it(`limits imports per account: past ${IMPORTS_PER_HOUR} an hour, 429 with Retry-After`, async () => {
    const { request } = await createTestApp(database.current);
    const alice = await createPerson(request);
    const bob = await createPerson(request);
    const file = exportFile([{ url: "https://history.example/p/often", points: 1 }]);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= IMPORTS_PER_HOUR; i += 1) {
      last = await request("/api/v1/import", { body: file, headers: alice.auth });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(IMPORTS_PER_HOUR).fill(200), 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not held back by Alice's imports.
    expect((await request("/api/v1/import", { body: file, headers: bob.auth })).status).toBe(200);
  });

  it("answers 400 for a body that is not JSON and for one that is not an export, naming the field", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await createPerson(request);
    const garbage = await request("/api/v1/import", {
      method: "POST",
      rawBody: "{not json",
      headers: alice.auth,
    });
    expect(garbage.status).toBe(400);
    const wrong = await request("/api/v1/import", {
      body: { ...exportFile([]), version: 2 },
      headers: alice.auth,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields[0].field).toBe("version");
  });
});
