import { describe, expect, it } from "vitest";
import { formatPoliteness, measurePoliteness } from "../../bench/fetch/politeness.ts";

describe("politeness through the real fetcher", () => {
  it("50 URLs on one host keep the configured spacing and concurrency", async () => {
    // Server answers in 120 ms; with 50 ms spacing 3 would overlap without the limit.
    const result = await measurePoliteness({
      count: 50,
      concurrency: 2,
      spacingMs: 50,
      serviceMs: 120,
    });
    console.log(formatPoliteness("politeness test", result));
    expect(result.okCount).toBe(50);
    // Arrivals are measured at the server: the gate spaces the starts exactly (see
    // host-gate.test.ts); the way from gate to wire (new connection, same event loop as this
    // server) adds up to ~10 ms of jitter, so allow 20 ms.
    expect(result.minGapMs).toBeGreaterThanOrEqual(30);
    expect(result.meanGapMs).toBeGreaterThanOrEqual(50);
    expect(result.maxInFlight).toBe(2);
    // 50 requests, 2 at a time, 120 ms each: at least 25 rounds of 120 ms.
    expect(result.totalMs).toBeGreaterThanOrEqual(25 * 120);
  });

  it("with concurrency 1 requests never overlap", async () => {
    const result = await measurePoliteness({
      count: 10,
      concurrency: 1,
      spacingMs: 0,
      serviceMs: 15,
    });
    expect(result.maxInFlight).toBe(1);
    expect(result.minGapMs).toBeGreaterThanOrEqual(14);
  });
});
