import { describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN } from "../tests/helpers/app.ts";
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

  it("refuses page form posts without our Origin, before any action runs", async () => {
    const handled: string[] = [];
    const { app, request } = await createTestApp(database.current, {
      pageHandler: async (req) => {
        handled.push(`${req.method} ${new URL(req.url).pathname}`);
        return new Response("page", { status: 200 });
      },
    });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const post = (headers: Record<string, string>) =>
      request("/login", { method: "POST", headers: { ...form, ...headers } });
    // No Origin at all, a foreign one, "null".
    const noOrigin = await app.request(`${TEST_ORIGIN}/login`, {
      method: "POST",
      headers: form,
      body: "email=a%40b.test",
    });
    expect(noOrigin.status).toBe(403);
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
    expect(
      (await request("/user.data", { method: "POST", headers: { origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
    expect(handled).toEqual([]);
    // Our own pages' posts and every GET go through.
    expect((await post({})).status).toBe(200);
    expect((await request("/login", { headers: { origin: "" } })).status).toBe(200);
    expect(handled).toEqual(["POST /login", "GET /login"]);
  });

  it("sends the security headers on every response, with a fresh CSP nonce for each", async () => {
    const { request } = await createTestApp(database.current, {
      pageHandler: async () =>
        new Response("<!doctype html>", { headers: { "content-type": "text/html" } }),
    });
    const nonces = new Set<string>();
    for (const path of ["/api/health", "/api/nope", "/", "/hub"]) {
      const response = await request(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      nonces.add(nonce!);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
    expect(nonces.size).toBe(4);
  });

  it("asks browsers for HTTPS only (Strict-Transport-Security) when PUBLIC_URL is https://, never on http://", async () => {
    const secure = await createTestApp(database.current, {
      env: { PUBLIC_URL: "https://dropwave.test" },
    });
    for (const path of ["/api/health", "/api/nope"]) {
      const response = await secure.request(path);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
    }
    const plain = await createTestApp(database.current);
    const response = await plain.request("/api/health");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
