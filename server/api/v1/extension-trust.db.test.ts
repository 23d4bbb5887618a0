import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertEvent,
  priceObservation,
  product,
  storeRecipe,
  user,
  watch,
} from "../../../core/db/schema/index.ts";
import {
  describePick,
  LIGHT_VIEW,
  type LightNode,
  parseLightTree,
} from "../../../core/extract/recipe.ts";
import { listStoreRecipes, removeStoreRecipe } from "../../../core/operator/store-recipes.ts";
import { createExtensionToken, createPerson, createTestApp } from "../../../tests/helpers/app.ts";
import { checkDueProducts } from "../../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { productPage, startStoreServer, testFetcher } from "../../../tests/helpers/store-server.ts";

/**
 * Trust between accounts (#35 items 1 and 2, docs/decisions/0048): what one person's browser
 * read or picked never changes what another person sees or is alerted about.
 */
const database = setupTestDatabase();
let store: Awaited<ReturnType<typeof startStoreServer>>;
beforeAll(async () => {
  store = await startStoreServer();
});
afterAll(async () => {
  await store.close();
});

const appWithStore = () =>
  createTestApp(database.current, {
    env: { FETCH_ALLOW_PRIVATE: "127.0.0.1/32", FETCH_HOST_SPACING_MS: "0" },
  });

const target = (amountMinor: number) => ({
  kind: "below_target",
  target: { amountMinor, currency: "USD" },
});

