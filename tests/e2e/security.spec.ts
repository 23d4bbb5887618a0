import { chromium, expect, type Page, test } from "@playwright/test";
import { HEADLESS_CHROMIUM_ARGS } from "../../core/chromium-args.ts";
import { PASSWORD, register, signOut, uniqueEmail } from "./helpers.ts";

/** Collects CSP violations (the DOM event) and every console error or warning. */
async function watchViolations(page: Page) {
  const console: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") console.push(message.text());
  });
  page.on("pageerror", (error) => console.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${location.pathname}`,
      );
    });
  });
  return {
    console,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

// The security headers themselves (CSP, frame-ancestors, X-Frame-Options) are checked on every
// response in server/app.db.test.ts; here, that the pages work under them in a browser.

test("pages hydrate and work under the Content-Security-Policy, with no violation", async ({
  page,
}) => {
  const watch = await watchViolations(page);
  await page.addInitScript(() => window.localStorage.setItem("dropwave-theme", "light"));
  const response = await page.goto("/");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // The landing page is static for a guest (app/lib/hydration.ts): its inline scripts are
  // ours (theme before paint, theme switch), each with this response's nonce.
  const inline = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThanOrEqual(2);
  for (const n of inline) expect(n).toBe(nonce);
  // The inline theme script ran before paint: the stored light theme is applied.
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  // The inline theme switch answers.
  await page.getByTestId("theme-dark").check({ force: true });
  await expect(page.locator("html")).toHaveClass(/dark/);

  // Client-side navigation and form actions (React Router's fetches) work.
  const email = uniqueEmail("csp");
  await register(page, email);
  // The hub hydrates: every inline script React Router and we render carries its nonce.
  const hub = await page.reload();
  const hubNonce = /'nonce-([^']+)'/.exec(hub?.headers()["content-security-policy"] ?? "")?.[1];
  expect(hubNonce).toBeTruthy();
  await page.waitForSelector("html[data-hydrated]");
  const hubInline = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(hubInline.length).toBeGreaterThanOrEqual(3);
  for (const n of hubInline) expect(n).toBe(hubNonce);
  await page.goto("/user");
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await page.getByRole("link", { name: "Hub", exact: true }).first().click();
  await expect(page).toHaveURL(/\/hub$/);
  await signOut(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/hub$/);

  expect(await watch.violations()).toEqual([]);
  expect(watch.console.filter((m) => /Content Security Policy|nonce/i.test(m))).toEqual([]);
});

test("the same server under another address: a loopback alias is redirected to PUBLIC_URL; another name gets a notice; a form sent anyway gets a page that links (#39 item 1)", async () => {
  const PORT = Number(process.env.E2E_PORT ?? 3210);
  const PUBLIC = `http://127.0.0.1:${PORT}`;
  // A browser of its own: another host name for this machine is mapped to the server.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...HEADLESS_CHROMIUM_ARGS, "--host-resolver-rules=MAP lan-name.test 127.0.0.1"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${PORT}/login?redirect=%2Fhub`);
    await expect(page).toHaveURL(`${PUBLIC}/login?redirect=%2Fhub`);
    await expect(page.locator("#dw-wrong-origin")).toBeHidden();

    await page.goto(`http://lan-name.test:${PORT}/login`);
    const notice = page.locator("#dw-wrong-origin");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("another address than its own");
    await expect(notice.getByRole("link")).toHaveAttribute("href", `${PUBLIC}/login`);

    await page.getByLabel("Email").fill("someone@example.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByRole("heading", { name: "Open Dropwave at its own address" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: PUBLIC })).toHaveAttribute(
      "href",
      `${PUBLIC}/login`,
    );
  } finally {
    await browser.close();
  }
});
