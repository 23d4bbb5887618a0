import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiToken } from "../../../core/db/schema/index.ts";
import { cookieHeader, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";

const database = setupTestDatabase();
const PASSWORD = "a long enough password";
let seq = 0;

type Request = Awaited<ReturnType<typeof createTestApp>>["request"];

/** A new account, its session cookie, and one API token created with that cookie. */
async function person(request: Request) {
  seq += 1;
  const email = `v1-${seq}-${Date.now()}@example.test`;
  const signUp = await request("/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, name: `Person ${seq}` },
    ip: `198.51.100.${100 + seq}`,
  });
  expect(signUp.status).toBe(200);
  // Sign-up opens no session (decision 0065): sign in after it.
  const signIn = await request("/api/auth/sign-in/email", {
    body: { email, password: PASSWORD },
    ip: `198.51.100.${100 + seq}`,
  });
  expect(signIn.status).toBe(200);
  const cookie = cookieHeader(signIn);
  const created = await request("/api/v1/tokens", { body: { name: "script" }, cookie });
  expect(created.status).toBe(201);
  const body = (await created.json()) as { token: string; id: string; prefix: string };
  return { email, cookie, token: body.token, tokenId: body.id, prefix: body.prefix };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("/api/v1", () => {
  it("answers 401 JSON without credentials, and with a bad token", async () => {
    const { request } = await createTestApp(database.current);
    for (const headers of [{}, bearer("dw_00000000_nope"), { authorization: "Basic abc" }]) {
      const response = await request("/api/v1/me", { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect((await response.json()).error.code).toBe("unauthorized");
    }
  });

  it("puts every /api/v1 route behind authentication", async () => {
    const { app, request } = await createTestApp(database.current);
    // The only public routes: the API's own description and its reference page.
    const isPublic = (r: { method: string; path: string }) =>
      r.method === "GET" && (r.path === "/api/v1/openapi.json" || r.path === "/api/v1/docs");
    const routes = app.routes.filter(
      (r) => r.path.startsWith("/api/v1/") && r.method !== "ALL" && !isPublic(r),
    );
    expect((await request("/api/v1/openapi.json")).status).toBe(200);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
      const response = await request(path, {
        method: route.method,
        ...(route.method === "GET" ? {} : { body: {} }),
      });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });

  it("knows the caller by session cookie or by bearer token", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    expect(alice.token).toMatch(/^dw_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(alice.token.startsWith(alice.prefix)).toBe(true);
    const byCookie = await request("/api/v1/me", { cookie: alice.cookie });
    const byToken = await request("/api/v1/me", { headers: bearer(alice.token) });
    expect(byCookie.status).toBe(200);
    expect(byToken.status).toBe(200);
    const me = await byToken.json();
    expect(me).toEqual(await byCookie.json());
    expect(me).toMatchObject({ email: alice.email });
    expect(Object.keys(me).sort()).toEqual(["email", "id", "name"]);
  });

  it("stores only a hash, lists tokens without secrets, and notes last use", async () => {
    const { request, services } = await createTestApp(database.current);
    const alice = await person(request);
    const [row] = await services.database.db
      .select()
      .from(apiToken)
      .where(eq(apiToken.id, alice.tokenId));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The secret is everything after "dw_<8 hex>_" (it may itself contain "_").
    const secret = alice.token.slice("dw_00000000_".length);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(row)).not.toContain(secret);
    await request("/api/v1/me", { headers: bearer(alice.token) });
    const list = await request("/api/v1/tokens", { headers: bearer(alice.token) });
    expect(list.status).toBe(200);
    const { tokens } = await list.json();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ id: alice.tokenId, name: "script", prefix: alice.prefix });
    expect(tokens[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(tokens)).not.toContain(alice.token);
  });

  it("stops accepting a revoked token at once", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    expect((await request("/api/v1/me", { headers: bearer(alice.token) })).status).toBe(200);
    const revoked = await request(`/api/v1/tokens/${alice.tokenId}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(revoked.status).toBe(204);
    expect((await request("/api/v1/me", { headers: bearer(alice.token) })).status).toBe(401);
    const again = await request(`/api/v1/tokens/${alice.tokenId}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("lets a token list and revoke tokens (itself included) but not create them", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    const create = await request("/api/v1/tokens", {
      body: { name: "minted by a token" },
      headers: bearer(alice.token),
    });
    expect(create.status).toBe(403);
    const self = await request(`/api/v1/tokens/${alice.tokenId}`, {
      method: "DELETE",
      headers: bearer(alice.token),
    });
    expect(self.status).toBe(204);
    expect((await request("/api/v1/tokens", { headers: bearer(alice.token) })).status).toBe(401);
  });

  it("keeps each user's tokens their own: another user's id is a 404 on every id route", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    const bob = await person(request);
    const bobList = await (await request("/api/v1/tokens", { headers: bearer(bob.token) })).json();
    expect(bobList.tokens.map((t: { id: string }) => t.id)).toEqual([bob.tokenId]);
    for (const auth of [{ headers: bearer(bob.token) }, { cookie: bob.cookie }]) {
      const response = await request(`/api/v1/tokens/${alice.tokenId}`, {
        method: "DELETE",
        ...auth,
      });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
    // Alice's token still works.
    expect((await request("/api/v1/me", { headers: bearer(alice.token) })).status).toBe(200);
  });

  it("validates the token name: 400 naming the field", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    for (const body of [{}, { name: "   " }, { name: "x".repeat(61) }, { name: "a\u0000b" }]) {
      const response = await request("/api/v1/tokens", { body, cookie: alice.cookie });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("validation_failed");
      expect(error.fields[0].field).toBe("name");
    }
  });

  it("refuses cookie-authenticated writes from another origin", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    const response = await request("/api/v1/tokens", {
      body: { name: "csrf" },
      cookie: alice.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("ignores bearer tokens outside /api/v1, and keeps the JSON 404", async () => {
    const { request } = await createTestApp(database.current);
    const alice = await person(request);
    const session = await request("/api/auth/get-session", { headers: bearer(alice.token) });
    expect(await session.json()).toBeNull();
    const changeName = await request("/api/auth/update-user", {
      body: { name: "Hijacked" },
      headers: bearer(alice.token),
    });
    expect(changeName.status).toBe(401);
    const unknown = await request("/api/v1/nothing-here", { headers: bearer(alice.token) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    const outside = await request("/api/nothing-here");
    expect(outside.status).toBe(404);
  });
});
