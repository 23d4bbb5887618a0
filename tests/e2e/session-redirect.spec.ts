import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { PASSWORD, register, signOut, uniqueEmail } from "./helpers.ts";

async function signIn(page: Page, email: string) {
  // The address changes as the navigation lands; wait for the sign-in page itself.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Registers, opens /user, and signs out in a second tab of the same browser. */
async function signOutInAnotherTab(page: Page, context: BrowserContext, email: string) {
  await register(page, email);
  await page.goto("/user");
  const other = await context.newPage();
  await other.goto("/hub");
  await signOut(other);
  await other.close();
}

test("when the session ends in another tab, the next navigation goes to login and back to the page, never to .data", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("tabs");
  await signOutInAnotherTab(page, context, email);

  // An in-app navigation in the first tab fetches the hub's data, which is refused.
  await page.getByRole("link", { name: "Hub", exact: true }).click();
  await expect(page).toHaveURL("/login?redirect=%2Fhub");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole("heading", { name: "Track a product" })).toBeVisible();
});

test("the session check on returning to a tab sends to login with the page's own path", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("focus");
  await signOutInAnotherTab(page, context, email);

  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page).toHaveURL("/login?redirect=%2Fuser");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByText("Page Not Found")).toHaveCount(0);
});
