import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { http } from "./http.ts";

function scripted(statuses: number[]) {
  const calls: string[] = [];
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    calls.push(init?.method ?? "GET");
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    const body =
      status >= 400
        ? JSON.stringify({ error: { code: "boom", message: `status ${status}` } })
        : JSON.stringify({ ok: true });
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe("http", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries GET once on %i", async (status) => {
    const { calls, fetchImpl } = scripted([status, 200]);
    await expect(http("/x", { fetchImpl, retryDelayMs: 0 })).resolves.toEqual({ ok: true });
    expect(calls).toEqual(["GET", "GET"]);
  });

  it("retries only once", async () => {
    const { calls, fetchImpl } = scripted([503, 503, 200]);
    await expect(http("/x", { fetchImpl, retryDelayMs: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(calls.length).toBe(2);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries %s", async (method) => {
    const { calls, fetchImpl } = scripted([503, 200]);
    await expect(http("/x", { method, fetchImpl, retryDelayMs: 0 })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toEqual([method]);
  });

  it("does not retry other errors and exposes the API's error code", async () => {
    const { calls, fetchImpl } = scripted([404]);
    await expect(http("/x", { fetchImpl })).rejects.toMatchObject({
      status: 404,
      code: "boom",
      message: "status 404",
    });
    expect(calls.length).toBe(1);
  });
});
