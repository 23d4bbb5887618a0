import type { IncomingMessage } from "node:http";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { HEADLESS_CHROMIUM_ARGS } from "../../core/chromium-args.ts";
import { type LocalServer, startServer } from "../helpers/local-server.ts";
import { startAppProcess } from "./app-process.ts";

/**
 * Operator analytics against stand-ins on loopback: an Umami-compatible collector and a
 * PostHog host. The app runs as a second process with those settings, reached under the name
 * dropwave.test (analytics skip localhost), which Chromium maps to 127.0.0.1.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const HOST = `dropwave.test:${PORT}`;
const ORIGIN = `http://${HOST}`;

type Collected = { body: Record<string, unknown>; raw: string; url: string };
let collector: LocalServer;
let posthog: LocalServer;
const umamiEvents: Collected[] = [];
const posthogEvents: Collected[] = [];
/** Statuses the collector answers next (then 200). */
const collectorScript: number[] = [];
let app: Awaited<ReturnType<typeof startAppProcess>>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const cors = {
  "access-control-allow-origin": ORIGIN,
  "access-control-allow-headers": "content-type",
  "access-control-allow-methods": "POST, OPTIONS",
};

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      ...HEADLESS_CHROMIUM_ARGS,
      "--host-resolver-rules=MAP dropwave.test 127.0.0.1, MAP other.test 127.0.0.1",
    ],
  },
  viewport: { width: 1280, height: 800 },
  screen: { width: 1280, height: 800 },
});

test.beforeAll(async () => {
  collector = await startServer(async (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors).end();
      return;
    }
    const raw = await readBody(req);
    const status = collectorScript.shift() ?? 200;
    umamiEvents.push({ body: JSON.parse(raw), raw, url: req.url ?? "" });
    res.writeHead(status, { ...cors, "content-type": "application/json" }).end("{}");
  });
  posthog = await startServer(async (req, res) => {
    const raw = await readBody(req);
    // Events arrive at /e/ (or /batch/, /i/v0/e/) as one event, an array, or { batch: [...] }.
    if (req.method === "POST" && raw && !req.url?.startsWith("/flags")) {
      try {
        const parsed = JSON.parse(raw) as unknown;
        const batch = (parsed as { batch?: unknown }).batch;
        const items = Array.isArray(parsed) ? parsed : Array.isArray(batch) ? batch : [parsed];
        for (const item of items)
          posthogEvents.push({ body: item as Record<string, unknown>, raw, url: req.url ?? "" });
      } catch {
        posthogEvents.push({ body: {}, raw, url: req.url ?? "" });
      }
    }
    // Remote config as PostHog answers it for a project with autocapture on.
    if (req.url?.endsWith("/config.js")) {
      res.writeHead(200, { "content-type": "text/javascript" }).end("");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ featureFlags: {}, autocapture_opt_out: false }));
  });
  app = await startAppProcess({
    port: PORT,
    publicUrl: ORIGIN,
    env: {
      ANALYTICS_HOST: collector.origin,
      ANALYTICS_WEBSITE_ID: "5f3c0a1e-test-site",
      ANALYTICS_DOMAINS: "dropwave.test",
      POSTHOG_KEY: "phc_standin",
      POSTHOG_HOST: posthog.origin,
      POSTHOG_PROXY: "true",
      // Extra options travel as JSON: readable bodies, and headless Chromium is not a bot here.
      POSTHOG_OPTIONS: JSON.stringify({
        disable_compression: true,
        request_batching: false,
        opt_out_useragent_filter: true,
      }),
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await collector?.close();
  await posthog?.close();
});

test.beforeEach(() => {
  umamiEvents.length = 0;
  collectorScript.length = 0;
});

// What the privacy page says of these services is checked in
// app/operator-settings-pages.db.test.ts; which events Umami counts, how it retries and when it
// stays silent, in app/lib/analytics/umami.test.ts. Here: that the built app does so in Chromium.

/** Opens a page with the browser's timers stopped: only clock.runFor moves them. */
async function openWithClock(page: Page, url: string) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto(url);
  // Page-view counting loads after hydration, in its own chunk: wait until it has started.
  await page.waitForSelector("html[data-web-analytics]");
}

/** Moves the page's stopped clock on, 50 ms at a time, until `count` page views have arrived. */
async function advanceUntilEvents(page: Page, count: number, stepMs = 50) {
  await expect
    .poll(async () => {
      await page.clock.runFor(stepMs);
      return umamiEvents.length;
    })
    .toBe(count);
}

