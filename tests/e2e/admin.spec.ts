import { expect, test } from "@playwright/test";
import { register, registerUnverified, signOut, uniqueEmail, verifyEmail } from "./helpers.ts";

test("the operator's page is for ADMIN_EMAILS only: others get the 404 page, strangers the sign-in", async ({
  page,
}) => {
  const response = await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  expect(response?.status()).toBe(200);

  await register(page, uniqueEmail("not-operator"));
  // The account menu links /admin only for the people allowed to open it (#39 item 12).
  await page.getByTestId("account-menu").click();
  await expect(page.getByRole("link", { name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Operator page" })).toHaveCount(0);
  const refused = await page.goto("/admin");
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found: /admin" })).toBeVisible();
  await page.goto("/hub");
  await signOut(page);

  // The operator's address is not enough while unverified: a stranger could have claimed it.
  await registerUnverified(page, "operator@example.test");
  expect((await page.goto("/admin"))?.status()).toBe(404);
  await verifyEmail(page, "operator@example.test");
  const shown = await page.goto("/admin");
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Operator", level: 1 })).toBeVisible();
  await expect(page.getByTestId("admin-totals")).toContainText("People");
  await expect(page.getByRole("region", { name: "People" })).toContainText("operator@example.test");
  await expect(page.getByRole("region", { name: "Stores that block server checks" })).toBeVisible();
  await page.goto("/hub");
  await page.getByTestId("account-menu").click();
  await page.getByRole("link", { name: "Operator page" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Operator", level: 1 })).toBeVisible();
});