describe("a browser reading counts for its sender's watch only", () => {
  it("Bob's reading on the product Alice also tracks changes nothing Alice sees or is alerted about", {
    timeout: 60_000,
  }, async () => {
    const { request, services } = await appWithStore();
    const { db } = services.database;
    store.setPage("/lamp/1", productPage({ title: "Desk lamp", price: "100.00" }));
    const url = store.url("/lamp/1");

    const alice = await createPerson(request);
    const aliceWatch = (
      await (
        await request("/api/v1/watches", {
          body: { url, rule: target(5000) },
          headers: alice.auth,
        })
      ).json()
    ).watch;
    const bob = await createPerson(request);
    const bobExt = (await createExtensionToken(request, bob.cookie)).auth;
    const bobCreated = await request("/api/v1/watches", {
      body: { url, rule: target(5000) },
      headers: bob.auth,
    });
    expect(bobCreated.status).toBe(201);
    const bobWatch = (await bobCreated.json()).watch;
    expect(bobWatch.productId).toBe(aliceWatch.productId);

    const sent = await request(`/api/v1/extension/watches/${bobWatch.id}/readings`, {
      body: {
        title: "Pwned title",
        price: { amountMinor: 999, currency: "USD" },
        availability: "in_stock",
      },
      headers: bobExt,
    });
    expect(sent.status).toBe(200);
    // Bob's own watch shows what his browser saw, and his rule alerted him.
    expect((await sent.json()).watch.price).toEqual({ amountMinor: 999, currency: "USD" });
    const bobHistory = await (
      await request(`/api/v1/watches/${bobWatch.id}/history`, { headers: bob.auth })
    ).json();
    expect(bobHistory.points.map((p: { source: string }) => p.source)).toEqual([
      "server",
      "browser",
    ]);
    const bobEvents = await db.select().from(alertEvent).where(eq(alertEvent.watchId, bobWatch.id));
    expect(bobEvents.map((e) => [e.kind, e.newPriceMinor])).toEqual([["below_target", 999]]);

    // Alice: the same title, price, history, lowest, and no alert.
    const aliceView = (
      await (await request(`/api/v1/watches/${aliceWatch.id}`, { headers: alice.auth })).json()
    ).watch;
    expect(aliceView).toMatchObject({
      title: "Desk lamp",
      price: { amountMinor: 10000, currency: "USD" },
      lowest: { amountMinor: 10000 },
    });
    const aliceHistory = await (
      await request(`/api/v1/watches/${aliceWatch.id}/history`, { headers: alice.auth })
    ).json();
    expect(aliceHistory.points.map((p: { source: string }) => p.source)).toEqual(["server"]);
    expect(aliceHistory.stats.lowest).toEqual({ amountMinor: 10000, currency: "USD" });
    const aliceList = await (await request("/api/v1/watches", { headers: alice.auth })).json();
    expect(aliceList.watches[0]).toMatchObject({
      title: "Desk lamp",
      price: { amountMinor: 10000 },
    });
    expect(aliceList.watches[0].sparkline).toEqual([10000]);
    const aliceExport = await (await request("/api/v1/export", { headers: alice.auth })).json();
    expect(aliceExport.watches[0].history).toHaveLength(1);
    expect(await db.select().from(alertEvent).where(eq(alertEvent.watchId, aliceWatch.id))).toEqual(
      [],
    );
    const [shared] = await db.select().from(product).where(eq(product.id, aliceWatch.productId));
    expect(shared).toMatchObject({ title: "Desk lamp", priceMinor: 10000 });

    // The server's next check decides Alice's watch on the shared history alone.
    await db.update(product).set({ nextCheckAt: new Date(Date.now() - 1000) });
    await checkDueProducts(services.database.sql, () => testFetcher());
    expect(await db.select().from(alertEvent).where(eq(alertEvent.watchId, aliceWatch.id))).toEqual(
      [],
    );
    const rows = await db
      .select({ watchId: priceObservation.watchId, source: priceObservation.source })
      .from(priceObservation)
      .where(eq(priceObservation.productId, aliceWatch.productId));
    expect(rows.filter((r) => r.watchId === null).map((r) => r.source)).toEqual(["server"]);
  });

  it("a watch created from a browser reading leaves a product others track as it was", async () => {
    const { request, services } = await appWithStore();
    store.setPage("/kettle/1", productPage({ title: "Kettle", price: "40.00" }));
    const url = store.url("/kettle/1");
    const alice = await createPerson(request);
    const aliceWatch = (
      await (await request("/api/v1/watches", { body: { url }, headers: alice.auth })).json()
    ).watch;
    const bob = await createPerson(request);
    const created = await request("/api/v1/extension/watches", {
      body: {
        url,
        reading: {
          title: "Pwned title",
          imageUrl: null,
          price: { amountMinor: 1, currency: "USD" },
          availability: "in_stock",
        },
      },
      headers: (await createExtensionToken(request, bob.cookie)).auth,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).watch.price).toEqual({ amountMinor: 1, currency: "USD" });
    const aliceView = (
      await (await request(`/api/v1/watches/${aliceWatch.id}`, { headers: alice.auth })).json()
    ).watch;
    expect(aliceView).toMatchObject({
      title: "Kettle",
      price: { amountMinor: 4000 },
      lowest: { amountMinor: 4000 },
    });
    const [shared] = await services.database.db
      .select()
      .from(product)
      .where(eq(product.id, aliceWatch.productId));
    expect(shared).toMatchObject({ title: "Kettle", priceMinor: 4000 });
  });
});

/** The recipe the extension would send for the element showing `text` on `html`. */
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

