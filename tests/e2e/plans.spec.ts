import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Stripe from "stripe";
import type { PaidPlanInput } from "../../core/billing/plans.ts";
import {
  billingEnvFor,
  type StripeStandIn,
  startStripeStandIn,
} from "../helpers/stripe-stand-in.ts";
import { startAppProcess } from "./app-process.ts";
import { PASSWORD, uniqueEmail } from "./helpers.ts";

/**
 * Plans and card payments (issue #17). A second app process has Stripe's keys and talks to a
 * stand-in of Stripe's API on loopback; Stripe.js itself is answered by the test (the browser
 * never leaves). The shared server has no keys: that it loads no Stripe code is checked in
 * operator-defaults.spec.ts. What the server renders (the plan on the account page, the upgrade
 * page and its CSP, the privacy page) is in app/operator-settings-pages.db.test.ts, and the
 * webhook's signatures and events in server/api/billing.db.test.ts.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 70;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = "whsec_e2e_dropwave_plans";
const PLANS: PaidPlanInput[] = [
  {
    id: "pro",
    name: "Pro",
    stripePriceId: "price_e2e_pro",
    price: { amountMinor: 500, currency: "EUR", interval: "month" },
    maxWatches: 500,
    minCheckIntervalMinutes: 15,
    maxChannels: 40,
  },
];

let standIn: StripeStandIn;
let app: Awaited<ReturnType<typeof startAppProcess>>;

test.beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await startAppProcess({
    port: PORT,
    publicUrl: ORIGIN,
    env: billingEnvFor(standIn, { webhookSecret: WEBHOOK_SECRET, plans: PLANS }),
  });
});

test.afterAll(async () => {
  await app?.stop();
  await standIn?.close();
});

/** Every script the page loaded, with its body. */
function recordScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: response.url(), body: response.text().catch(() => "") });
  });
  return scripts;
}

async function stripeCodeIn(scripts: { url: string; body: Promise<string> }[]) {
  const found: string[] = [];
  for (const script of scripts) {
    if (script.url.includes("js.stripe.com") || (await script.body).includes("js.stripe.com"))
      found.push(script.url);
  }
  return found;
}

/** Stripe.js as the test serves it: a stand-in that records that it ran. */
async function serveStripeJs(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route("https://js.stripe.com/**", (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      contentType: "text/javascript",
      body: "window.Stripe = function () { return { elements: function () { return {}; } }; }; window.Stripe.version = 3;",
    });
  });
  return requested;
}

