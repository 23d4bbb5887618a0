import { expect, type Page, test } from "@playwright/test";
import {
  latestOutboxMail,
  PASSWORD,
  register,
  requestResetLink,
  signIn,
  signOut,
  submitRegisterForm,
  uniqueEmail,
  verificationLink,
} from "./helpers.ts";

// The server's side of these pages (the guest pages sending a signed-in person to the hub, the
// sign-in redirect with the way back) is checked in app/public-pages.db.test.ts.

/** Fills the sign-in form the page shows (after a redirect to it). */
async function fillSignIn(page: Page, email: string, password = PASSWORD) {
  // The address changes as the navigation lands; wait for the sign-in page itself.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an account from sign-up to sign-in: check the inbox (also for a taken address), the unverified address and its link, the landing page signed in, a wrong password, back to the page asked for (#35 item 8)", async ({
  page,
}) => {
  const email = uniqueEmail("reg");

  await test.step("sign up: check the inbox; signed in before verifying, the address awaits", async () => {
    await submitRegisterForm(page, email);
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "Your hub" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByTestId("email-unverified")).toContainText(
      "Your email awaits verification",
    );
  });

  await test.step("the link sent again; opening it clears the notice", async () => {
    await page.getByRole("link", { name: "Send the link again" }).click();
    await expect(page).toHaveURL(/\/user#email$/);
    await expect(page.getByTestId("email-unverified")).toContainText(
      `${email} awaits verification`,
    );
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
    await page.goto(await verificationLink(email));
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByTestId("email-unverified")).toHaveCount(0);
    await page.goto("/user");
    await expect(page.getByTestId("email-unverified")).toHaveCount(0);
  });

  await test.step("signed in, the landing page hydrates: the account menu opens and closes", async () => {
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByTestId("account-menu").click();
    await expect(page.getByRole("link", { name: "Account settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Account settings" })).toHaveCount(0);
    await signOut(page);
    // Signed out, the landing page is static again (app/lib/hydration.ts).
    expect(await page.locator('script[type="module"], script[src]').count()).toBe(0);
  });

  await test.step("someone else signs up with the address: the same page, and its owner is mailed", async () => {
    await submitRegisterForm(page, email, "a stranger's password");
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await expect
      .poll(() => latestOutboxMail(email)?.includes("You already have a Dropwave account"))
      .toBe(true);
  });

  await test.step("a wrong password is said; the right one goes back to the page asked for", async () => {
    await page.goto("/user");
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    await fillSignIn(page, email, "wrong password!!");
    await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  });
});

test("reset the password through the mailed link: it signs in, says the extension was disconnected, and works once", async ({
  page,
}) => {
  const email = uniqueEmail("reset");
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
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(
    page.getByText(
      "Your password was changed. The browser extension was disconnected (its token was revoked): connect it again from your account page.",
    ),
  ).toBeVisible();
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("the session ends in another tab: the next in-app navigation, and a return to the tab, go to sign in and back to the page, never to .data", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("tabs");
  await register(page, email);
  /** Signs out in a second tab of the same browser. */
  const signOutElsewhere = async () => {
    const other = await context.newPage();
    await other.goto("/hub");
    await signOut(other);
    await other.close();
  };

  await test.step("an in-app navigation fetches the next page's data, which is refused", async () => {
    await page.goto("/user");
    await signOutElsewhere();
    await page.getByRole("link", { name: "Hub", exact: true }).click();
    await expect(page).toHaveURL("/login?redirect=%2Fhub");
    await fillSignIn(page, email);
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole("heading", { name: "Track a product" })).toBeVisible();
  });

  await test.step("the session check on returning to the tab uses the page's own path", async () => {
    await page.goto("/user");
    await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
    await signOutElsewhere();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
    await fillSignIn(page, email);
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByText("Page Not Found")).toHaveCount(0);
  });
});
