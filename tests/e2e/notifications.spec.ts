import { expect, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { latestOutboxMail, register, uniqueEmail } from "./helpers.ts";

let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

test("a price drop shows in the header feed and as a toast, without a reload; the email's unsubscribe link works signed out", async ({
  page,
  baseURL,
  browser,
}) => {
  store.setPage("/p/notify-kettle", productPage({ title: "Bell Kettle", price: "80.00" }));
  const email = uniqueEmail("notify");
  await register(page, email);
  await page.getByLabel("Product link").fill(store.url("/p/notify-kettle"));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-card")).toBeVisible();
  await page.getByRole("button", { name: "Start tracking" }).click();
  await page.getByRole("link", { name: "Bell Kettle" }).click();
  await expect(page).toHaveURL(/\/hub\/watch\/[0-9a-f-]{36}$/);
  const watchId = page.url().split("/").at(-1)!;
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  // The price drops at the store; "check now" (the API the button calls) runs a real check.
  store.setPage("/p/notify-kettle", productPage({ title: "Bell Kettle", price: "60.00" }));
  const checked = await page.request.post(`/api/v1/watches/${watchId}/check`, {
    headers: { origin: baseURL ?? "" },
  });
  expect(checked.status()).toBe(202);

  // No reload: the feed polls, the toast appears, the count goes up.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Price drop: Bell Kettle" });
  await expect(toast).toContainText("now $60.00", { timeout: 20_000 });
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await bell.getByRole("button", { name: /Notifications/ }).click();
  const item = bell.getByRole("link", { name: /Price drop: Bell Kettle/ });
  await expect(item).toHaveAttribute("href", `/hub/watch/${watchId}`);
  await bell.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  // The delivery worker mailed the account address too (the e2e server writes to its outbox).
  await expect
    .poll(() => latestOutboxMail(email) ?? "", { timeout: 15_000 })
    .toContain("Bell Kettle");

  // One-click unsubscribe (#39 item 16): the mail's signed link works with no sign-in.
  const mail = (latestOutboxMail(email) ?? "").replace(/\r?\n[ \t]+/g, " ");
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const link = mail.match(/^List-Unsubscribe: <([^>]+)>/m)?.[1];
  expect(link).toMatch(/\/unsubscribe\//);
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(link!);
    await expect(visitor.getByText(`Stop price alert emails to ${email}?`)).toBeVisible();
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
    await expect(visitor.getByText(`no more price alerts to ${email}`)).toBeVisible();
  } finally {
    await stranger.close();
  }
});
