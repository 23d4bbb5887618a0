import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runPaced } from "./paced.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A local server that records when each request arrived; `stallFirstMs` holds the first one. */
async function start(stallFirstMs = 0) {
  const arrivals: number[] = [];
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    const answer = () => res.writeHead(req.url === "/missing" ? 404 : 200).end("ok");
    if (arrivals.length === 1 && stallFirstMs > 0) setTimeout(answer, stallFirstMs);
    else answer();
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, arrivals };
}

describe("runPaced", () => {
  it("sends rate × duration requests spread evenly, not in bursts", async () => {
    const { origin, arrivals } = await start();
    const result = await runPaced({
      origin,
      rate: 100,
      durationS: 0.5,
      connections: 4,
      mix: [{ path: "/" }],
    });
    expect(result.requests).toBe(50);
    expect(result.errors).toBe(0);
    // 10 ms apart: ~10 in the first 100 ms (a burst would send all 50 at once). Loose bounds: a
    // late timer on a busy machine sends what fell due at once.
    const first = arrivals[0] as number;
    expect((arrivals.at(-1) as number) - first).toBeGreaterThan(400);
    expect(arrivals.filter((t) => t - first < 100).length).toBeLessThan(25);
  });

  it("counts latency from when a request was due, so a stalled server shows up", async () => {
    // One connection: the requests due while the first is held wait behind it.
    const { origin } = await start(400);
    const result = await runPaced({
      origin,
      rate: 100,
      durationS: 0.5,
      connections: 1,
      mix: [{ path: "/" }],
    });
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(395);
    // Those due during the stall (most of the run) are slow too, not only the stalled one.
    expect(result.latencyMs.p50).toBeGreaterThan(50);
  });

  it("counts answers outside 2xx as errors", async () => {
    const { origin } = await start();
    const result = await runPaced({
      origin,
      rate: 50,
      durationS: 0.2,
      connections: 2,
      mix: [{ path: "/" }, { path: "/missing" }],
    });
    expect(result.requests).toBe(10);
    expect(result.non2xx).toBe(5);
    expect(result.errors).toBe(5);
  });
});