/** A page in a context of its own (its own storage and clock), as the suite's `use` sets it. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    screen: { width: 1280, height: 800 },
  });
  return context.newPage();
}

test("Umami counts a page view 250 ms after it is shown, with Umami's payload, and each route change with its referrer; a reload within 10 s once; a server error is retried with backoff, a client error never", async ({
  browser,
}) => {
  await test.step("a page view 250 ms after the page is shown; a route change, referrer the previous page", async () => {
    const page = await freshPage(browser);
    await openWithClock(page, `${ORIGIN}/terms`);
    await page.clock.runFor(240);
    expect(umamiEvents).toHaveLength(0);
    await page.clock.runFor(20);
    await expect.poll(() => umamiEvents.length).toBe(1);
    expect(umamiEvents[0]?.url).toBe("/api/send");
    expect(umamiEvents[0]?.body).toEqual({
      type: "event",
      payload: {
        hostname: "dropwave.test",
        language: expect.any(String),
        screen: "1280x800",
        url: "/terms",
        title: expect.stringContaining("Terms"),
        referrer: "",
        website: "5f3c0a1e-test-site",
      },
    });
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    await advanceUntilEvents(page, 2);
    expect(umamiEvents[1]?.body).toMatchObject({
      payload: { url: "/privacy", referrer: `${ORIGIN}/terms` },
    });
    await page.context().close();
  });

  await test.step("a reload within 10 s is not counted twice; a later one is", async () => {
    umamiEvents.length = 0;
    const page = await freshPage(browser);
    await openWithClock(page, `${ORIGIN}/terms`);
    await page.clock.runFor(300);
    await expect.poll(() => umamiEvents.length).toBe(1);
    await page.reload();
    await page.waitForSelector("html[data-web-analytics]");
    await page.clock.runFor(300);
    // The control: an in-app page view after it is still counted, so the reload really was
    // skipped. The new page's view is scheduled once the route has rendered, which may be after
    // the click returns: move the clock on in small steps until it is sent.
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    await advanceUntilEvents(page, 2);
    expect(umamiEvents.map((e) => (e.body.payload as { url: string }).url)).toEqual([
      "/terms",
      "/privacy",
    ]);
    await page.clock.runFor(11_000);
    await page.reload();
    await page.waitForSelector("html[data-web-analytics]");
    await page.clock.runFor(300);
    await expect.poll(() => umamiEvents.length).toBe(3);
    await page.context().close();
  });

  await test.step("a server error is retried with backoff, a client error never", async () => {
    umamiEvents.length = 0;
    collectorScript.push(503, 502);
    const page = await freshPage(browser);
    await openWithClock(page, `${ORIGIN}/terms`);
    await page.clock.runFor(260);
    await expect.poll(() => umamiEvents.length).toBe(1);
    // The retry's timer starts when the browser has the 503, which may be after the collector
    // counted the request: the clock moves on in steps until each retry comes (one CI run moved
    // it once, before the timer existed, and waited in vain). The delays are umami.test.ts's.
    await advanceUntilEvents(page, 2, 250);
    await advanceUntilEvents(page, 3, 250);
    await page.clock.runFor(60_000);
    // The third answer was 200: nothing more.
    expect(umamiEvents).toHaveLength(3);

    umamiEvents.length = 0;
    collectorScript.push(400);
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    await advanceUntilEvents(page, 1);
    await page.clock.runFor(60_000);
    expect(umamiEvents).toHaveLength(1);
    await page.context().close();
  });
});

test("Umami sends nothing on localhost, on another domain, or when local storage holds umami.disabled", async ({
  browser,
}) => {
  for (const [name, url, setup] of [
    ["on localhost", `http://127.0.0.1:${PORT}/terms`, undefined],
    ["on another domain", `http://other.test:${PORT}/terms`, undefined],
    ["when local storage holds umami.disabled", `${ORIGIN}/terms`, "disable"],
  ] as const) {
    await test.step(`nothing ${name}`, async () => {
      umamiEvents.length = 0;
      const page = await freshPage(browser);
      if (setup === "disable") {
        await page.goto(`${ORIGIN}/api/health`);
        await page.evaluate(() => window.localStorage.setItem("umami.disabled", "1"));
      }
      await openWithClock(page, url);
      await page.clock.runFor(2_000);
      // The control: the same browser on the configured domain is counted.
      await page.evaluate(() => window.localStorage.removeItem("umami.disabled"));
      await openWithClock(page, `${ORIGIN}/privacy`);
      await page.clock.runFor(300);
      await expect.poll(() => umamiEvents.length).toBe(1);
      expect(umamiEvents[0]?.body).toMatchObject({ payload: { url: "/privacy" } });
      await page.context().close();
    });
  }
});

test("PostHog: through this origin's proxy, never card-like text or secret fields; its distinct id is the signed-in person's, reset on signing out", async ({
  page,
}) => {
  await test.step("through this origin's proxy; no card-like text, no secret field", async () => {
    const direct: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(posthog.origin)) direct.push(request.url());
    });
    await page.goto(`${ORIGIN}/terms`);
    await page.waitForSelector("html[data-hydrated]");
    // posthog-js is a chunk of its own, loaded only because it is configured.
    await expect.poll(() => posthogEvents.some((e) => e.body.event === "$pageview")).toBe(true);
    expect(posthog.requests.length).toBeGreaterThan(0);
    expect(direct).toEqual([]);

    await page.evaluate(() => {
      const button = document.createElement("button");
      button.textContent = "Pay with 4242 4242 4242 4242";
      button.id = "pay";
      const input = document.createElement("input");
      input.name = "card-number";
      input.id = "card";
      const secret = document.createElement("input");
      secret.type = "password";
      secret.id = "pw";
      const done = document.createElement("button");
      done.textContent = "Done here";
      done.id = "done";
      document.querySelector("main")?.append(button, input, secret, done);
    });
    const clicked = (text: string) =>
      posthogEvents.some((e) => e.body.event === "$autocapture" && e.raw.includes(text));
    // posthog-js starts autocapture when its remote config arrives (onRemoteConfig), which may be
    // after the page view: a CI run on a loaded machine clicked once, and in 10 s only the page
    // view was sent. So click until a click is seen. Earlier tests' events are in the list too,
    // hence the buttons' own texts.
    await expect
      .poll(
        async () => {
          if (!clicked("Pay with")) await page.click("#pay");
          return clicked("Pay with");
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(true);
    await page.click("#card");
    await page.fill("#card", "4111111111111111");
    await page.click("#pw");
    // posthog-js sends its queue in order: once this last click is here, so is all of the above.
    await page.click("#done");
    await expect.poll(() => clicked("Done here"), { timeout: 30_000 }).toBe(true);
    const all = posthogEvents.map((e) => e.raw).join("\n");
    expect(all).not.toMatch(/4242 4242|4111111111111111/);
    expect(all).toContain("Pay with [redacted]");
    expect(all).not.toMatch(/card-number|type=\\?"password/);
  });

  await test.step("the distinct id is the signed-in person's id; signing out resets it", async () => {
    // Only this step's events: an earlier page view of /privacy (another id) would pass below.
    posthogEvents.length = 0;
    await page.goto(`${ORIGIN}/register`);
    await page.waitForSelector("html[data-hydrated]");
    const email = `ph-${Date.now()}@example.test`;
    const PASSWORD = "correct horse battery";
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    // Sign-up opens no session (decision 0065): sign in after it.
    await page.goto(`${ORIGIN}/login`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/hub`);
    const me = await page.evaluate(
      async () =>
        (await (await fetch("/api/v1/me")).json()) as { id?: string; user?: { id: string } },
    );
    const userId = me.user?.id ?? me.id;
    expect(userId).toBeTruthy();
    await expect
      .poll(() =>
        posthogEvents.some((e) => e.body.event === "$identify" && hasDistinctId(e, userId)),
      )
      .toBe(true);

    await page.getByTestId("account-menu").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/`);
    // The next page seen signed out belongs to a fresh anonymous id.
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    const privacyView = () =>
      posthogEvents.find(
        (e) =>
          e.body.event === "$pageview" &&
          (e.body.properties as { $pathname?: string } | undefined)?.$pathname === "/privacy",
      );
    await expect.poll(() => privacyView() !== undefined).toBe(true);
    const anonymous = privacyView();
    expect(anonymous && hasDistinctId(anonymous, userId)).toBe(false);
  });
});

function hasDistinctId(event: Collected, id: string | undefined): boolean {
  const properties = event.body.properties as { distinct_id?: string } | undefined;
  return (properties?.distinct_id ?? (event.body as { distinct_id?: string }).distinct_id) === id;
}
