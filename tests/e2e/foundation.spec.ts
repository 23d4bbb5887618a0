import { expect, test } from "@playwright/test";

const publicPages = [
  { path: "/", heading: /Know the moment the/, title: /Dropwave/ },
  { path: "/login", heading: "Sign in", title: /Sign in/ },
  { path: "/register", heading: "Create your account", title: /Create your account/ },
  { path: "/reset", heading: "Reset your password", title: /Reset your password/ },
  { path: "/reset/not-a-real-token", heading: "This link no longer works", title: /new password/ },
  { path: "/terms", heading: "Terms of Service", title: /Terms of Service/ },
  { path: "/privacy", heading: "Privacy Policy", title: /Privacy Policy/ },
];

for (const theme of ["dark", "light"] as const) {
  test.describe(`public pages in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        window.localStorage.setItem("dropwave-theme", value);
      }, theme);
    });

    for (const pageInfo of publicPages) {
      test(`${pageInfo.path} renders`, async ({ page }) => {
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const response = await page.goto(pageInfo.path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: pageInfo.heading })).toBeVisible();
        await expect(page).toHaveTitle(pageInfo.title);
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
        expect(errors).toEqual([]);
        if (["/", "/login"].includes(pageInfo.path)) {
          const name = pageInfo.path === "/" ? "landing" : "login";
          await page.screenshot({
            path: `test-results/screenshots/${name}-${theme}.png`,
            fullPage: true,
          });
        }
      });
    }

    test("unknown paths show the 404 page with status 404", async ({ page }) => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { name: "Page Not Found: /no/such/page" }),
      ).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/404-${theme}.png`, fullPage: true });
    });
  });
}

test("the landing page carries social preview tags", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Dropwave/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    /.{20,}/,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
});

test("the /404 route itself renders the not-found page", async ({ page }) => {
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /404")).toBeVisible();
});

test("signed-out visitors of /hub and /user are sent to login with the way back", async ({
  page,
}) => {
  await page.goto("/hub");
  await expect(page).toHaveURL("/login?redirect=%2Fhub");
  await page.goto("/user");
  await expect(page).toHaveURL("/login?redirect=%2Fuser");
});

test("bots get a bare status instead of the error page", async ({ request }) => {
  const response = await request.get("/missing-for-bots", {
    headers: {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    },
  });
  expect(response.status()).toBe(404);
  expect(await response.text()).toBe("404 Not Found");
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const response = await request.get("/api/does-not-exist");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect((await response.json()).error.code).toBe("not_found");
});

test("the theme choice persists across reloads and applies before first paint", async ({
  page,
}) => {
  // Record the html class at the moment <body> is first inserted, i.e. before first paint.
  await page.addInitScript(() => {
    const w = window as unknown as { __classAtBody?: string };
    new MutationObserver((_m, observer) => {
      if (document.body) {
        w.__classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByText("Light", { exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.reload();
  expect(
    await page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody),
  ).not.toContain("dark");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.getByTestId("theme-light")).toBeChecked();
  await page.getByText("Dark", { exact: true }).click();
  await page.reload();
  expect(
    await page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody),
  ).toContain("dark");
});

test("system theme follows the operating system's preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByText("System", { exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
});
