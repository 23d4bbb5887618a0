import { expect, type Page, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { register, uniqueEmail, waitForHydrationIfScripted } from "./helpers.ts";

// Product pictures, and the dense list's filters (the dense list's sorting, search and paging:
// fast-pages.spec.ts).

let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

/** Every console error and every answer of 400 or more the page received. */
function watchForErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("product pictures: they come through Dropwave, never straight from the store; one that cannot be had gives way to the placeholder, before hydration too, and logs nothing (#39 item 12)", async ({
  page,
}) => {
  store.setPage("/img/teapot.png", { body: PNG, contentType: "image/png" });
  store.setPage(
    "/p/teapot",
    productPage({ title: "Iron Teapot", price: "35.00", image: store.url("/img/teapot.png") }),
  );
  // The store names a picture it does not have (its own 404).
  store.setPage(
    "/p/no-picture",
    productPage({ title: "Pictureless Kettle", price: "40.00", image: store.url("/img/gone.png") }),
  );
  const toStore: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(store.origin)) toStore.push(request.url());
  });
  const errors = watchForErrors(page);
  await register(page, uniqueEmail("pictures"));

  await test.step("a picture comes through Dropwave on the preview, the card and the product page", async () => {
    await page.getByLabel("Product link").fill(store.url("/p/teapot"));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("preview-card").locator("img");
    await expect(preview).toHaveAttribute("src", /^\/img\/s\//);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.getByRole("button", { name: "Start tracking" }).click();
    const card = page.getByTestId("watch-card").filter({ hasText: "Iron Teapot" }).locator("img");
    await expect(card).toHaveAttribute("src", /^\/img\/p\/[0-9a-f-]{36}$/);
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.getByRole("link", { name: "Iron Teapot" }).click();
    const large = page.locator("header img");
    await expect(large).toHaveAttribute("src", /^\/img\/p\//);
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(toStore).toEqual([]);
    // Fetched from the store by the server once, then served from its disk cache.
    expect(store.hitsFor("/img/teapot.png")).toBe(1);
    await page.goto("/hub");
  });

  await test.step("a picture that cannot be had shows the placeholder, on every page, logging nothing", async () => {
    await page.getByLabel("Product link").fill(store.url("/p/no-picture"));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("preview-card");
    await expect(preview).toContainText("Pictureless Kettle");
    // The preview's <img> failed quietly and gave way to the placeholder.
    await expect(preview.locator("img")).toHaveCount(0);
    await expect(preview.getByText("◢◤")).toBeVisible();
    await page.getByRole("button", { name: "Start tracking" }).click();
    const card = page.getByTestId("watch-card").filter({ hasText: "Pictureless Kettle" });
    await expect(card.getByText("◢◤")).toBeVisible();
    await expect(card.locator("img")).toHaveCount(0);
    // A full load of the hub, the dense list and the product page: the picture is asked for
    // again on each, and none logs an error.
    for (const path of ["/hub", "/hub?view=list"]) {
      await page.goto(path);
      await waitForHydrationIfScripted(page);
      await expect(page.locator("#main").getByText("◢◤")).toBeVisible();
    }
    await page.getByRole("link", { name: "Pictureless Kettle" }).click();
    await expect(page.getByRole("heading", { name: "Pictureless Kettle" })).toBeVisible();
    await expect(page.locator("#main header").getByText("◢◤")).toBeVisible();
    expect(store.hitsFor("/img/gone.png")).toBeGreaterThan(0);
    expect(toStore).toEqual([]);
    expect(errors).toEqual([]);
  });

  await test.step("a picture that fails before the page hydrates is replaced by the placeholder all the same", async () => {
    // The store's picture cannot load here (img.store.test). Hold the page's scripts until the
    // browser has given up on it, so it fails before hydration, as on a slow connection.
    store.setPage("/p/lamp", productPage({ title: "Arc Lamp", price: "120.00" }));
    await page.goto("/hub?view=cards");
    await page.getByLabel("Product link").fill(store.url("/p/lamp"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Start tracking" }).click();
    const lamp = page.getByTestId("watch-card").filter({ hasText: "Arc Lamp" });
    await expect(lamp).toBeVisible();
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/hub", { waitUntil: "commit" });
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid="watch-card"]')];
      const img = cards.find((c) => c.textContent?.includes("Arc Lamp"))?.querySelector("img");
      return img?.complete === true && img.naturalWidth === 0;
    });
    releaseScripts();
    await expect(page.getByRole("button", { name: "Preview" })).toBeEnabled();
    await expect(lamp.locator("img")).toHaveCount(0);
    await page.unrouteAll({ behavior: "wait" });
    await page.screenshot({ path: "test-results/screenshots/hub-light.png", fullPage: true });
  });
});

