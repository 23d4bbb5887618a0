import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { billingCspSourcesFor, operatorCspSources, UPGRADE_PATH } from "./csp-sources.ts";

describe("operatorCspSources", () => {
  it("adds nothing on an instance without outside services", () => {
    expect(operatorCspSources(parseEnv({}))).toEqual({ scriptSrc: [], connectSrc: [] });
  });

  it("lets the browser reach the analytics collector, and nothing else", () => {
    const env = parseEnv({
      ANALYTICS_HOST: "https://stats.example.org/x",
      ANALYTICS_WEBSITE_ID: "s",
    });
    expect(operatorCspSources(env)).toEqual({
      scriptSrc: [],
      connectSrc: ["https://stats.example.org"],
    });
  });

  it("allows PostHog Cloud's host and its assets host when the browser talks to it directly", () => {
    const env = parseEnv({ POSTHOG_KEY: "phc", POSTHOG_HOST: "https://eu.i.posthog.com" });
    expect(operatorCspSources(env)).toEqual({
      scriptSrc: ["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"],
      connectSrc: ["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"],
    });
  });

  it("needs no outside origin for PostHog behind the proxy", () => {
    const env = parseEnv({
      POSTHOG_KEY: "phc",
      POSTHOG_HOST: "https://eu.i.posthog.com",
      POSTHOG_PROXY: "true",
    });
    expect(operatorCspSources(env)).toEqual({ scriptSrc: [], connectSrc: [] });
  });
});

describe("billingCspSourcesFor", () => {
  const billing = {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    PLANS: JSON.stringify([
      {
        id: "pro",
        name: "Pro",
        stripePriceId: "price_pro",
        price: { amountMinor: 400, currency: "EUR", interval: "month" },
      },
    ]),
  };

  it("admits Stripe's script on the upgrade page only, and only with Stripe's keys", () => {
    const forPath = billingCspSourcesFor(parseEnv(billing));
    expect(forPath(UPGRADE_PATH)?.scriptSrc).toEqual(["https://js.stripe.com"]);
    expect(forPath(`${UPGRADE_PATH}/`)?.scriptSrc).toEqual(["https://js.stripe.com"]);
    for (const path of ["/", "/user", "/hub", "/user/upgrade-other", "/privacy"])
      expect(forPath(path)?.scriptSrc).toBeUndefined();
    expect(forPath("/user")?.formAction).toEqual(["https://billing.stripe.com"]);
    const keyless = billingCspSourcesFor(parseEnv({ PLANS: billing.PLANS }));
    expect(keyless(UPGRADE_PATH)).toBeUndefined();
    expect(keyless("/user")).toBeUndefined();
  });
});
