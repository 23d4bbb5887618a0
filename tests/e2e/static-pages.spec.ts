import { expect, type Page, test } from "@playwright/test";
import {
  PASSWORD,
  register,
  requestResetLink,
  signOut,
  uniqueEmail,
  verificationLink,
} from "./helpers.ts";

// The public pages work without JavaScript (app/lib/hydration.ts): signed out, they are sent
// without React Router's scripts, and their forms are plain HTML forms the server answers.

/** No module script, no preload, no hydration: what the browser got is the whole page. */
async function expectStatic(page: Page) {
  expect(await page.locator('script[type="module"], script[src]').count()).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", /.*/);
}

/**
 * Registers through the plain form (`register` of helpers.ts waits for hydration): the page
 * says to check the inbox, and the mailed link signs in.
 */
async function registerWithoutJs(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/hub$/);
}

/** An account made through the plain register form, then signed out (its cookies dropped). */
async function signedOutAccount(page: Page, email: string) {
  await registerWithoutJs(page, email);
  await page.context().clearCookies();
}

test.describe("with JavaScript off in the browser", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in lands in the hub, and a wrong password is said so", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await signedOutAccount(page, email);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "That email and password do not match an account.",
    );
    await expect(page).toHaveURL(/\/login$/);
    // A new document, yet what was typed is still there: only the password is asked again.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  test("the way back survives a wrong password: sign in from /login?redirect=", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs-back");
    await signedOutAccount(page, email);
    await page.goto("/user");
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("still not it!!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("do not match");
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  });

  test("register shows the server's field errors, then creates the account", async ({ page }) => {
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

    const email = uniqueEmail("nojs-reg");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await page.goto(await verificationLink(email));
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  test("a password reset from the request to the new password", async ({ page }) => {
    const email = uniqueEmail("nojs-reset");
    await signedOutAccount(page, email);
    await page.goto(await requestResetLink(page, email));
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
  });

  test("the flash after deleting the account is shown in the static landing page", async ({
    page,
  }) => {
    await registerWithoutJs(page, uniqueEmail("nojs-flash"));
    await page.goto("/user");
    await page.getByLabel("Your password, to confirm").fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toHaveText("Your account and its data were deleted.");
    // Shown once.
    await page.reload();
    await expect(page.getByText("Your account and its data were deleted.")).toHaveCount(0);
  });
});

test("the landing and sign-in pages load no script of React Router when signed out", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of ["/", "/login"]) {
    await page.goto(path);
    await expectStatic(page);
  }
  expect(scripts).toEqual([]);
});

test("the theme switch works on the static landing page, by mouse and keys, and persists", async ({
  page,
}) => {
  await page.goto("/");
  await expectStatic(page);
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  await theme.getByText("Light", { exact: true }).click();
  await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();

  // A radio group: the arrow keys move the choice (Light → Dark).
  await theme.getByRole("radio", { name: "Light" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(
    page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" }),
  ).toBeChecked();
});

test("signed in, the landing page hydrates: the account menu opens", async ({ page }) => {
  await register(page, uniqueEmail("landing-in"));
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByTestId("account-menu").click();
  await expect(page.getByRole("link", { name: "Account settings" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Account settings" })).toHaveCount(0);
  await signOut(page);
  await expectStatic(page);
});
