import { describe, expect, it } from "vitest";
import { createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";

/**
 * The popup's tracked view changes "Only a real deal" (issue #37 item 4, decision 0063) with the
 * extension's own token: PATCH /extension/watches/{id} takes that option alone, through the same
 * updateWatch as the hub and PATCH /watches/{id}; the lookup says how it is set.
 */
const database = setupTestDatabase();

async function personWithExtension() {
  const { request } = await createTestApp(database.current);
  const person = await createPerson(request);
  const created = await request("/api/v1/tokens", {
    body: { name: "Browser extension", scope: "extension" },
    cookie: person.cookie,
  });
  const { token } = await created.json();
  return { request, ext: { authorization: `Bearer ${token}` } };
}

describe("PATCH /api/v1/extension/watches/{id}: only a real deal", () => {
  it("sets and clears the option, and the lookup shows it", async () => {
    const { request, ext } = await personWithExtension();
    const url = "https://shop.example/kettle";
    const made = await request("/api/v1/extension/watches", {
      body: {
        url,
        reading: {
          title: "Kettle",
          imageUrl: null,
          price: { amountMinor: 4999, currency: "EUR" },
          availability: "in_stock",
        },
      },
      headers: ext,
    });
    expect(made.status).toBe(201);
    const { watch } = await made.json();
    const lookup = async () =>
      (
        await (
          await request(`/api/v1/extension/lookup?url=${encodeURIComponent(url)}`, {
            headers: ext,
          })
        ).json()
      ).watch;
    expect((await lookup()).onlyRealDeal).toBe(false);

    const set = async (onlyRealDeal: unknown) =>
      request(`/api/v1/extension/watches/${watch.id}`, {
        method: "PATCH",
        body: { onlyRealDeal },
        headers: ext,
      });
    const on = await set(true);
    expect(on.status).toBe(200);
    expect((await on.json()).watch).toMatchObject({ id: watch.id, onlyRealDeal: true });
    expect((await lookup()).onlyRealDeal).toBe(true);
    expect((await (await set(false)).json()).watch.onlyRealDeal).toBe(false);
    expect((await lookup()).onlyRealDeal).toBe(false);
    expect((await set("yes")).status).toBe(400);
  });

  it("changes only the person's own watches", async () => {
    const alice = await personWithExtension();
    const { watch } = await (
      await alice.request("/api/v1/extension/watches", {
        body: {
          url: "https://shop.example/toaster",
          reading: {
            title: "Toaster",
            imageUrl: null,
            price: { amountMinor: 2999, currency: "EUR" },
            availability: "in_stock",
          },
        },
        headers: alice.ext,
      })
    ).json();
    const bob = await personWithExtension();
    const answer = await bob.request(`/api/v1/extension/watches/${watch.id}`, {
      method: "PATCH",
      body: { onlyRealDeal: true },
      headers: bob.ext,
    });
    expect(answer.status).toBe(404);
  });
});
