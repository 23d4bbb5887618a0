import { describe, expect, it } from "vitest";
import { createTestApp } from "../tests/helpers/app.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";

const database = setupTestDatabase();

describe("HTTP host", () => {
  it("answers health with the database state", async () => {
    const { request } = await createTestApp(database.current);
    const response = await request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: { kind: database.current.kind, status: "up" },
    });
  });

  it("answers unknown API paths with JSON 404, never HTML", async () => {
    const { request } = await createTestApp(database.current);
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/v1/whatever"],
      ["DELETE", "/api/health/x"],
    ] as const) {
      const response = await request(path, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect((await response.json()).error.code).toBe("not_found");
    }
  });

  it("gives every response a request id, keeping a sane incoming one", async () => {
    const { request } = await createTestApp(database.current);
    const fresh = await request("/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request("/api/health", { headers: { "x-request-id": "trace-abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc-123");
    const replaced = await request("/api/health", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });
});
