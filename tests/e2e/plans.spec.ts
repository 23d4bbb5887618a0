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
import { PASSWORD, register, uniqueEmail } from "./helpers.ts";

/**
 * Plans and card payments (issue #17). The shared server has no Stripe keys: no plan UI and
 * no Stripe code anywhere. A second app process has keys and talks to a stand-in of Stripe's
 * API on loopback; Stripe.js itself is answered by the test (the browser never leaves).
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

test("without Stripe's keys: no plan UI, no upgrade page, no Stripe code on any page", async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const requested = await serveStripeJs(page);
  await register(page, uniqueEmail("nokeys"));
  await page.goto("/user");
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Plan" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Upgrade" })).toHaveCount(0);
  const upgrade = await page.goto("/user/upgrade");
  expect(upgrade?.status()).toBe(404);
  expect(upgrade?.headers()["content-security-policy"]).not.toContain("stripe");
  await page.goto("/privacy");
  await expect(page.getByTestId("disclosure-payments")).toHaveCount(0);
  expect(requested).toEqual([]);
  expect(await stripeCodeIn(scripts)).toEqual([]);
  const webhook = await page.request.post("/api/billing/stripe-webhook", { data: {} });
  expect(webhook.status()).toBe(404);
});

test("the build keeps Stripe's code in one lazy chunk that no page imports up front", () => {
  const dir = "build/client/assets";
  const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
  const withStripe = files.filter((f) =>
    readFileSync(path.join(dir, f), "utf8").includes("js.stripe.com"),
  );
  expect(withStripe).toEqual([expect.stringMatching(/^stripe-js-[\w-]+\.js$/)]);
  // React Router's manifest lists every route's static imports; the chunk is in none of them.
  const manifest = files.find((f) => f.startsWith("manifest-"));
  expect(manifest).toBeDefined();
  expect(readFileSync(path.join(dir, manifest!), "utf8")).not.toContain(withStripe[0]);
  // No chunk imports it statically (`from "./stripe-js-….js"`); the upgrade page's loads it
  // with import() when it is shown.
  const name = withStripe[0]!.replaceAll(".", "\\.");
  const staticImport = new RegExp(`(?:from\\s*|import\\s*)["'\`]\\./${name}["'\`]`);
  const dynamicImport = new RegExp(`import\\(["'\`]\\./${name}["'\`]\\)`);
  const importers = files.filter((f) => f !== withStripe[0]);
  for (const file of importers)
    expect(readFileSync(path.join(dir, file), "utf8")).not.toMatch(staticImport);
  const dynamic = importers.filter((f) =>
    dynamicImport.test(readFileSync(path.join(dir, f), "utf8")),
  );
  expect(dynamic).toEqual([expect.stringMatching(/^user-upgrade-/)]);
});

test("with keys: Stripe's script only on the upgrade page, then Checkout from the stand-in", async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const requested = await serveStripeJs(page);
  await registerOn(page, uniqueEmail("upgrade"));
  const account = await page.goto(`${ORIGIN}/user`);
  await page.waitForSelector("html[data-hydrated]");
  expect(account?.headers()["content-security-policy"]).not.toContain("js.stripe.com");
  await expect(page.getByTestId("current-plan")).toHaveText("You are on the Free plan.");
  expect(requested).toEqual([]);
  expect(await stripeCodeIn(scripts)).toEqual([]);

  const upgradeResponse = page.waitForResponse(`${ORIGIN}/user/upgrade`);
  await page.getByRole("link", { name: "Upgrade" }).click();
  const upgrade = await upgradeResponse;
  expect(upgrade.request().resourceType()).toBe("document");
  expect(upgrade.headers()["content-security-policy"]).toMatch(
    /script-src [^;]*https:\/\/js\.stripe\.com/,
  );
  await expect(page.locator("[data-stripe]")).toHaveAttribute("data-stripe", "ready");
  expect(requested).toEqual(["https://js.stripe.com/v3"]);
  expect((await stripeCodeIn(scripts)).length).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Pro" })).toBeVisible();
  await expect(page.getByText("€5.00 a month")).toBeVisible();

  const me = (await (await page.request.get(`${ORIGIN}/api/v1/me`)).json()) as {
    id: string;
  };
  const before = standIn.calls.length;
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.origin}/pay/cs_test_\\d+$`));
  const call = standIn.calls.slice(before).find((c) => c.path === "/v1/checkout/sessions");
  expect(call?.body.get("line_items[0][price]")).toBe("price_e2e_pro");
  expect(call?.body.get("client_reference_id")).toBe(me.id);
});

test("leaving the upgrade page loads the next page in full: Stripe's code does not follow", async ({
  page,
}) => {
  await serveStripeJs(page);
  await registerOn(page, uniqueEmail("leave"));
  await page.goto(`${ORIGIN}/user/upgrade`);
  await expect(page.locator("[data-stripe]")).toHaveAttribute("data-stripe", "ready");
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

test("a signed webhook changes the plan; Manage billing opens the portal", async ({ page }) => {
  await registerOn(page, uniqueEmail("webhook"));
  const me = (await (await page.request.get(`${ORIGIN}/api/v1/me`)).json()) as {
    id: string;
  };
  const userId = me.id;
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: userId,
        customer: "cus_e2e_webhook",
        subscription: "sub_e2e_webhook",
        metadata: { userId, planId: "pro" },
      },
    },
  });
  const send = (signature: string) =>
    fetch(`${ORIGIN}/api/billing/stripe-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
  const forged = await send(
    Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" }),
  );
  expect(forged.status).toBe(400);
  await page.goto(`${ORIGIN}/user`);
  await expect(page.getByTestId("current-plan")).toHaveText("You are on the Free plan.");

  const signed = await send(
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  );
  expect(signed.status).toBe(200);
  expect(await signed.json()).toEqual({ received: true, outcome: "applied" });
  await page.goto(`${ORIGIN}/user`);
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByTestId("current-plan")).toHaveText(
    "You are on the Pro plan (€5.00 a month).",
  );
  await expect(page.getByText("Checks as often as every 15 minutes")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade" })).toHaveCount(0);

  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(`${standIn.origin}/portal/cus_e2e_webhook`);
});

test("the privacy page names Stripe when it is configured", async ({ page }) => {
  await page.goto(`${ORIGIN}/privacy`);
  await expect(page.getByTestId("disclosure-payments")).toContainText("Card payments (Stripe)");
});
