import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listWatches } from "../../../core/tracking/watch-view.ts";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { seedCatalogue } from "../../../tests/helpers/catalogue.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { forThisFile } from "../../../tests/helpers/for-file.ts";
import { productPage, startStoreServer } from "../../../tests/helpers/store-server.ts";
import { SCALAR_BUNDLE } from "./docs.ts";

const database = setupTestDatabase();
const store = forThisFile(startStoreServer);

const appWithStore = () =>
  createTestApp(database.current, {
    env: {
      FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
      FETCH_HOST_SPACING_MS: "0",
      MAX_WATCHES_PER_USER: "3",
    },
  });

describe("/api/v1 watches", () => {
  it("previews, creates, lists, reads, updates, charts and deletes a watch", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/a/teapot", productPage({ title: "Teapot", price: "35.00", currency: "GBP" }));

    const preview = await request("/api/v1/preview", {
      body: { url: store.url("/a/teapot") },
      headers: alice.auth,
    });
    expect(preview.status).toBe(200);
    expect((await preview.json()).product).toMatchObject({
      title: "Teapot",
      price: { amountMinor: 3500, currency: "GBP" },
    });

    const created = await request("/api/v1/watches", {
      body: {
        url: store.url("/a/teapot"),
        rule: { kind: "below_target", target: { amountMinor: 4000, currency: "GBP" } },
      },
      headers: alice.auth,
    });
    expect(created.status).toBe(201);
    const { watch, ruleStatus } = await created.json();
    expect(watch).toMatchObject({ title: "Teapot", price: { amountMinor: 3500, currency: "GBP" } });
    expect(ruleStatus.isMetNow).toBe(true);
    // Saving right after the preview stores the page the person was shown: one request.
    expect(store.hitsFor("/a/teapot")).toBe(1);

    const list = await (await request("/api/v1/watches", { headers: alice.auth })).json();
    expect(list.watches.map((w: { id: string }) => w.id)).toEqual([watch.id]);
    expect((await request(`/api/v1/watches/${watch.id}`, { headers: alice.auth })).status).toBe(
      200,
    );

    const patched = await request(`/api/v1/watches/${watch.id}`, {
      method: "PATCH",
      body: { isPaused: true, intervalMinutes: 720 },
      headers: alice.auth,
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()).watch).toMatchObject({ isPaused: true, intervalMinutes: 720 });

    // "Only a real deal" (#37 item 4): the same schema as the product page's form.
    const realDeal = await request(`/api/v1/watches/${watch.id}`, {
      method: "PATCH",
      body: { onlyRealDeal: true },
      headers: alice.auth,
    });
    expect(realDeal.status).toBe(200);
    expect((await realDeal.json()).watch.onlyRealDeal).toBe(true);
    const notBoolean = await request(`/api/v1/watches/${watch.id}`, {
      method: "PATCH",
      body: { onlyRealDeal: "yes" },
      headers: alice.auth,
    });
    expect(notBoolean.status).toBe(400);
    expect(JSON.stringify(await notBoolean.json())).toContain("onlyRealDeal is true or false.");

    const history = await (
      await request(`/api/v1/watches/${watch.id}/history`, { headers: alice.auth })
    ).json();
    expect(history.points).toHaveLength(1);
    expect(history.stats.lowest).toEqual({ amountMinor: 3500, currency: "GBP" });

    expect(
      (await request(`/api/v1/watches/${watch.id}`, { method: "DELETE", headers: alice.auth }))
        .status,
    ).toBe(204);
    expect((await request(`/api/v1/watches/${watch.id}`, { headers: alice.auth })).status).toBe(
      404,
    );
  });

  it("answers a failed preview with the fetch outcome code", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const missing = await request("/api/v1/preview", {
      body: { url: store.url("/nothing-here") },
      headers: alice.auth,
    });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error).toMatchObject({
      code: "unprocessable",
      details: { outcome: "http_error" },
    });
    const bad = await request("/api/v1/preview", {
      body: { url: "gopher://x" },
      headers: alice.auth,
    });
    // Not an http(s) link: refused by the input schema, with the field named (as the hub does).
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      code: "validation_failed",
      fields: [{ field: "url" }],
    });
  });

  it.each([
    ["POST", "/api/v1/preview", {}, "url"],
    ["POST", "/api/v1/preview", { url: 42 }, "url"],
    ["POST", "/api/v1/watches", { url: "" }, "url"],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", rule: { kind: "percent_drop", percent: 150 } },
      "rule.percent",
    ],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", rule: { kind: "below_target" } },
      "rule.target",
    ],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", intervalMinutes: 0 },
      "intervalMinutes",
    ],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", rule: { kind: "weekly" } },
      "rule.kind",
    ],
    ["POST", "/api/v1/import", { format: "other" }, "format"],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", variantId: "S\u0000" },
      "variantId",
    ],
    ["POST", "/api/v1/watches", { url: "https://shop.example/p", variantId: "a b" }, "variantId"],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", variantId: "x".repeat(101) },
      "variantId",
    ],
    ["POST", "/api/v1/watches", { url: "https://shop.example/p", variantId: 7 }, "variantId"],
    ["POST", "/api/v1/watches", { url: "https://shop.example/p\u0000" }, "url"],
    [
      "POST",
      "/api/v1/preview",
      { url: "https://shop.example/p", candidateKey: "a\u0000" },
      "candidateKey",
    ],
    [
      "POST",
      "/api/v1/watches",
      {
        url: "https://shop.example/p",
        rule: { kind: "below_target", target: { amountMinor: 0, currency: "USD" } },
      },
      "rule.target.amountMinor",
    ],
    [
      "POST",
      "/api/v1/watches",
      {
        url: "https://shop.example/p",
        rule: { kind: "rises_above", threshold: { amountMinor: 500, currency: "usd" } },
      },
      "rule.threshold.currency",
    ],
    [
      "POST",
      "/api/v1/watches",
      {
        url: "https://shop.example/p",
        rule: { kind: "below_target", target: { amountMinor: 500, currency: "XYZ" } },
      },
      "rule.target.currency",
    ],
    [
      "POST",
      "/api/v1/watches",
      { url: "https://shop.example/p", rule: { kind: "percent_drop", percent: 0.05 } },
      "rule.percent",
    ],
    [
      "POST",
      "/api/v1/import",
      {
        format: "dropwave-export",
        version: 1,
        exportedAt: "2026-11-20T12:00:00.000Z",
        watches: [
          {
            url: "https://shop.example/p",
            title: "Bad\u0000",
            store: null,
            rule: { kind: "any_drop" },
            intervalMinutes: 360,
            isPaused: false,
            candidateKey: null,
            baseline: { amountMinor: -1, currency: "USD" },
            createdAt: "2026-11-20T12:00:00.000Z",
            history: [],
          },
        ],
      },
      "watches.0.baseline.amountMinor",
    ],
  ])("%s %s with %j → 400 naming %s", async (method, path, body, field) => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const response = await request(path, { method, body, headers: alice.auth });
    expect(response.status).toBe(400);
    const error = (await response.json()).error;
    expect(error.code).toBe("validation_failed");
    expect(error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it("refuses a target in another currency than the product's, on create and on edit", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/a/kettle", productPage({ title: "Kettle", price: "35.00", currency: "GBP" }));
    const inDollars = { kind: "below_target", target: { amountMinor: 3000, currency: "USD" } };
    const refused = await request("/api/v1/watches", {
      body: { url: store.url("/a/kettle"), rule: inDollars },
      headers: alice.auth,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual([
      {
        field: "rule.target.currency",
        message: "This product is priced in GBP: give the target in GBP, not USD.",
      },
    ]);
    const created = await request("/api/v1/watches", {
      body: { url: store.url("/a/kettle") },
      headers: alice.auth,
    });
    const { watch } = await created.json();
    const edit = await request(`/api/v1/watches/${watch.id}`, {
      method: "PATCH",
      body: { rule: inDollars },
      headers: alice.auth,
    });
    expect(edit.status).toBe(400);
    expect((await edit.json()).error.fields[0].field).toBe("rule.target.currency");
    for (const body of [{ intervalMinutes: "abc" }, { intervalMinutes: 99_999 }, {}]) {
      const bad = await request(`/api/v1/watches/${watch.id}`, {
        method: "PATCH",
        body,
        headers: alice.auth,
      });
      expect(bad.status).toBe(400);
    }
    const kept = await (
      await request(`/api/v1/watches/${watch.id}`, { headers: alice.auth })
    ).json();
    expect(kept.watch).toMatchObject({ rule: { kind: "any_drop" }, intervalMinutes: 360 });
  });

  it("takes a link without a scheme as https (not a 400)", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const response = await request("/api/v1/preview", {
      body: { url: "www.store.invalid/p/1" },
      headers: alice.auth,
    });
    // The fetch fails here (no network), but the link was accepted and read as https.
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe("unprocessable");
  });

  it("answers non-JSON bodies with a clear 400", async () => {
    const { app } = await appWithStore();
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    const response = await app.request("http://dropwave.test/api/v1/watches", {
      method: "POST",
      headers: { ...alice.auth, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });

  it("refuses past the per-person limit with a clear error", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    for (const n of [1, 2, 3, 4]) {
      store.setPage(`/limit/${n}`, productPage({ title: `Item ${n}`, price: "1.00" }));
      const response = await request("/api/v1/watches", {
        body: { url: store.url(`/limit/${n}`) },
        headers: alice.auth,
      });
      expect(response.status).toBe(n <= 3 ? 201 : 422);
      if (n === 4) expect((await response.json()).error).toMatchObject({ code: "limit_reached" });
    }
  });

  it("gives a second person 404 on every id-bearing route of the first", async () => {
    const { request, app } = await appWithStore();
    const alice = await createPerson(request);
    const bob = await createPerson(request);
    store.setPage("/own/1", productPage({ title: "Mine", price: "9.00" }));
    const { watch } = await (
      await request("/api/v1/watches", { body: { url: store.url("/own/1") }, headers: alice.auth })
    ).json();
    const idRoutes = app.routes.filter((r) => r.path.startsWith("/api/v1/watches/:id"));
    expect(idRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of idRoutes) {
      const response = await request(route.path.replace(":id", watch.id), {
        method: route.method,
        ...(route.method === "PATCH"
          ? { body: { isPaused: true } }
          : route.method === "POST"
            ? { body: {} }
            : {}),
        headers: bob.auth,
      });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 404,
      });
    }
    expect((await request(`/api/v1/watches/${watch.id}`, { headers: alice.auth })).status).toBe(
      200,
    );
  });

  it("exports JSON and CSV, and imports the JSON into another account", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/x/1", productPage({ title: "Exported", price: "12.34", currency: "EUR" }));
    await request("/api/v1/watches", { body: { url: store.url("/x/1") }, headers: alice.auth });
    const json = await request("/api/v1/export", { headers: alice.auth });
    expect(json.headers.get("content-disposition")).toMatch(
      /attachment; filename="dropwave-.*\.json"/,
    );
    const data = await json.json();
    expect(data).toMatchObject({
      format: "dropwave-export",
      version: 1,
      watches: [{ title: "Exported" }],
    });
    const csv = await request("/api/v1/export?format=csv", { headers: alice.auth });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("Exported");

    const bob = await createPerson(request);
    const imported = await request("/api/v1/import", { body: data, headers: bob.auth });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ imported: 1, skipped: [] });
  });

  it("lists watches a page at a time, sorted and searched, lean; bad queries are 400s", async () => {
    const { request, services } = await appWithStore();
    const carol = await createPerson(request);
    const [{ id: userId } = { id: "" }] = await services.database.db.query.user.findMany({
      where: (u, { eq }) => eq(u.email, carol.email),
    });
    await seedCatalogue(services.database.db, userId, { count: 199, urlPrefix: "https://api." });

    const all = await request("/api/v1/watches?limit=200", { headers: carol.auth });
    expect(all.status).toBe(200);
    const body = await all.text();
    const whole = JSON.parse(body);
    expect(whole.watches).toHaveLength(199);
    expect(whole.nextCursor).toBeNull();
    // The full view of every watch (what this endpoint sent before) against the lean rows.
    const full = JSON.stringify({ watches: await listWatches(services.database.db, userId) });
    console.info(`199 watches: full ${full.length} bytes, lean page ${body.length} bytes`);
    expect(body.length).toBeLessThan(full.length * 0.5);

    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const query: string = `sort=biggest_drop&limit=60${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await (
        await request(`/api/v1/watches?${query}`, { headers: carol.auth })
      ).json();
      expect(page.total).toBe(199);
      for (const w of page.watches) seen.add(w.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(199);

    const found = await (
      await request("/api/v1/watches?q=KETTLE-CO&limit=5", { headers: carol.auth })
    ).json();
    expect(found.total).toBe(40);
    expect(found.watches.every((w: { store: string }) => w.store === "kettle-co.test")).toBe(true);

    for (const query of ["limit=0", "limit=500", "sort=cheapest", "cursor=garbage"]) {
      const bad = await request(`/api/v1/watches?${query}`, { headers: carol.auth });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.code).toBe("validation_failed");
    }
  });

  it("publishes an OpenAPI document, generated from the routes, that lists every route", async () => {
    const { request, app } = await appWithStore();
    const doc = await (await request("/api/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const routes = app.routes
      .filter((r) => r.path.startsWith("/api/v1/") && r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.replace("/api/v1", "")}`);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) expect(documented).toContain(route);
    // Request bodies come from the core schemas, answers from the response schemas.
    const create = doc.paths["/watches"].post;
    expect(create.requestBody.content["application/json"].schema.properties.url).toBeDefined();
    expect(
      create.responses["201"].content["application/json"].schema.properties.watch,
    ).toBeDefined();
    expect(doc.paths["/watches/{id}"].get.responses["404"]).toBeDefined();
  });

  it("answers match the document: a real response validates against its published schema", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/a/schema", productPage({ title: "Schema Pot", price: "12.50" }));
    const created = await request("/api/v1/watches", {
      body: { url: store.url("/a/schema"), rule: { kind: "percent_drop", percent: 12.5 } },
      headers: alice.auth,
    });
    const doc = await (await request("/api/v1/openapi.json")).json();
    const schemaOf = (path: string, method: string, status: string) =>
      z.fromJSONSchema(
        doc.paths[path][method].responses[status].content["application/json"].schema,
      );
    expect(schemaOf("/watches", "post", "201").safeParse(await created.json()).success).toBe(true);
    const list = await (await request("/api/v1/watches", { headers: alice.auth })).json();
    expect(schemaOf("/watches", "get", "200").safeParse(list).success).toBe(true);
    // And the check is real: a body that is not a watch list fails it.
    expect(schemaOf("/watches", "get", "200").safeParse({ watches: [{ id: 1 }] }).success).toBe(
      false,
    );
  });

  it("serves the interactive reference page, which reads the document", async () => {
    const { request } = await appWithStore();
    const page = await request("/api/v1/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("/api/v1/openapi.json");
    // Served by Dropwave itself (#35 item 16): every script is same-origin and carries the
    // nonce of the app's own policy, which names no other host.
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/https?:\/\//);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    const sources: string[] = [];
    for (const attributes of scripts) {
      expect(attributes).toContain(`nonce="${nonce}"`);
      const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
      if (src) sources.push(src);
    }
    expect(sources).toEqual([SCALAR_BUNDLE.path]);
    expect(html).not.toMatch(/jsdelivr|fonts\.scalar\.com|https?:\/\/(?!dropwave\.test)/);
    // The script named is the vendored bundle, byte for byte.
    const bundle = await readFile(path.join("public", SCALAR_BUNDLE.path));
    expect(createHash("sha256").update(bundle).digest("hex")).toBe(SCALAR_BUNDLE.sha256);
  });
});