async function registerOn(page: Page, email: string): Promise<void> {
  await page.goto(`${ORIGIN}/register`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  // Sign-up opens no session (decision 0065): sign in after it.
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/hub`);
}

/** The build's chunks that hold Stripe's loader, and those that import it with import(). */
function stripeChunks() {
  const dir = "build/client/assets";
  const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
  const withStripe = files.filter((f) =>
    readFileSync(path.join(dir, f), "utf8").includes("js.stripe.com"),
  );
  // React Router's manifest lists every route's static imports; the chunk must be in none.
  const manifest = files.find((f) => f.startsWith("manifest-"));
  const isInManifest =
    manifest !== undefined &&
    withStripe.some((chunk) => readFileSync(path.join(dir, manifest), "utf8").includes(chunk));
  const name = (withStripe[0] ?? "none").replaceAll(".", "\\.");
  const staticImport = new RegExp(`(?:from\\s*|import\\s*)["'\`]\\./${name}["'\`]`);
  const dynamicImport = new RegExp(`import\\(["'\`]\\./${name}["'\`]\\)`);
  const importers = files.filter((f) => f !== withStripe[0]);
  const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
  return {
    withStripe,
    manifest,
    isInManifest,
    staticImporters: importers.filter((f) => staticImport.test(read(f))),
    dynamicImporters: importers.filter((f) => dynamicImport.test(read(f))),
  };
}

test("a paid plan: Stripe's code only on the upgrade page, Checkout at Stripe, the plan applied by the webhook, Manage billing opens the portal", async ({
  page,
}) => {
  await test.step("the build keeps Stripe's code in one lazy chunk that no page imports up front", () => {
    const chunks = stripeChunks();
    expect(chunks.withStripe).toEqual([expect.stringMatching(/^stripe-js-[\w-]+\.js$/)]);
    expect(chunks.manifest).toBeDefined();
    expect(chunks.isInManifest).toBe(false);
    expect(chunks.staticImporters).toEqual([]);
    // The upgrade page's chunk loads it with import() when it is shown.
    expect(chunks.dynamicImporters).toEqual([expect.stringMatching(/^user-upgrade-/)]);
  });

  const scripts = recordScripts(page);
  const requested = await serveStripeJs(page);
  await registerOn(page, uniqueEmail("upgrade"));
  const me = (await (await page.request.get(`${ORIGIN}/api/v1/me`)).json()) as { id: string };

  await test.step("the account page loads no Stripe code; Upgrade loads the upgrade page in full, with Stripe.js", async () => {
    await page.goto(`${ORIGIN}/user`);
    await page.waitForSelector("html[data-hydrated]");
    await expect(page.getByTestId("current-plan")).toHaveText("You are on the Free plan.");
    expect(requested).toEqual([]);
    expect(await stripeCodeIn(scripts)).toEqual([]);
    const upgradeResponse = page.waitForResponse(`${ORIGIN}/user/upgrade`);
    await page.getByRole("link", { name: "Upgrade" }).click();
    const upgrade = await upgradeResponse;
    // A document, so that the page gets the CSP that allows Stripe.js (none other does).
    expect(upgrade.request().resourceType()).toBe("document");
    await expect(page.locator("[data-stripe]")).toHaveAttribute("data-stripe", "ready");
    expect(requested).toEqual(["https://js.stripe.com/v3"]);
    expect((await stripeCodeIn(scripts)).length).toBeGreaterThan(0);
    await expect(page.getByText("€5.00 a month")).toBeVisible();
  });

  await test.step("leaving the upgrade page loads the next page in full: Stripe's code does not follow", async () => {
    expect(await page.evaluate(() => typeof (window as { Stripe?: unknown }).Stripe)).toBe(
      "function",
    );
    await page.getByRole("link", { name: "Back to your account" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/user`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.evaluate(() => typeof (window as { Stripe?: unknown }).Stripe)).toBe(
      "undefined",
    );
  });

  await test.step("Upgrade to Pro goes to Checkout, for this account and the plan's price", async () => {
    await page.goto(`${ORIGIN}/user/upgrade`);
    await expect(page.locator("[data-stripe]")).toHaveAttribute("data-stripe", "ready");
    const before = standIn.calls.length;
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await expect(page).toHaveURL(new RegExp(`^${standIn.origin}/pay/cs_test_\\d+$`));
    const call = standIn.calls.slice(before).find((c) => c.path === "/v1/checkout/sessions");
    expect(call?.body.get("line_items[0][price]")).toBe("price_e2e_pro");
    expect(call?.body.get("client_reference_id")).toBe(me.id);
  });

  await test.step("Stripe's signed webhook applies the plan; Manage billing opens the portal", async () => {
    const payload = JSON.stringify({
      id: `evt_e2e_${Date.now()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: "checkout.session",
          mode: "subscription",
          client_reference_id: me.id,
          customer: "cus_e2e_webhook",
          subscription: "sub_e2e_webhook",
          metadata: { userId: me.id, planId: "pro" },
        },
      },
    });
    const signed = await fetch(`${ORIGIN}/api/billing/stripe-webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
    expect(await signed.json()).toEqual({ received: true, outcome: "applied" });
    await page.goto(`${ORIGIN}/user`);
    await page.waitForSelector("html[data-hydrated]");
    await expect(page.getByTestId("current-plan")).toHaveText(
      "You are on the Pro plan (€5.00 a month).",
    );
    await page.getByRole("button", { name: "Manage billing" }).click();
    await expect(page).toHaveURL(`${standIn.origin}/portal/cus_e2e_webhook`);
  });
});
