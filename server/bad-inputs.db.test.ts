import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { watch } from "../core/db/schema/index.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";

/**
 * The inputs that answered 500 in #35 (items 9–13), each answered with a clear 4xx now, on both
 * databases. The real Hono app and the real page routes (Vite's SSR, as in app/static-pages).
 */
const database = setupTestDatabase();
const pages = setupPageRoutes();

const reading = {
  title: "Lamp",
  imageUrl: null,
  price: { amountMinor: 1000, currency: "USD" },
  availability: "in_stock",
};
const recipe = (label: string) => ({
  candidateKey: null,
  element: { tag: "span", id: null, classes: ["price"], index: 1, attrs: {} },
  ancestors: [],
  label,
  sample: { amountMinor: 1000, currency: "USD" },
});

async function setUp() {
  const { request, services } = await pages.testApp.createTestApp(database.current, {
    pageHandler: pages.pageHandler,
  });
  const alice = await pages.testApp.createPerson(request);
  const bob = await pages.testApp.createPerson(request);
  const created = await request("/api/v1/extension/watches", {
    body: { url: "https://shop.example/lamp", reading },
    headers: bob.auth,
  });
  expect(created.status).toBe(201);
  const bobWatchId = (await created.json()).watch.id as string;
  return { request, services, alice, bob, bobWatchId };
}

describe("inputs that answered 500 (#35 items 9–13)", () => {
  it("item 12: ids that are not UUIDs, and update-user with a null name", {
    timeout: 120_000,
  }, async () => {
    const { request, alice } = await setUp();
    const readings = await request("/api/v1/extension/watches/x/readings", {
      body: reading,
      headers: alice.auth,
    });
    expect(readings.status).toBe(404);
    const picked = await request("/api/v1/extension/watches/x/recipe", {
      method: "PUT",
      body: { recipe: recipe("Price") },
      headers: alice.auth,
    });
    expect(picked.status).toBe(404);
    const named = await request("/api/auth/update-user", {
      body: { name: null },
      cookie: alice.cookie,
    });
    expect(named.status).toBe(400);
  });

  it("item 13: a refused pick leaves no half-written watch", { timeout: 120_000 }, async () => {
    const { request, services, alice } = await setUp();
    const url = "https://shop.example/half";
    const refused = await request("/api/v1/extension/watches", {
      body: { url, reading, recipe: recipe("a\u0000b") },
      headers: alice.auth,
    });
    expect(refused.status).toBe(400);
    const rows = await services.database.db.select().from(watch);
    expect(rows.filter((w) => w.recipe?.label === "a\u0000b")).toEqual([]);
    const retried = await request("/api/v1/extension/watches", {
      body: { url, reading, recipe: recipe("Price") },
      headers: alice.auth,
    });
    expect(retried.status).toBe(201);
  });

  it("item 11: a NUL or a lone surrogate never reaches SQL", { timeout: 120_000 }, async () => {
    const { request, alice } = await setUp();
    const statuses: [string, number][] = [];
    const record = async (label: string, response: Promise<Response> | Response) => {
      statuses.push([label, (await response).status]);
    };
    await record(
      "GET /api/v1/watches?q=%00",
      request("/api/v1/watches?q=%00", { headers: alice.auth }),
    );
    await record("GET /hub?q=%00", request("/hub?q=%00", { cookie: alice.cookie }));
    await record(
      "DELETE /api/v1/tokens/%00",
      request("/api/v1/tokens/%00", { method: "DELETE", headers: alice.auth }),
    );
    await record("GET /reset/%00", request("/reset/%00", { headers: { accept: "text/html" } }));
    await record(
      "POST /user revoke-token id=%00",
      request("/user", {
        method: "POST",
        rawBody: "intent=revoke-token&id=%00",
        cookie: alice.cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    await record(
      "update-user name NUL",
      request("/api/auth/update-user", { body: { name: "\u0000" }, cookie: alice.cookie }),
    );
    await record(
      "reset-password token NUL",
      request("/api/auth/reset-password", {
        body: { token: "\u0000", newPassword: "a long enough password" },
      }),
    );
    await record(
      "recipe label lone surrogate",
      request("/api/v1/extension/watches", {
        method: "POST",
        rawBody: `{"url":"https://shop.example/s","reading":${JSON.stringify(reading)},"recipe":${JSON.stringify(recipe("x")).replace('"label":"x"', '"label":"\\ud800"')}}`,
        headers: alice.auth,
      }),
    );
    for (const [label, status] of statuses) {
      expect(status, label).toBeGreaterThanOrEqual(200);
      expect(status, label).toBeLessThan(500);
    }
    const byLabel = new Map(statuses);
    expect(byLabel.get("GET /api/v1/watches?q=%00")).toBe(400);
    expect(byLabel.get("DELETE /api/v1/tokens/%00")).toBe(404);
    expect(byLabel.get("update-user name NUL")).toBe(400);
    expect(byLabel.get("recipe label lone surrogate")).toBe(400);
  });

  it("item 10: pausing someone else's watch from the hub is a 404", {
    timeout: 120_000,
  }, async () => {
    const { request, services, alice, bobWatchId } = await setUp();
    const paused = await request("/hub", {
      method: "POST",
      rawBody: `intent=pause&watchId=${bobWatchId}`,
      cookie: alice.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paused.status).toBe(404);
    const [row] = await services.database.db.select().from(watch).where(eq(watch.id, bobWatchId));
    expect(row?.isPaused).toBe(false);
  });

  it("item 9: a page form given a body that is not a form", { timeout: 120_000 }, async () => {
    const { request, alice, bobWatchId } = await setUp();
    const forms = [
      "/login",
      "/register",
      "/reset",
      "/reset/some-token",
      "/confirm-channel/some-token",
      "/hub",
      `/hub/watch/${bobWatchId}`,
      "/user",
      "/user/import",
      "/user/upgrade",
      "/admin",
    ];
    const bodies: [string, string][] = [
      ["application/json", '{"intent":"pause"}'],
      ["text/plain", "intent=pause"],
      ["multipart/form-data; boundary=x", "--x\r\ngarbage without an end"],
      ["multipart/form-data", "no boundary at all"],
    ];
    for (const path of forms) {
      for (const [type, body] of bodies) {
        const response = await request(path, {
          method: "POST",
          rawBody: body,
          cookie: alice.cookie,
          headers: { "content-type": type, accept: "text/html" },
        });
        // Refused (4xx), or sent elsewhere first (a signed-in person on /login: 302).
        expect(response.status, `${path} ${type}`).toBeGreaterThanOrEqual(300);
        expect(response.status, `${path} ${type}`).toBeLessThan(500);
      }
    }
  });
});
