import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

let counter = 0;

export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const PASSWORD = "correct horse battery";

/**
 * Creates an account as a person would, opening the verification link mailed at sign-up
 * (nothing else is mailed to an unverified address), and lands on the hub signed in.
 */
export async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await submitRegisterForm(page, email, password);
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/hub$/);
  await waitForHydrationIfScripted(page);
}

/**
 * Fills and sends the sign-up form. It opens no session: the page says to check the inbox,
 * whether or not the address had an account (decision 0065).
 */
export async function submitRegisterForm(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

/** Creates an account without opening the verification mail, and signs in to it. */
export async function registerUnverified(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await submitRegisterForm(page, email, password);
  await signIn(page, email, password);
}

/** Signs in through the sign-in form and lands on the hub. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await waitForHydrationIfScripted(page);
}

/**
 * The public pages are plain HTML (app/lib/hydration.ts): their forms land on the next page as
 * a new document, whose menus answer once it has hydrated. With JavaScript off in the browser
 * (the theme script in <head> left no colour scheme on <html>) there is nothing to wait for.
 */
export async function waitForHydrationIfScripted(page: Page): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
  const isScripted = (await page.locator("html").getAttribute("style")) !== null;
  if (isScripted) await page.waitForSelector("html[data-hydrated]");
}

export async function signOut(page: Page): Promise<void> {
  // The account menu is React: after a full load (a plain form's redirect) wait for it.
  await waitForHydrationIfScripted(page);
  await page.getByTestId("account-menu").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signing out loads "/" anew: on "/" already, the URL alone would not wait for that document.
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
}

/** The newest outbox mail to `to` (the app writes mail there when SMTP_URL is unset). */
export function latestOutboxMail(to: string): string | undefined {
  const dir = path.resolve(".e2e-data/outbox");
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const content = readFileSync(path.join(dir, file), "utf8");
    if (content.includes(`To: ${to}`)) return content;
  }
  return undefined;
}

/**
 * Asks for a password reset from the sign-in page, as a person would ("Forgot password?"),
 * and returns the link of the mail that arrives in the outbox.
 */
export async function requestResetLink(page: Page, email: string): Promise<string> {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // Fill the reset form only once it has replaced the login form.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("If an account exists for that email")).toBeVisible();
  await expect.poll(() => latestOutboxMail(email)).toBeTruthy();
  const mail = latestOutboxMail(email)?.replace(/=\r?\n/g, "") ?? "";
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/reset\/[A-Za-z0-9_%-]+/)?.[0];
  expect(link).toBeTruthy();
  return link as string;
}

/** The newest email-verification link mailed to `to` (from the outbox), once it is there. */
export async function verificationLink(to: string): Promise<string> {
  const find = () =>
    latestOutboxMail(to)
      ?.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .match(/http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
  await expect.poll(find).toBeTruthy();
  return (find() as string).replace(/&amp;/g, "&");
}

/**
 * Proves the signed-in person owns `email`, as they would: asks for the verification mail and
 * opens its link.
 */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  const asked = await page.request.post("/api/auth/send-verification-email", {
    data: { email, callbackURL: "/hub" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(asked.status()).toBe(200);
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/hub$/);
}
