import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testFetcher } from "../../tests/helpers/store-server.ts";
import { createRateSource, RATES_FRESH_MS, RATES_RETRY_MS } from "./rate-source.ts";

/** A loopback stand-in for the ECB's feed: its answer is set by each test. */
let answer: { status: number; body: string } = { status: 200, body: "" };
let hits = 0;
let server: Server;
let url: string;

const feed = (date: string, usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<Cube><Cube time='${date}'><Cube currency='USD' rate='${usd}'/><Cube currency='GBP' rate='0.85'/></Cube></Cube>
</gesmes:Envelope>`;

beforeAll(async () => {
  server = createServer((_, res) => {
    hits += 1;
    res.writeHead(answer.status, { "content-type": "text/xml" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const at = (iso: string) => new Date(iso);

describe("the reference rate source (issue #37 item 7)", () => {
  it("reads the feed through the fetcher, keeps it, and refreshes it when stale", async () => {
    hits = 0;
    answer = { status: 200, body: feed("2026-11-27", "1.08") };
    const source = createRateSource({ fetcher: testFetcher(), url });
    const t0 = at("2026-11-27T17:00:00Z");
    expect((await source.current(t0))?.perEur.USD).toBe(1.08);
    expect(await source.current(new Date(t0.getTime() + 1000))).not.toBeNull();
    expect(hits).toBe(1);
    answer = { status: 200, body: feed("2026-11-28", "1.09") };
    const later = new Date(t0.getTime() + RATES_FRESH_MS + 1);
    expect((await source.current(later))?.perEur.USD).toBe(1.09);
    expect(hits).toBe(2);
  });

  it("unreachable with nothing kept: null (the comparison is unavailable), retried later", async () => {
    hits = 0;
    answer = { status: 404, body: "gone" };
    const source = createRateSource({ fetcher: testFetcher(), url });
    const t0 = at("2026-11-27T17:00:00Z");
    expect(await source.current(t0)).toBeNull();
    expect(await source.current(new Date(t0.getTime() + 1000))).toBeNull();
    expect(hits).toBe(1);
    answer = { status: 200, body: feed("2026-11-27", "1.08") };
    expect(await source.current(new Date(t0.getTime() + RATES_RETRY_MS + 1))).not.toBeNull();
  });

  it("a failed refresh keeps recent rates, but never rates more than four days old", async () => {
    answer = { status: 200, body: feed("2026-11-27", "1.08") };
    const source = createRateSource({ fetcher: testFetcher(), url });
    expect(await source.current(at("2026-11-27T17:00:00Z"))).not.toBeNull();
    answer = { status: 500, body: "" };
    expect((await source.current(at("2026-11-28T17:00:00Z")))?.date).toBe("2026-11-27");
    expect(await source.current(at("2026-12-02T17:00:00Z"))).toBeNull();
  });

  it("keeps every day the feed holds: a group's chart gets each day's rates back (decision 0077)", async () => {
    const history = `<Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.08'/></Cube><Cube time='2026-11-26'><Cube currency='USD' rate='1.07'/></Cube><Cube time='2026-11-24'><Cube currency='USD' rate='1.05'/></Cube></Cube>`;
    answer = { status: 200, body: history };
    const kept: string[] = [];
    const source = createRateSource({
      fetcher: testFetcher(),
      url,
      store: {
        keep: async (days) => {
          kept.push(...days.map((d) => d.date));
        },
        between: async () => [{ date: "2026-11-20", perEur: { EUR: 1, USD: 1.01 } }],
      },
    });
    expect((await source.current(at("2026-11-27T17:00:00Z")))?.date).toBe("2026-11-27");
    expect(kept).toEqual(["2026-11-24", "2026-11-26", "2026-11-27"]);
    // The 25th was not published: the 24th comes with it; the store's older day too.
    expect((await source.days("2026-11-25", "2026-11-27")).map((d) => d.date)).toEqual([
      "2026-11-24",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect((await source.days("2026-11-20", "2026-11-24")).map((d) => d.date)).toEqual([
      "2026-11-20",
      "2026-11-24",
    ]);
  });

  it("an address the fetcher refuses (a private one not allowed) is unavailable too", async () => {
    const source = createRateSource({ fetcher: testFetcher({ allowPrivate: [] }), url });
    expect(await source.current(at("2026-11-27T17:00:00Z"))).toBeNull();
  });
});
