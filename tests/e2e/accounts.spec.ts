import { expect, test } from "@playwright/test";
import {
  latestOutboxMail,
  PASSWORD,
  register,
  registerUnverified,
  requestResetLink,
  signOut,
  submitRegisterForm,
  uniqueEmail,
  verificationLink,
} from "./helpers.ts";

test("register says to check the inbox, the same for a taken address; the mailed link signs in (#35 item 8)", async ({
  page,
}) => {
  const email = uniqueEmail("reg");
  await submitRegisterForm(page, email);
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await signOut(page);
  // Someone else tries the same address: the same page, and the owner is mailed instead.
  await submitRegisterForm(page, email, "a stranger's password");
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
  await expect
    .poll(() => latestOutboxMail(email)?.includes("You already have a Dropwave account"))
    .toBe(true);
});

test("sign out, then sign in again and come back to the page asked for", async ({ page }) => {
  const email = uniqueEmail("again");
  await register(page, email);
  await signOut(page);
  await page.goto("/user");
  await expect(page).toHaveURL("/login?redirect=%2Fuser");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password!!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
});

test("signed-in visitors of guest pages go to the hub", async ({ page }) => {
  await register(page, uniqueEmail("guest"));
  await page.goto("/register");
  await expect(page).toHaveURL(/\/hub$/);
  await page.goto("/reset");
  await expect(page).toHaveURL(/\/hub$/);
});

test("reset the password through the link in the outbox mail", async ({ page }) => {
  const email = uniqueEmail("reset");
  await register(page, email);
  await signOut(page);
  const link = await requestResetLink(page, email);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  // The link works once.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("a reset that disconnects the browser extension says so on the page", async ({ page }) => {
  const email = uniqueEmail("reset-ext");
  await register(page, email);
  const connected = await page.request.post("/api/v1/tokens", {
    data: { name: "Browser extension", scope: "extension" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(connected.status()).toBe(201);
  await signOut(page);
  const link = await requestResetLink(page, email);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(
    page.getByText(
      "Your password was changed. The browser extension was disconnected (its token was revoked): connect it again from your account page.",
    ),
  ).toBeVisible();
});

test("an unverified address is shown as such, the link can be sent again, and opening it clears it", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await registerUnverified(page, email);
  await expect(page.getByTestId("email-unverified")).toContainText(
    "Your email awaits verification",
  );
  await page.getByRole("link", { name: "Send the link again" }).click();
  await expect(page).toHaveURL(/\/user#email$/);
  await expect(page.getByTestId("email-unverified")).toContainText(`${email} awaits verification`);
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByTestId("email-unverified")).toHaveCount(0);
  await page.goto("/user");
  await expect(page.getByTestId("email-unverified")).toHaveCount(0);
});

test("signing out in one tab is noticed by the others when they regain focus", async ({
  context,
}) => {
  const first = await context.newPage();
  await register(first, uniqueEmail("tabs"));
  const second = await context.newPage();
  await second.goto("/hub");
  await expect(second.getByRole("heading", { name: "Your hub" })).toBeVisible();
  await first.bringToFront();
  await signOut(first);
  await second.bringToFront();
  await second.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(second).toHaveURL(/\/login\?redirect=%2Fhub/);
});