test("the dense list offers the cards' Show and Store filters, kept in the address and across views (#39 item 12)", async ({
  page,
  baseURL,
}) => {
  await register(page, uniqueEmail("list-filters"));
  const day = (d: number) => `2026-11-${String(d).padStart(2, "0")}T10:00:00.000Z`;
  // Three products on the local store, checked at once after the import (its price against the
  // baseline says whether it dropped), and one paused on an address that is nowhere.
  const items = [
    { title: "Falling Kettle", shop: "Alpha Store", baseline: 5999, price: "49.99" },
    { title: "Steady Toaster", shop: "Beta Store", baseline: 3000, price: "30.00" },
    { title: "Rising Lamp", shop: "Alpha Store", baseline: 2000, price: "25.00" },
    { title: "Sleeping Fan", shop: "Alpha Store", baseline: 1000, price: null },
  ];
  const watches = items.map((item, i) => {
    const path = `/filters/${i}`;
    if (item.price) store.setPage(path, productPage({ title: item.title, price: item.price }));
    return {
      url: item.price ? store.url(path) : `http://127.0.0.1:9${path}`,
      title: item.title,
      store: item.shop,
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      isPaused: item.price === null,
      candidateKey: null,
      baseline: { amountMinor: item.baseline, currency: "USD" },
      createdAt: day(1 + i),
      history: [],
    };
  });
  const imported = await page.request.post("/api/v1/import", {
    headers: { origin: baseURL ?? "" },
    data: { format: "dropwave-export", version: 1, exportedAt: day(20), watches },
  });
  expect(imported.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const listed = await page.request.get("/api/v1/watches");
        const body = (await listed.json()) as { watches: { price: unknown }[] };
        return body.watches.filter((w) => w.price !== null).length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(3);

  await page.goto("/hub?view=list");
  await waitForHydrationIfScripted(page);
  const titles = page.getByTestId("watch-row-title");
  const count = page.getByTestId("watch-table-count");
  await expect(titles).toHaveCount(4);

  await page.locator("select[name=show]").selectOption("dropped");
  await expect(page).toHaveURL(/[?&]show=dropped/);
  await expect(titles).toHaveText(["Falling Kettle"]);
  await expect(count).toHaveText("Showing 1 of 1");

  await page.locator("select[name=show]").selectOption("all");
  await page.locator("select[name=store]").selectOption("Alpha Store");
  await expect(page).toHaveURL(/[?&]store=Alpha\+Store/);
  await expect(titles).toHaveText(["Sleeping Fan", "Rising Lamp", "Falling Kettle"]);
  // The Store choice lists each of the person's stores once.
  await expect(page.locator("select[name=store]").locator("option")).toHaveText([
    "All stores",
    "Alpha Store",
    "Beta Store",
  ]);

  await page.locator("select[name=show]").selectOption("paused");
  await expect(page).toHaveURL(/show=paused/);
  await expect(titles).toHaveText(["Sleeping Fan"]);

  // A reload keeps both; so does switching to the cards, which filter alike.
  await page.reload();
  await expect(titles).toHaveText(["Sleeping Fan"]);
  await expect(page.locator("select[name=show]")).toHaveValue("paused");
  await expect(page.locator("select[name=store]")).toHaveValue("Alpha Store");
  await page
    .getByRole("navigation", { name: "Hub view" })
    .getByRole("link", { name: "Cards" })
    .click();
  await expect(page).toHaveURL(/view=cards/);
  await expect(page.getByTestId("card-count")).toHaveText("(1 of 4)");
  await expect(page.getByTestId("watch-card")).toHaveCount(1);
  await expect(page.getByTestId("watch-card")).toContainText("Sleeping Fan");

  // Nothing left by the filters is said as such, not as an empty account.
  await page.goto("/hub?view=list&show=below_target");
  await expect(count).toHaveText("No products match these filters.");
  await expect(page.locator("select[name=show]")).toBeVisible();
});
