import { expect, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { register, signOut, uniqueEmail } from "./helpers.ts";

let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

/** Saves one product through the hub and returns its page path. */
async function trackProduct(page: import("@playwright/test").Page, path: string, title: string) {
  store.setPage(path, productPage({ title, price: "10.00" }));
  await page.getByLabel("Product link").fill(store.url(path));
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Start tracking" }).click();
  const link = page.getByTestId("watch-card").getByRole("link", { name: title });
  await expect(link).toBeVisible();
  return (await link.getAttribute("href")) as string;
}

test("a signed-in person gets the 404 page inside the app for a deleted, mistyped or someone else's product", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await register(page, uniqueEmail("other"));
  const othersPath = await trackProduct(page, "/p/others", "Other Person's Kettle");
  await signOut(page);

  await register(page, uniqueEmail("lost"));
  const ownPath = await trackProduct(page, "/p/deleted", "Soon Deleted Lamp");
  await page.goto(ownPath);
  await page.getByRole("button", { name: "Stop tracking this product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Stop tracking" }).click();
  await expect(page).toHaveURL(/\/hub$/);

  for (const path of [ownPath, "/hub/watch/not-a-real-id", othersPath]) {
    // A full load (as from an old alert email) …
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: `Page Not Found: ${path}` })).toBeVisible();
    // … inside the app: its full header (menu, bell, theme switch: the same as an unknown
    // address, #39 item 11), with the person still signed in.
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await expect(page.getByTestId("notification-bell")).toBeVisible();
    await expect(page.getByTestId("error-header")).toHaveCount(0);
    await expect(page.getByText("Application Error")).toHaveCount(0);
  }
  // And a navigation inside the app (a link in the bell or an in-app alert): React Router's own
  // navigate, once the page is hydrated; the marker shows the page was not reloaded.
  await page.goto("/hub");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate((href) => {
    const w = window as unknown as {
      inAppMarker: boolean;
      __reactRouterDataRouter: { navigate: (to: string) => Promise<void> };
    };
    w.inAppMarker = true;
    void w.__reactRouterDataRouter.navigate(href);
  }, othersPath);
  await expect(page.getByRole("heading", { name: `Page Not Found: ${othersPath}` })).toBeVisible();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { inAppMarker?: boolean }).inAppMarker),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test("a page whose code is gone after a deploy opens with one click: a full load of the clicked page", async ({
  page,
}) => {
  await register(page, uniqueEmail("deploy"));
  await page.goto("/user");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The hub's route chunk is gone once, as when the build the page was loaded from was replaced.
  const hubChunk = /\/assets\/hub-[\w-]{8}\.js$/;
  let refused = 0;
  await page.route(
    hubChunk,
    (route) => {
      refused += 1;
      return route.fulfill({ status: 404, body: "Not Found" });
    },
    { times: 1 },
  );
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await page.getByRole("link", { name: "Hub", exact: true }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole("heading", { name: "Track a product" })).toBeVisible();
  expect(refused).toBe(1);
  // The failed chunk made React Router reload /user; the app then went on to /hub in full.
  expect(documents.at(-1)).toBe("/hub");
});
