import { describe, expect, it } from "vitest";
import { createExtensionToken, createPerson, createTestApp } from "../../../tests/helpers/app.ts";
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
  const { auth: ext } = await createExtensionToken(request, person.cookie);
  return { request, ext, full: person.auth };
}

/** The popup's "Track": a watch of `url` made from what the browser read there (in stock, EUR). */
function trackFromPopup(
  person: Awaited<ReturnType<typeof personWithExtension>>,
  url: string,
  title: string,
  amountMinor: number,
) {
  return person.request("/api/v1/extension/watches", {
    body: {
      url,
      reading: {
        title,
        imageUrl: null,
        price: { amountMinor, currency: "EUR" },
        availability: "in_stock",
      },
    },
    headers: person.ext,
  });
}

describe("PATCH /api/v1/extension/watches/{id}: only a real deal", () => {
  it("sets and clears the option, and the lookup shows it", async () => {
    const person = await personWithExtension();
    const { request, ext } = person;
    const url = "https://shop.example/kettle";
    const made = await trackFromPopup(person, url, "Kettle", 4999);
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
      await trackFromPopup(alice, "https://shop.example/toaster", "Toaster", 2999)
    ).json();
    const bob = await personWithExtension();
    const answer = await bob.request(`/api/v1/extension/watches/${watch.id}`, {
      method: "PATCH",
      body: { onlyRealDeal: true },
      headers: bob.ext,
    });
    expect(answer.status).toBe(404);
  });

  it("applies a change as PATCH /watches/{id} does: the same watch, the same 400 and 404", async () => {
    const alice = await personWithExtension();
    const { watch } = await (
      await trackFromPopup(alice, "https://shop.example/blender", "Blender", 5999)
    ).json();
    // The full API's route first, then the popup's: the same change leaves the same watch.
    const both = async (
      headers: { ext: Record<string, string>; full: Record<string, string> },
      body: unknown,
    ) => {
      const init = { method: "PATCH", body };
      const fromApi = await alice.request(`/api/v1/watches/${watch.id}`, {
        ...init,
        headers: headers.full,
      });
      const fromPopup = await alice.request(`/api/v1/extension/watches/${watch.id}`, {
        ...init,
        headers: headers.ext,
      });
      return [fromApi, fromPopup];
    };
    const [apiWatch, popupWatch] = await Promise.all(
      (await both(alice, { onlyRealDeal: true })).map(async (r) => (await r.json()).watch),
    );
    expect(popupWatch.onlyRealDeal).toBe(true);
    expect(popupWatch).toEqual(apiWatch);
    // The same refusal of a bad value.
    const refused = await both(alice, { onlyRealDeal: "yes" });
    expect(refused.map((r) => r.status)).toEqual([400, 400]);
    const [apiError, popupError] = await Promise.all(refused.map((r) => r.json()));
    expect(popupError).toEqual(apiError);
    // Another person's tokens: the same 404 on both, and the watch unchanged.
    const bob = await personWithExtension();
    const foreign = await both(bob, { onlyRealDeal: false });
    expect(foreign.map((r) => r.status)).toEqual([404, 404]);
    const [apiMissing, popupMissing] = await Promise.all(foreign.map((r) => r.json()));
    expect(popupMissing).toEqual(apiMissing);
    const after = await alice.request(`/api/v1/watches/${watch.id}`, { headers: alice.full });
    expect((await after.json()).watch.onlyRealDeal).toBe(true);
  });
});
