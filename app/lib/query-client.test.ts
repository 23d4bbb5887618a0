import { describe, expect, it } from "vitest";
import { apiQuery, createQueryClient, retryDelayMs } from "./query-client.ts";

function failingWith(status: number) {
  const calls: string[] = [];
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    calls.push(init?.method ?? "GET");
    return new Response(JSON.stringify({ error: { code: "boom", message: "no" } }), {
      status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe("page data queries", () => {
  it("try a failing GET at most 4 times: 3 retries, never multiplied by the HTTP client's", async () => {
    const client = createQueryClient({ retryDelay: () => 0 });
    const { calls, fetchImpl } = failingWith(503);
    await expect(
      client.fetchQuery({
        queryKey: ["x"],
        queryFn: apiQuery("/api/v1/x", { fetchImpl, retryDelayMs: 0 }),
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls.length).toBe(4);
  });

  it("do not retry an answer that will not change (404, 401)", async () => {
    for (const status of [404, 401]) {
      const client = createQueryClient({ retryDelay: () => 0 });
      const { calls, fetchImpl } = failingWith(status);
      await expect(
        client.fetchQuery({
          queryKey: ["x"],
          queryFn: apiQuery("/api/v1/x", { fetchImpl }),
          retry: client.getDefaultOptions().queries?.retry,
        }),
      ).rejects.toMatchObject({ status });
      expect(calls.length, String(status)).toBe(1);
    }
  });

  it("keep the spec's constants: stale 5 s, kept 5 min, backoff 1 s, 2 s, 4 s … 30 s", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(5_000);
    expect(queries?.gcTime).toBe(300_000);
    expect([0, 1, 2, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 30_000]);
  });
});
