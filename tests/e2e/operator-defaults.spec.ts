import { expect, test } from "@playwright/test";
import { register, uniqueEmail } from "./helpers.ts";

// The shared server runs with no operator settings: analytics and payments are off.
test.describe("an instance with none of the settings", () => {
  test("sends nothing anywhere but its own origin, and its privacy page says so", async ({
    page,
    baseURL,
  }) => {
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL ?? "") && !url.startsWith("data:")) elsewhere.push(url);
    });
    // Static for a guest (app/lib/hydration.ts): all they run has run once they have loaded.
    await page.goto("/");
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByTestId("no-third-parties")).toBeVisible();
    await page.goto("/login");
    // And a hydrated page, signed in.
    await register(page, uniqueEmail("defaults"));
    await page.waitForSelector("html[data-hydrated]");
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    expect(elsewhere).toEqual([]);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => entry.name),
    );
    expect(scripts.some((name) => /posthog/i.test(name))).toBe(false);
  });
});
