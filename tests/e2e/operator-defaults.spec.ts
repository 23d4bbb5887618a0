import { expect, test } from "@playwright/test";
import { register, uniqueEmail } from "./helpers.ts";

// The shared server runs with no operator settings: analytics and payments are off. What its
// pages say about that (the privacy page, no plan, no upgrade page, no webhook endpoint) is
// checked without a browser in app/operator-settings-pages.db.test.ts.
test("an instance with none of the settings sends nothing anywhere but its own origin, runs no analytics or Stripe code, and its privacy page says so", async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL ?? "") && !url.startsWith("data:")) elsewhere.push(url);
  });
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.text().catch(() => ""));
    }
  });
  // Static for a guest (app/lib/hydration.ts): all they run has run once they have loaded.
  await page.goto("/");
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByTestId("no-third-parties")).toBeVisible();
  await page.goto("/login");
  // And hydrated pages, signed in: the landing page and the account page (where the plan
  // would be).
  await register(page, uniqueEmail("defaults"));
  await page.waitForSelector("html[data-hydrated]");
  for (const path of ["/", "/user"]) {
    await page.goto(path);
    await page.waitForSelector("html[data-hydrated]");
  }
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  expect(elsewhere).toEqual([]);
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => entry.name),
  );
  expect(loaded.some((name) => /posthog/i.test(name))).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
  for (const body of await Promise.all(scripts)) expect(body).not.toContain("js.stripe.com");
});
