import { expect, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { register, uniqueEmail } from "./helpers.ts";

let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("product pictures come through Dropwave, never straight from the store", async ({ page }) => {
  store.setPage("/img/teapot.png", { body: PNG, contentType: "image/png" });
  store.setPage(
    "/p/teapot",
    productPage({ title: "Iron Teapot", price: "35.00", image: store.url("/img/teapot.png") }),
  );
  const toStore: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(store.origin)) toStore.push(request.url());
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await register(page, uniqueEmail("pictures"));
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
  expect(violations).toEqual([]);
  // Fetched from the store by the server once, then served from its disk cache.
  expect(store.hitsFor("/img/teapot.png")).toBe(1);
});
