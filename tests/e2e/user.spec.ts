import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { latestOutboxMail, PASSWORD, register, uniqueEmail } from "./helpers.ts";

async function createToken(page: Page, name: string): Promise<string> {
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const field = page.getByLabel(/Your new token/);
  await expect(field).toBeVisible();
  return field.inputValue();
}

test("account settings: a token made, used and revoked; the display name in the header; the sections that mails link to; the password changed; the account deleted", async ({
  page,
  request,
}) => {
  await register(page, uniqueEmail("settings"));
  await page.goto("/user");

  await test.step("create an API token, use it, revoke it", async () => {
    const token = await createToken(page, "My script");
    expect(token).toMatch(/^dw_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const tokens = page.getByRole("list", { name: "Tokens" });
    await expect(tokens.getByText("My script")).toBeVisible();
    await expect(tokens.getByText(`${token.slice(0, 11)}_…`)).toBeVisible();
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get("/api/v1/me", { headers })).status()).toBe(200);
    // Shown once: a reload no longer shows it.
    await page.reload();
    await expect(page.getByLabel(/Your new token/)).toHaveCount(0);
    await page.getByRole("button", { name: "Revoke token My script" }).click();
    await expect(page.getByText("No tokens yet.")).toBeVisible();
    expect((await request.get("/api/v1/me", { headers })).status()).toBe(401);
  });

  await test.step("the display name shows in the header, after a reload too", async () => {
    await page.getByLabel("Display name").fill("Neon Rider");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Display name saved.")).toBeVisible();
    await expect(page.getByTestId("account-menu")).toHaveText(/Neon Rider/);
    await page.reload();
    await expect(page.getByTestId("account-menu")).toHaveText(/Neon Rider/);
  });

  await test.step("links already sent in emails, the bell and the extension land on their section (#39 item 2)", async () => {
    for (const section of ["notifications", "connect-extension", "export-import"]) {
      await page.goto(`/user#${section}`);
      await expect(page.locator(`section#${section}`)).toBeInViewport();
    }
  });

  await test.step("the account page in both themes", async () => {
    await createToken(page, "Firefox extension");
    mkdirSync("test-results/screenshots", { recursive: true });
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((value) => window.localStorage.setItem("dropwave-theme", value), theme);
      await page.reload();
      const html = page.locator("html");
      if (theme === "dark") await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);
      await page.screenshot({ path: `test-results/screenshots/user-${theme}.png`, fullPage: true });
    }
  });

  await test.step("change the password: a wrong current one is named; the change revokes API tokens and says so", async () => {
    const token = await createToken(page, "Another script");
    await expect(
      page.getByText(/revokes your API tokens, the browser extension's too/),
    ).toBeVisible();
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("another long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("another long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText(
        "Password changed. Other devices were signed out and your API tokens were revoked: connect the browser extension again if you use it.",
      ),
    ).toBeVisible();
    const me = await request.get("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    // Still signed in here.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  });

  await test.step("delete the account: back on / signed out", async () => {
    await page.getByLabel("Your password, to confirm").fill("another long password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account and its data were deleted.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/user");
    await expect(page).toHaveURL("/login?redirect=%2Fuser");
  });
});

/** The verify-email link in the newest mail to `to` (quoted-printable undone). */
async function verifyEmailLinkTo(to: string, after?: string): Promise<string> {
  await expect.poll(() => latestOutboxMail(to) !== after && latestOutboxMail(to)).toBeTruthy();
  const mail = latestOutboxMail(to)!
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  return link!.replace(/&amp;/g, "&");
}

test("change the email: the current address approves, the new one confirms", async ({ page }) => {
  const oldAddress = uniqueEmail("old");
  await register(page, oldAddress);
  const signUpMail = latestOutboxMail(oldAddress);
  await page.goto("/user");
  const newAddress = uniqueEmail("new");
  await page.getByLabel("New email").fill(newAddress);
  await page.getByRole("button", { name: "Change email" }).click();
  // The account is verified: its current address approves the change first.
  await expect(
    page.getByText(`Check ${oldAddress} for a link to approve the change.`, { exact: false }),
  ).toBeVisible();
  await page.goto(await verifyEmailLinkTo(oldAddress, signUpMail));
  await expect(page).toHaveURL(/\/user\?email=changed&step=approved$/);
  await expect(page.getByText("Change approved. We sent a link to your new address")).toBeVisible();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  // Nothing changed yet; the second link, mailed to the new address, makes the change.
  await page.goto(await verifyEmailLinkTo(newAddress));
  await expect(page).toHaveURL(/\/user\?email=changed$/);
  await expect(page.getByText(`Your email address is now ${newAddress}.`)).toBeVisible();
});
