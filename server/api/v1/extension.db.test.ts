import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceObservation, product, storeRecipe } from "../../../core/db/schema/index.ts";
import {
  describePick,
  LIGHT_VIEW,
  type LightNode,
  parseLightTree,
} from "../../../core/extract/recipe.ts";
import { failureWords } from "../../../core/failure-words.ts";
import { createExtensionToken, createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { checkDueProducts } from "../../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import {
  ambiguousProductPage,
  startStoreServer,
  testFetcher,
} from "../../../tests/helpers/store-server.ts";

const database = setupTestDatabase();
let store: Awaited<ReturnType<typeof startStoreServer>>;
beforeAll(async () => {
  store = await startStoreServer();
});
afterAll(async () => {
  await store.close();
});

const EXTENSION_ORIGIN = `chrome-extension://${"a".repeat(32)}`;
const appWithStore = () =>
  createTestApp(database.current, {
    env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
  });

function pickOn(html: string, text: string) {
  const stack: LightNode[] = [parseLightTree(html)];
  while (stack.length > 0) {
    const node = stack.pop() as LightNode;
    if (node.children.length === 1 && node.children[0]?.text === text && node.tag !== "#text") {
      const amount = Math.round(Number(text.replace("$", "")) * 100);
      return describePick(node, LIGHT_VIEW, { amountMinor: amount, currency: "USD" });
    }
    stack.push(...node.children);
  }
  throw new Error(`no ${text}`);
}

const reading = (amountMinor: number) => ({
  title: "Walking boots",
  imageUrl: "https://img.store.test/boots.jpg",
  price: { amountMinor, currency: "USD" },
  availability: "in_stock",
});

