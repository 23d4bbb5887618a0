import { expect, type Page, test } from "@playwright/test";

// What the server renders for each public page (status, heading, title, meta tags, the 404
// page, the redirects) is checked without a browser in app/public-pages.db.test.ts. Here: what
// only a browser shows, the theme applied before the first paint and the switch that changes it.

const PUBLIC_PAGES = [
  "/",
  "/login",
  "/register",
  "/reset",
  "/reset/not-a-real-token",
  "/terms",
  "/privacy",
];

/** The class of <html> when <body> was first inserted, i.e. before the first paint. */
async function recordClassAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __classAtBody?: string };
    new MutationObserver((_m, observer) => {
      if (document.body) {
        w.__classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody ?? "");
}

test("the theme: every public page in both themes, chosen by mouse or keys, kept across pages and reloads before the first paint, and following the system", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const classAtFirstPaint = await recordClassAtFirstPaint(page);
  const html = page.locator("html");

  await test.step("dark by default, on the static landing page", async () => {
    await page.goto("/");
    // A guest's landing page has no React Router script (app/lib/hydration.ts): the inline
    // theme script and switch are all that runs.
    expect(await page.locator('script[type="module"], script[src]').count()).toBe(0);
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await classAtFirstPaint()).toContain("dark");
    await expect(
      page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" }),
    ).toBeChecked();
  });

  for (const theme of ["dark", "light"] as const) {
    await test.step(`every public page and the 404 page in the ${theme} theme`, async () => {
      await page.evaluate((value) => window.localStorage.setItem("dropwave-theme", value), theme);
      for (const path of [...PUBLIC_PAGES, "/no/such/page"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (theme === "dark") await expect(html, path).toHaveClass(/\bdark\b/);
        else await expect(html, path).not.toHaveClass(/\bdark\b/);
        const shot = { "/": "landing", "/login": "login", "/no/such/page": "404" }[path];
        if (shot) {
          await page.screenshot({
            path: `test-results/screenshots/${shot}-${theme}.png`,
            fullPage: true,
          });
        }
      }
    });
  }

  await test.step("a click on Light is kept across a reload, applied before the first paint", async () => {
    await page.evaluate(() => window.localStorage.removeItem("dropwave-theme"));
    await page.goto("/");
    const theme = page.getByRole("group", { name: "Theme" });
    await theme.getByText("Light", { exact: true }).click();
    await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    expect(await classAtFirstPaint()).not.toContain("dark");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
  });

  await test.step("a radio group: the arrow keys move the choice, and the next page keeps it", async () => {
    const theme = page.getByRole("group", { name: "Theme" });
    await theme.getByRole("radio", { name: "Light" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto("/login");
    expect(await classAtFirstPaint()).toContain("dark");
    await expect(
      page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" }),
    ).toBeChecked();
  });

  await test.step("System follows the operating system's preference", async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByText("System", { exact: true }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/\bdark\b/);
  });

  expect(errors).toEqual([]);
});
