import { expect, type Page, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { register, uniqueEmail, waitForHydrationIfScripted } from "./helpers.ts";

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

test("a picture that cannot be had shows the placeholder and logs nothing in the console (#39 item 12)", async ({
  page,
}) => {
  // The store names a picture it does not have (its own 404).
  store.setPage(
    "/p/no-picture",
    productPage({ title: "Pictureless Kettle", price: "40.00", image: store.url("/img/gone.png") }),
  );
  const errors = watchForErrors(page);
  await register(page, uniqueEmail("no-picture"));
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

  // A full load of the hub, the product page and the dense list: the picture is asked for again
  // on each, and none logs an error.
  for (const path of ["/hub", "/hub?view=list"]) {
    await page.goto(path);
    await waitForHydrationIfScripted(page);
    await expect(page.locator("#main").getByText("◢◤")).toBeVisible();
  }
  await page.getByRole("link", { name: "Pictureless Kettle" }).click();
  await expect(page.getByRole("heading", { name: "Pictureless Kettle" })).toBeVisible();
  await expect(page.locator("#main header").getByText("◢◤")).toBeVisible();
  expect(store.hitsFor("/img/gone.png")).toBeGreaterThan(0);
  expect(errors).toEqual([]);
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