describe("/api/v1 for the browser extension", () => {
  it("answers CORS for extension origins only, never with credentials", async () => {
    const { app } = await appWithStore();
    const preflight = (origin: string) =>
      app.request("http://dropwave.test/api/v1/extension/lookup", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
    for (const origin of [
      EXTENSION_ORIGIN,
      "moz-extension://0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0",
    ]) {
      const answer = await preflight(origin);
      expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
      expect(answer.headers.get("access-control-allow-headers")).toContain("authorization");
      expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    }
    for (const origin of ["https://evil.example", "chrome-extension://short", "null"]) {
      expect((await preflight(origin)).headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("limits an extension token to the extension's routes; full tokens keep every route", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const { auth: ext, id: extId } = await createExtensionToken(request, alice.cookie);
    expect((await request("/api/v1/me", { headers: ext })).status).toBe(200);
    expect((await request(`/api/v1/extension/tracked`, { headers: ext })).status).toBe(200);
    for (const path of [
      "/api/v1/watches",
      "/api/v1/export",
      "/api/v1/tokens",
      "/api/v1/channels",
    ]) {
      const refused = await request(path, { headers: ext });
      expect(refused.status, path).toBe(403);
      expect((await refused.json()).error.message).toContain("browser extension only");
    }
    expect((await request("/api/v1/watches", { headers: alice.auth })).status).toBe(200);
    expect((await request("/api/v1/extension/tracked", { headers: alice.auth })).status).toBe(200);
    // The extension's token cannot mint tokens either (tokens need the signed-in browser).
    expect((await request("/api/v1/tokens", { body: { name: "x" }, headers: ext })).status).toBe(
      403,
    );
    // Revoked: the next request is a 401, which the extension turns into "reconnect".
    expect(
      (await request(`/api/v1/tokens/${extId}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await request("/api/v1/me", { headers: ext })).status).toBe(401);
  });

  it("tracks from the browser without fetching the page, recording the browser as the source", async () => {
    const { request, services } = await appWithStore();
    const alice = await createPerson(request);
    const ext = (await createExtensionToken(request, alice.cookie)).auth;
    const url = store.url("/boots/1?utm_source=mail");
    const created = await request("/api/v1/extension/watches", {
      body: { url, reading: reading(8999) },
      headers: ext,
    });
    expect(created.status).toBe(201);
    const { watch } = await created.json();
    expect(watch).toMatchObject({
      title: "Walking boots",
      price: { amountMinor: 8999, currency: "USD" },
      url: store.url("/boots/1"),
    });
    expect(store.hitsFor("/boots/1")).toBe(0);
    const rows = await services.database.db
      .select()
      .from(priceObservation)
      .where(eq(priceObservation.productId, watch.productId));
    expect(rows.map((r) => [r.priceMinor, r.source])).toEqual([[8999, "browser"]]);

    const lookup = await request(
      `/api/v1/extension/lookup?url=${encodeURIComponent(`${store.url("/boots/1")}?gclid=1`)}`,
      { headers: ext },
    );
    const found = await lookup.json();
    expect(found.watch).toMatchObject({
      id: watch.id,
      price: { amountMinor: 8999 },
      lowest: { amountMinor: 8999 },
      highest: { amountMinor: 8999 },
      hubPath: `/hub/watch/${watch.id}`,
      points: [{ price: { amountMinor: 8999 }, source: "browser" }],
    });
    const none = await request(
      `/api/v1/extension/lookup?url=${encodeURIComponent(store.url("/other"))}`,
      { headers: ext },
    );
    expect((await none.json()).watch).toBeNull();
    const tracked = await (await request("/api/v1/extension/tracked", { headers: ext })).json();
    expect(tracked.urls).toEqual([store.url("/boots/1")]);

    // A browser-assisted check: one more observation, the browser's, through the alert decision.
    const refreshed = await request(`/api/v1/extension/watches/${watch.id}/readings`, {
      body: reading(7999),
      headers: ext,
    });
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).watch.price).toEqual({ amountMinor: 7999, currency: "USD" });
    const history = await (
      await request(`/api/v1/watches/${watch.id}/history`, { headers: alice.auth })
    ).json();
    expect(history.points.map((p: { source: string }) => p.source)).toEqual(["browser", "browser"]);
    const other = await createPerson(request);
    expect(
      (
        await request(`/api/v1/extension/watches/${watch.id}/readings`, {
          body: reading(1),
          headers: other.auth,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses implausible or malformed readings with 400s that name the field", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const ext = (await createExtensionToken(request, alice.cookie)).auth;
    const cases: [unknown, string][] = [
      [{ url: "javascript:alert(1)", reading: reading(100) }, "url"],
      [
        {
          url: store.url("/x"),
          reading: { ...reading(100), price: { amountMinor: 12.5, currency: "USD" } },
        },
        "reading.price.amountMinor",
      ],
      [
        {
          url: store.url("/x"),
          reading: { ...reading(100), price: { amountMinor: 100, currency: "XXZ" } },
        },
        "reading.price.currency",
      ],
      [{ url: store.url("/x"), reading: reading(0) }, "reading.price"],
      [{ url: store.url("/x"), reading: reading(2_000_000_000_000) }, "reading.price"],
      [
        {
          url: store.url("/x"),
          reading: { ...reading(100), imageUrl: "data:image/png;base64,AAAA" },
        },
        "reading.imageUrl",
      ],
      [
        { url: store.url("/x"), reading: { ...reading(100), availability: "maybe" } },
        "reading.availability",
      ],
      [
        { url: store.url("/x"), reading: reading(100), recipe: { element: "div" } },
        "recipe.candidateKey",
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await request("/api/v1/extension/watches", { body, headers: ext });
      expect(answer.status, field).toBe(400);
      const fields = (await answer.json()).error.fields.map((f: { field: string }) => f.field);
      expect(fields, JSON.stringify(body)).toContain(field);
    }
  });

  it("a picked price is used by the next server check, offered to the store's other products, and reported when it stops matching", async () => {
    const { request, services } = await appWithStore();
    const alice = await createPerson(request);
    const ext = (await createExtensionToken(request, alice.cookie)).auth;
    const log = pino({ level: "silent" });
    store.setPage("/tent/1", ambiguousProductPage("Tent", "199.00", "179.00"));
    store.setPage("/tent/2", ambiguousProductPage("Stove", "59.00", "49.00"));
    const recipe = pickOn(ambiguousProductPage("Tent", "199.00", "179.00"), "$199.00");

    const created = await request("/api/v1/extension/watches", {
      body: { url: store.url("/tent/1"), reading: reading(19900), recipe },
      headers: ext,
    });
    expect(created.status).toBe(201);
    const { watch } = await created.json();
    const [saved] = await services.database.db.select().from(storeRecipe);
    expect(saved).toMatchObject({ host: "127.0.0.1", productId: watch.productId });

    // A second product of the same host, tracked by the server alone: no recipe of its own.
    const second = await request("/api/v1/watches", {
      body: { url: store.url("/tent/2") },
      headers: alice.auth,
    });
    expect((await second.json()).watch.extractStatus).toBe("ambiguous");

    const checkAll = async () => {
      await services.database.db.update(product).set({ nextCheckAt: new Date(Date.now() - 1000) });
      await checkDueProducts(services.database.sql, () => testFetcher(), { log });
    };
    store.setPage("/tent/1", ambiguousProductPage("Tent", "189.00", "169.00"));
    await checkAll();
    const priceOf = async (path: string) => {
      const [row] = await services.database.db
        .select()
        .from(product)
        .where(eq(product.url, store.url(path)));
      return row;
    };
    expect((await priceOf("/tent/1"))?.priceMinor).toBe(18900);
    // The store's recipe read the other product's "Today" price, and became its own.
    const stove = await priceOf("/tent/2");
    expect(stove?.priceMinor).toBe(5900);
    expect(stove?.recipe).not.toBeNull();

    // The spot disappears: the check says so in words and keeps no other price.
    store.setPage(
      "/tent/1",
      ambiguousProductPage("Tent", "189.00", "169.00").replace(
        /<span class="tag">Today<\/span> <span class="p-today">\$189.00<\/span>/,
        "",
      ),
    );
    await checkAll();
    const tent = await priceOf("/tent/1");
    expect(tent?.lastOutcome).toBe("recipe_stopped_matching");
    expect(tent?.lastError).toBe(failureWords("recipe_stopped_matching"));
    expect(tent?.priceMinor).toBe(18900);

    // Picking again on the watch's page saves the new spot.
    const again = await request(`/api/v1/extension/watches/${watch.id}/recipe`, {
      method: "PUT",
      body: { recipe: pickOn(ambiguousProductPage("Tent", "189.00", "169.00"), "$169.00") },
      headers: ext,
    });
    expect(again.status).toBe(200);
    expect((await priceOf("/tent/1"))?.recipe?.sample).toEqual({
      amountMinor: 16900,
      currency: "USD",
    });
  });

  it("lists the extension's routes in the API description", async () => {
    const { request } = await appWithStore();
    const doc = await (await request("/api/v1/openapi.json")).json();
    for (const path of [
      "/extension/lookup",
      "/extension/tracked",
      "/extension/watches",
      "/extension/watches/{id}/recipe",
      "/extension/watches/{id}/readings",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths["/extension/watches"].post.description).toContain("extension");
  });
});
