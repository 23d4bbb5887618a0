import { describe, expect, it } from "vitest";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { forThisFile } from "../../../tests/helpers/for-file.ts";
import {
  identifiedProductPage,
  referenceRatesFeed,
  startStoreServer,
} from "../../../tests/helpers/store-server.ts";

const database = setupTestDatabase();
const store = forThisFile(startStoreServer);
const today = new Date().toISOString().slice(0, 10);

const appWithStore = () =>
  createTestApp(database.current, {
    env: {
      FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
      FETCH_HOST_SPACING_MS: "0",
      REFERENCE_RATES_URL: store.url("/ecb/eurofxref-daily.xml"),
    },
  });

describe("/api/v1 groups (issue #37 items 5 and 7)", () => {
  it("suggests, creates, compares across currencies, changes and deletes a group", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/ecb/eurofxref-daily.xml", {
      body: referenceRatesFeed(today, { USD: "1.08", GBP: "0.85" }),
      contentType: "text/xml",
    });
    const stores = [
      ["/g/de", "100.00", "EUR"],
      ["/g/us", "102.60", "USD"],
      ["/g/uk", "76.50", "GBP"],
    ] as const;
    const watchIds: string[] = [];
    for (const [path, price, currency] of stores) {
      store.setPage(
        path,
        identifiedProductPage({ title: "Kettle", price, currency, gtin: "4006381333931" }),
      );
      const created = await request("/api/v1/watches", {
        body: { url: store.url(path) },
        headers: alice.auth,
      });
      expect(created.status).toBe(201);
      watchIds.push((await created.json()).watch.id);
    }

    const suggested = await (
      await request("/api/v1/groups/suggestions", { headers: alice.auth })
    ).json();
    expect(suggested.suggestions).toEqual([
      { key: "gtin:04006381333931", reason: "gtin", watchIds, intoGroupId: null },
    ]);

    const made = await request("/api/v1/groups", {
      body: { watchIds, target: { amountMinor: 9600, currency: "EUR" } },
      headers: alice.auth,
    });
    expect(made.status).toBe(201);
    const { group } = await made.json();
    expect(group).toMatchObject({ name: "Kettle", watchIds });

    const read = await request(`/api/v1/groups/${group.id}`, { headers: alice.auth });
    expect(read.status).toBe(200);
    const view = (await read.json()).group;
    expect(view.members.map((m: { price: { currency: string } }) => m.price.currency)).toEqual([
      "EUR",
      "USD",
      "GBP",
    ]);
    // No country set: compared in the currency most stores use (all differ: the first by code, EUR).
    expect(view.comparison.status).toBe("compared");
    expect(view.comparison.ratesDate).toBe(today);
    expect(view.comparison.cheapestInStock.watchId).toBe(watchIds[2]);

    // A watch shows the group it is in; the list of groups carries it.
    const watch = await (
      await request(`/api/v1/watches/${watchIds[0]}`, { headers: alice.auth })
    ).json();
    expect(watch.watch.groupId).toBe(group.id);
    const list = await (await request("/api/v1/groups", { headers: alice.auth })).json();
    expect(list.groups.map((g: { id: string }) => g.id)).toEqual([group.id]);

    const patched = await request(`/api/v1/groups/${group.id}`, {
      method: "PATCH",
      body: { name: "Kettle 1.7 l", removeWatchIds: [watchIds[2]] },
      headers: alice.auth,
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()).group).toMatchObject({
      name: "Kettle 1.7 l",
      watchIds: watchIds.slice(0, 2),
    });

    // Clear 4xx answers, never a 500; another person's group is not found.
    const bad = await request(`/api/v1/groups/${group.id}`, {
      method: "PATCH",
      body: { target: { amountMinor: 0, currency: "EUR" } },
      headers: alice.auth,
    });
    expect(bad.status).toBe(400);
    const empty = await request("/api/v1/groups", { body: { watchIds: [] }, headers: alice.auth });
    expect(empty.status).toBe(400);
    const bob = await createPerson(request);
    expect((await request(`/api/v1/groups/${group.id}`, { headers: bob.auth })).status).toBe(404);
    const stolen = await request("/api/v1/groups", {
      body: { watchIds: [watchIds[0]] },
      headers: bob.auth,
    });
    expect(stolen.status).toBe(404);

    expect(
      (await request(`/api/v1/groups/${group.id}`, { method: "DELETE", headers: alice.auth }))
        .status,
    ).toBe(204);
    expect((await request(`/api/v1/groups/${group.id}`, { headers: alice.auth })).status).toBe(404);
  });

  it("says the comparison is unavailable when the rates feed cannot be read", async () => {
    const { request } = await appWithStore();
    const alice = await createPerson(request);
    store.setPage("/ecb/eurofxref-daily.xml", { status: 404, body: "gone" });
    const ids: string[] = [];
    for (const [path, price, currency] of [
      ["/h/de", "100.00", "EUR"],
      ["/h/us", "102.60", "USD"],
    ] as const) {
      store.setPage(
        path,
        identifiedProductPage({ title: "Lamp", price, currency, gtin: "96385074" }),
      );
      const created = await request("/api/v1/watches", {
        body: { url: store.url(path) },
        headers: alice.auth,
      });
      ids.push((await created.json()).watch.id);
    }
    const { group } = await (
      await request("/api/v1/groups", { body: { watchIds: ids }, headers: alice.auth })
    ).json();
    const view = (
      await (await request(`/api/v1/groups/${group.id}`, { headers: alice.auth })).json()
    ).group;
    expect(view.comparison.status).toBe("rates_unavailable");
    expect(view.comparison.cheapestInStock).toBeNull();
  });
});
