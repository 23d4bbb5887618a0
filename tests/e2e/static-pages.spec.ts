import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, requestResetLink, uniqueEmail, verificationLink } from "./helpers.ts";

// The public pages work without JavaScript (app/lib/hydration.ts): signed out, they are sent
// without React Router's scripts (app/static-pages.db.test.ts checks the HTML of each), and
// their forms are plain HTML forms the server answers. The account page's forms work so too.

test.use({ javaScriptEnabled: false });

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("with JavaScript off: register past the server's field errors, sign in past a wrong password and back to the page asked for, manage tokens, reset the password, delete the account", async ({
  page,
}) => {
  const email = uniqueEmail("nojs");

  await test.step("register: the server's field errors, then the account", async () => {
    await page.goto("/register");
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue("not an email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await page.goto(await verificationLink(email));
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  await test.step("sign in: a wrong password is said, what was typed kept, the way back too", async () => {
    await page.context().clearCookies();
    await page.goto("/user");
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    await signInWith(page, email, "not the password!");
    await expect(page.getByRole("alert")).toHaveText(
      "That email and password do not match an account.",
    );
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    // A new document, yet what was typed is still there: only the password is asked again.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  });

  await test.step("the account page's forms: create and revoke a token", async () => {
    await page.getByLabel("Token name").fill("curl");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByLabel(/Your new token/)).toHaveValue(/^dw_/);
    await page.getByRole("button", { name: "Revoke token curl" }).click();
    await expect(page.getByText("No tokens yet.")).toBeVisible();
  });

  await test.step("sign in from /login lands in the hub", async () => {
    await page.context().clearCookies();
    await page.goto("/login");
    await signInWith(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  await test.step("a password reset from the request to the new password", async () => {
    await page.context().clearCookies();
    await page.goto(await requestResetLink(page, email));
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  await test.step("delete the account: the flash shows once in the static landing page", async () => {
    await page.goto("/user");
    await page.getByLabel("Your password, to confirm").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toHaveText("Your account and its data were deleted.");
    await page.reload();
    await expect(page.getByText("Your account and its data were deleted.")).toHaveCount(0);
  });
});
