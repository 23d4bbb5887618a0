import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { startAppProcess } from "./app-process.ts";
import { PASSWORD, uniqueEmail } from "./helpers.ts";

/**
 * New builds (issue #17): a second app process serves /latest.json from a file of the test's
 * own (LATEST_JSON_PATH) and polls it every second. The test "deploys" by rewriting the file.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 60;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const builtId = (
  JSON.parse(readFileSync("build/client/latest.json", "utf8")) as { buildId: string }
).buildId;

let app: Awaited<ReturnType<typeof startAppProcess>>;
let dir: string;
let latestJson: string;

function serve(buildId: string): void {
  writeFileSync(latestJson, JSON.stringify({ buildId }));
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "dropwave-build-"));
  latestJson = path.join(dir, "latest.json");
  serve(builtId);
  app = await startAppProcess({
    port: PORT,
    publicUrl: ORIGIN,
    env: { LATEST_JSON_PATH: latestJson, NEW_BUILD_POLL_SECONDS: "1" },
  });
});

test.afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(() => serve(builtId));

// What /latest.json answers (the build's id, never cached) is checked in
// server/latest-json.test.ts; when a tab checks and what counts as new, in
// app/lib/new-build.test.ts.

/**
 * Someone signed in: the public pages are static for guests (app/lib/hydration.ts), and only
 * a hydrated page watches for new builds. Signed in, `/`, /terms and /privacy hydrate.
 */
async function signUp(page: Page): Promise<void> {
  const email = uniqueEmail("build");
  const response = await page.request.post(`${ORIGIN}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: "Build Watcher" },
    headers: { origin: ORIGIN },
  });
  expect(response.ok()).toBe(true);
  // Sign-up opens no session (decision 0065): sign in after it.
  const signedIn = await page.request.post(`${ORIGIN}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: ORIGIN },
  });
  expect(signedIn.ok()).toBe(true);
}

/** A mark in this document's memory: gone after a full load, kept by client navigation. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

/** Whether a click at the middle of the element reaches it (nothing drawn over it there). */
function isUncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}

/** Waits until the tab has asked /latest.json `count` more times. */
function polls(page: Page, count: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onResponse = (response: { url(): string }) => {
      if (!new URL(response.url()).pathname.endsWith("/latest.json")) return;
      seen += 1;
      if (seen >= count) {
        page.off("response", onResponse);
        resolve();
      }
    };
    page.on("response", onResponse);
  });
}

test("a tab follows the builds: it polls /latest.json afresh, stays client-side on the same build, and on a new one offers a reload and loads the next page in full", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/latest.json")) asked.push(request.url());
  });
  await signUp(page);
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector("html[data-hydrated]");
  await markDocument(page);

  await test.step("the same build: asked with a fresh query each time; navigation stays client-side, no toast", async () => {
    await polls(page, 2);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.every((url) => /\/latest\.json\?t=/.test(url))).toBe(true);
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
    await expect(page.getByText("A new version of Dropwave is available")).toHaveCount(0);
  });

  await test.step("a new build: the toast offers a reload, and the next navigation is a full load", async () => {
    serve("a-newer-build");
    await expect(page.getByText("A new version of Dropwave is available")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
    // The toast stays: scrolled to the bottom, the footer's links are still clear of it.
    const terms = page.getByRole("link", { name: "Terms of Service" });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => isUncovered(terms)).toBe(true);
    await terms.click();
    await expect(page).toHaveURL(`${ORIGIN}/terms`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await isSameDocument(page)).toBe(false);
  });

  await test.step("Reload in the toast reloads the page", async () => {
    await markDocument(page);
    const reload = page.getByRole("button", { name: "Reload" });
    await expect(reload).toBeVisible();
    const loaded = page.waitForEvent("load");
    await reload.click();
    await loaded;
    await expect(page).toHaveURL(`${ORIGIN}/terms`);
    expect(await isSameDocument(page)).toBe(false);
  });
});
