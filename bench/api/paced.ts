/**
 * An open-loop load at an even rate: request i is due at start + i / rate, whatever happened to
 * the ones before, and its latency is counted from that due time (so a server or a load
 * generator that falls behind shows up in the figures: no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection a quota per second and
 * sends it back to back when the second starts, so 200/s arrives as one burst of 200 each
 * second and the figures measure that queue. It also corrects for coordinated omission with an
 * expected interval of `ceil(1 / rate)` = 1 ms, which adds a synthetic sample per millisecond
 * of every response, so slow responses are counted many times over.
 */
import { Pool } from "undici";

export type PacedRequest = { path: string; headers?: () => Record<string, string> };

export type PacedResult = {
  requests: number;
  durationS: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  timeouts: number;
};

export async function runPaced(options: {
  origin: string;
  rate: number;
  durationS: number;
  connections: number;
  mix: PacedRequest[];
  timeoutMs?: number;
}): Promise<PacedResult> {
  const { origin, rate, durationS, connections, mix } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const total = Math.round(rate * durationS);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();

  const send = async (index: number, dueAt: number) => {
    const request = mix[index % mix.length] as PacedRequest;
    try {
      const response = await pool.request({
        method: "GET",
        path: request.path,
        headers: request.headers?.() ?? {},
      });
      await response.body.dump();
      latencies.push(performance.now() - dueAt);
      if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
    } catch (error) {
      errors++;
      if ((error as { code?: string }).code?.includes("TIMEOUT")) timeouts++;
    }
  };

  for (let index = 0; index < total; ) {
    const now = performance.now();
    // Send everything that is due (a late timer sends the backlog at once, timed from its due time).
    while (index < total && start + (index * 1000) / rate <= now) {
      inFlight.push(send(index, start + (index * 1000) / rate));
      index++;
    }
    if (index < total) {
      const wait = start + (index * 1000) / rate - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  await pool.close();

  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    requests: latencies.length + errors,
    durationS: elapsedS,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) },
    errors: errors + non2xx,
    non2xx,
    timeouts,
  };
}
