import { describe, expect, it } from "vitest";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { forThisFile } from "../../../tests/helpers/for-file.ts";
import { productPage, startStoreServer } from "../../../tests/helpers/store-server.ts";
import { WatchPage } from "./schemas.ts";

/**
 * The landed price through the API (issue #37 item 6, decision 0079): the preview, the watch,
 * its history and the export carry the shipping and the unit price the page states, and the
 * watch its total with shipping. Every answer is checked against its published schema.
 */
const database = setupTestDatabase();
const store = forThisFile(startStoreServer);

describe("/api/v1 and the landed price", () => {
  it("previews, shows, charts and exports shipping, the unit price and the landed total", async () => {
    const { request } = await createTestApp(database.current, {
      env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
    });
    const alice = await createPerson(request);
    store.setPage(
      "/coffee",
      productPage({
        title: "Coffee beans 500 g",
        price: "11.98",
        currency: "EUR",
        extra: "<p>(23,96 € / kg)</p><p>Versand: 4,95 €</p><p>Kostenloser Versand ab 29 €</p>",
      }),
    );
    const shipping = { costMinor: 495, freeAboveMinor: 2900, currency: "EUR" };
    const unitPrice = { amountMinor: 2396, currency: "EUR", perQuantity: 1, unit: "kg" };

    const preview = await request("/api/v1/preview", {
      body: { url: store.url("/coffee") },
      headers: alice.auth,
    });
    expect((await preview.json()).product).toMatchObject({ shipping, unitPrice });

    const created = await request("/api/v1/watches", {
      body: { url: store.url("/coffee") },
      headers: alice.auth,
    });
    expect(created.status).toBe(201);
    const { watch } = await created.json();
    expect(watch).toMatchObject({
      price: { amountMinor: 1198, currency: "EUR" },
      shipping,
      unitPrice,
      landedPrice: { amountMinor: 1693, currency: "EUR" },
    });

    // The dense list's page (the hub's list view and its "Show more") carries the same three,
    // in its published schema.
    const listed = await request("/api/v1/watches?verdict=1", { headers: alice.auth });
    expect(WatchPage.parse(await listed.json()).watches[0]).toMatchObject({
      shipping,
      unitPrice,
      landedPrice: { amountMinor: 1693, currency: "EUR" },
    });

    const history = await (
      await request(`/api/v1/watches/${watch.id}/history`, { headers: alice.auth })
    ).json();
    expect(history.points).toMatchObject([{ shipping, unitPrice }]);

    const exported = await (await request("/api/v1/export", { headers: alice.auth })).json();
    expect(exported.watches[0].history).toMatchObject([{ shipping, unitPrice }]);
    const csv = await (await request("/api/v1/export?format=csv", { headers: alice.auth })).text();
    expect(csv.trim().split("\r\n")[1]).toMatch(/,4\.95,29\.00,23\.96,kg$/);
  });

  it("compares a group's stores delivered and per unit", async () => {
    const { request } = await createTestApp(database.current, {
      env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
    });
    const carol = await createPerson(request);
    // The cheaper shelf price costs more delivered; the bigger pack less per 100 g.
    const pages = {
      "/g/small": { price: "4.99", extra: "<p>($1.00 / 100 g)</p><p>Shipping: $5.99</p>" },
      "/g/big": { price: "8.99", extra: "<p>($0.90 / 100 g)</p><p>+ FREE Shipping</p>" },
    };
    const ids: string[] = [];
    for (const [path, page] of Object.entries(pages)) {
      store.setPage(path, productPage({ title: "Coffee", ...page }));
      const created = await request("/api/v1/watches", {
        body: { url: store.url(path) },
        headers: carol.auth,
      });
      ids.push((await created.json()).watch.id);
    }
    const made = await request("/api/v1/groups", {
      body: { name: "Coffee", watchIds: ids },
      headers: carol.auth,
    });
    expect(made.status).toBe(201);
    const { group } = await made.json();
    const view = await (
      await request(`/api/v1/groups/${group.id}`, { headers: carol.auth })
    ).json();
    expect(view.group.landed).toMatchObject({
      per: { perQuantity: 100, unit: "g" },
      cheapestLanded: { watchId: ids[1], landed: { amountMinor: 899, currency: "USD" } },
      unknownLanded: 0,
      cheapestPerUnit: { watchId: ids[1], unit: { amountMinor: 90, currency: "USD" } },
    });
    expect(view.group.members.map((m: { landedPrice: unknown }) => m.landedPrice)).toEqual([
      { amountMinor: 1098, currency: "USD" },
      { amountMinor: 899, currency: "USD" },
    ]);
  });

  it("says null where the page states neither", async () => {
    const { request } = await createTestApp(database.current, {
      env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
    });
    const bob = await createPerson(request);
    store.setPage("/plain", productPage({ title: "Plain", price: "5.00" }));
    const { watch } = await (
      await request("/api/v1/watches", { body: { url: store.url("/plain") }, headers: bob.auth })
    ).json();
    expect([watch.shipping, watch.unitPrice, watch.landedPrice]).toEqual([null, null, null]);
    const { watches } = await (await request("/api/v1/watches", { headers: bob.auth })).json();
    expect([watches[0].shipping, watches[0].unitPrice, watches[0].landedPrice]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
