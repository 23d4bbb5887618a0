import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaidPlanInput } from "../core/billing/plans.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { pageDocument } from "../tests/helpers/page-html.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";
import {
  billingEnvFor,
  type StripeStandIn,
  startStripeStandIn,
} from "../tests/helpers/stripe-stand-in.ts";

/**
 * The pages as the operator's settings make them: the privacy page names what each configured
 * outside service receives, and the plan UI is there only with Stripe's keys. What needs a
 * browser (Stripe's script only on the upgrade page, Checkout, the portal, no request leaving
 * the origin) stays in tests/e2e/plans.spec.ts and operator-defaults.spec.ts.
 */

const database = setupTestDatabase();
const pages = setupPageRoutes();
const WEBHOOK_SECRET = "whsec_pages_dropwave";
const PLANS: PaidPlanInput[] = [
  {
    id: "pro",
    name: "Pro",
    stripePriceId: "price_pages_pro",
    price: { amountMinor: 500, currency: "EUR", interval: "month" },
    maxWatches: 500,
    minCheckIntervalMinutes: 15,
    maxChannels: 40,
  },
];
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
});

async function app(env: Record<string, string> = {}) {
  return pages.testApp.createTestApp(database.current, { pageHandler: pages.pageHandler, env });
}

const byTestId = (document: Document, id: string) =>
  document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\s+/g, " ") ?? null;
const headings = (document: Document) =>
  [...document.querySelectorAll("h1, h2, h3")].map((h) => h.textContent?.trim());
const links = (document: Document) =>
  [...document.querySelectorAll("a")].map((a) => a.textContent?.trim());

describe("an instance with none of the operator's settings", () => {
  it("says on the privacy page that nothing goes elsewhere", async () => {
    const { request } = await app();
    const document = await pageDocument(await request("/privacy"));
    expect(byTestId(document, "no-third-parties")).toContain("sends nothing about your visits");
    expect(document.querySelector("[data-testid^=disclosure-]")).toBeNull();
  });

  it("has no plan on the account page, no upgrade page and no webhook endpoint", async () => {
    const { request } = await app();
    const person = await pages.testApp.createPerson(request);
    const account = await pageDocument(await request("/user", { cookie: person.cookie }));
    expect(headings(account)).toContain("Account settings");
    expect(headings(account)).not.toContain("Plan");
    expect(links(account)).not.toContain("Upgrade");
    const upgrade = await request("/user/upgrade", { cookie: person.cookie });
    expect(upgrade.status).toBe(404);
    expect(upgrade.headers.get("content-security-policy")).not.toContain("stripe");
    const webhook = await request("/api/billing/stripe-webhook", { body: {} });
    expect(webhook.status).toBe(404);
  });
});

describe("an instance with analytics and Stripe's keys", () => {
  const env = () => ({
    ANALYTICS_HOST: "https://stats.example",
    ANALYTICS_WEBSITE_ID: "5f3c0a1e-test-site",
    POSTHOG_KEY: "phc_standin",
    POSTHOG_HOST: "https://eu.posthog.example",
    POSTHOG_PROXY: "true",
    ...billingEnvFor(standIn, { webhookSecret: WEBHOOK_SECRET, plans: PLANS }),
  });

  it("names each outside service, and what it receives, on the privacy page", async () => {
    const { request } = await app(env());
    const document = await pageDocument(await request("/privacy"));
    expect(byTestId(document, "no-third-parties")).toBeNull();
    expect(byTestId(document, "disclosure-web-analytics")).toContain("received by stats.example");
    expect(byTestId(document, "disclosure-product-analytics")).toContain(
      "PostHog sees this server's address, not yours",
    );
    expect(byTestId(document, "disclosure-payments")).toContain("Card payments (Stripe)");
  });

  it("offers the plans: Free on the account page, Pro on the upgrade page, whose CSP alone allows Stripe.js", async () => {
    const { request } = await app(env());
    const person = await pages.testApp.createPerson(request);
    const accountResponse = await request("/user", { cookie: person.cookie });
    expect(accountResponse.headers.get("content-security-policy")).not.toContain("js.stripe.com");
    const account = await pageDocument(accountResponse);
    expect(byTestId(account, "current-plan")).toBe("You are on the Free plan.");
    expect(account.querySelector('a[href="/user/upgrade"]')?.textContent).toBe("Upgrade");

    const upgrade = await request("/user/upgrade", { cookie: person.cookie });
    expect(upgrade.status).toBe(200);
    expect(upgrade.headers.get("content-security-policy")).toMatch(
      /script-src [^;]*https:\/\/js\.stripe\.com/,
    );
    const document = await pageDocument(upgrade);
    expect(headings(document)).toContain("Pro");
    expect(document.body.textContent).toContain("€5.00 a month");
  });

  it("shows the paid plan, its limits and Manage billing once Stripe's webhook says it is paid", async () => {
    const { request } = await app(env());
    const person = await pages.testApp.createPerson(request);
    const me = (await (await request("/api/v1/me", { headers: person.auth })).json()) as {
      id: string;
    };
    const payload = JSON.stringify({
      id: "evt_pages_1",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: "checkout.session",
          mode: "subscription",
          client_reference_id: me.id,
          customer: "cus_pages",
          subscription: "sub_pages",
          metadata: { userId: me.id, planId: "pro" },
        },
      },
    });
    const applied = await request("/api/billing/stripe-webhook", {
      method: "POST",
      rawBody: payload,
      headers: {
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    expect(applied.status).toBe(200);
    const account = await pageDocument(await request("/user", { cookie: person.cookie }));
    expect(byTestId(account, "current-plan")).toBe("You are on the Pro plan (€5.00 a month).");
    expect(account.body.textContent).toContain("Checks as often as every 15 minutes");
    expect(links(account)).not.toContain("Upgrade");
    const buttons = [...account.querySelectorAll("button")].map((b) => b.textContent?.trim());
    expect(buttons).toContain("Manage billing");
  });
});