describe("a pick is the picker's at once, everyone's only once the server confirms it", () => {
  it("Bob's pick of a spot that is not on the page changes nothing for Alice or the store", {
    timeout: 90_000,
  }, async () => {
    const { request, services } = await appWithStore();
    const { db } = services.database;
    const page = productPage({ title: "Chair", price: "100.00" });
    store.setPage("/chair/1", page);
    const url = store.url("/chair/1");
    const recipeOf = async (watchId: string) =>
      (await db.select({ recipe: watch.recipe }).from(watch).where(eq(watch.id, watchId)))[0]
        ?.recipe;

    const alice = await createPerson(request);
    const aliceExt = (await createExtensionToken(request, alice.cookie)).auth;
    const aliceWatch = (
      await (await request("/api/v1/watches", { body: { url }, headers: alice.auth })).json()
    ).watch;
    const alicePick = pickOn(page, "$100.00");
    const aliceSaved = await request(`/api/v1/extension/watches/${aliceWatch.id}/recipe`, {
      method: "PUT",
      body: { recipe: alicePick },
      headers: aliceExt,
    });
    expect(aliceSaved.status).toBe(200);
    expect(await aliceSaved.json()).toEqual({ status: "saved", isConfirmed: true });
    const [aliceUser] = await db.select().from(user).where(eq(user.email, alice.email));
    const productRow = async () =>
      (await db.select().from(product).where(eq(product.id, aliceWatch.productId)))[0];
    expect((await productRow())?.recipe?.sample).toEqual({ amountMinor: 10000, currency: "USD" });
    expect((await productRow())?.recipeBy).toBe(aliceUser?.id);

    const bob = await createPerson(request);
    const bobExt = (await createExtensionToken(request, bob.cookie)).auth;
    const bobWatch = (
      await (await request("/api/v1/watches", { body: { url }, headers: bob.auth })).json()
    ).watch;
    // An element that is not on the page, "showing" $9.99.
    const fake = pickOn(
      '<html><body><div class="promo"><span class="member-deal">$9.99</span></div></body></html>',
      "$9.99",
    );
    const bobSaved = await request(`/api/v1/extension/watches/${bobWatch.id}/recipe`, {
      method: "PUT",
      body: { recipe: fake },
      headers: bobExt,
    });
    expect(bobSaved.status).toBe(200);
    // Not the product's, not the store's, not Alice's watch's.
    expect((await productRow())?.recipe?.sample).toEqual({ amountMinor: 10000, currency: "USD" });
    const [stored] = await db.select().from(storeRecipe);
    expect(stored?.recipe.sample).toEqual({ amountMinor: 10000, currency: "USD" });
    expect(stored?.pickedBy).toBe(aliceUser?.id);
    expect((await recipeOf(aliceWatch.id))?.sample).toEqual({
      amountMinor: 10000,
      currency: "USD",
    });
    expect(await bobSaved.json()).toEqual({ status: "saved", isConfirmed: false });
    // Bob's own watch has it at once: the extension reads his page there.
    expect((await recipeOf(bobWatch.id))?.sample).toEqual({ amountMinor: 999, currency: "USD" });
    const lookup = await (
      await request(`/api/v1/extension/lookup?url=${encodeURIComponent(url)}`, {
        headers: bobExt,
      })
    ).json();
    expect(lookup.watch.recipe.sample).toEqual({ amountMinor: 999, currency: "USD" });

    // Bob's pick of the real spot is confirmed, yet never replaces Alice's pick of the product.
    const bobReal = await request(`/api/v1/extension/watches/${bobWatch.id}/recipe`, {
      method: "PUT",
      body: { recipe: pickOn(page, "$100.00") },
      headers: bobExt,
    });
    expect(await bobReal.json()).toEqual({ status: "saved", isConfirmed: true });
    expect((await productRow())?.recipeBy).toBe(aliceUser?.id);

    // Alice's next check reads the real price where she picked it.
    await db.update(product).set({ nextCheckAt: new Date(Date.now() - 1000) });
    await checkDueProducts(services.database.sql, () => testFetcher());
    expect(await productRow()).toMatchObject({ priceMinor: 10000, lastOutcome: "ok" });

    // The operator's page lists the store's recipe with who made it, and removes it.
    const listed = await listStoreRecipes(db);
    expect(listed).toMatchObject([{ host: "127.0.0.1", pickedBy: bob.email }]);
    expect(await removeStoreRecipe(db, { host: "127.0.0.1" })).toEqual({ isRemoved: true });
    expect(await listStoreRecipes(db)).toEqual([]);
    // A person's own pick of the product stays.
    expect((await productRow())?.recipeBy).toBe(aliceUser?.id);
  });
});
