import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { thirdPartyDisclosures } from "./disclosures.ts";

describe("thirdPartyDisclosures", () => {
  it("is empty on an instance with no outside service configured", () => {
    expect(thirdPartyDisclosures(parseEnv({}))).toEqual([]);
  });

  it("names the analytics collector and what it receives", () => {
    const [web] = thirdPartyDisclosures(
      parseEnv({ ANALYTICS_HOST: "https://stats.example.org", ANALYTICS_WEBSITE_ID: "abc" }),
    );
    expect(web).toMatchObject({ id: "web-analytics", recipient: "stats.example.org" });
    expect(web?.collected.join(" ")).toMatch(/screen size/);
  });

  it("says whether PostHog sees the visitor's address, from the proxy setting", () => {
    const direct = thirdPartyDisclosures(
      parseEnv({ POSTHOG_KEY: "phc_1", POSTHOG_HOST: "https://eu.i.posthog.com" }),
    );
    expect(direct[0]?.notes.join(" ")).toMatch(/sees your IP address/);
    const proxied = thirdPartyDisclosures(
      parseEnv({
        POSTHOG_KEY: "phc_1",
        POSTHOG_HOST: "https://eu.i.posthog.com",
        POSTHOG_PROXY: "true",
      }),
    );
    expect(proxied[0]?.notes.join(" ")).toMatch(/not yours/);
  });

  it("leaves a disabled PostHog out", () => {
    const env = parseEnv({
      POSTHOG_KEY: "phc_1",
      POSTHOG_HOST: "https://eu.i.posthog.com",
      POSTHOG_DISABLED: "true",
    });
    expect(thirdPartyDisclosures(env)).toEqual([]);
  });
});

describe("payments disclosure", () => {
  it("mentions Stripe only when its keys are set", () => {
    const PLANS = JSON.stringify([
      {
        id: "pro",
        name: "Pro",
        stripePriceId: "price_pro",
        price: { amountMinor: 400, currency: "EUR", interval: "month" },
      },
    ]);
    expect(thirdPartyDisclosures(parseEnv({ PLANS }))).toEqual([]);
    const [payments] = thirdPartyDisclosures(
      parseEnv({
        PLANS,
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_PUBLISHABLE_KEY: "pk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }),
    );
    expect(payments).toMatchObject({ id: "payments", recipient: "Stripe (stripe.com)" });
    expect(payments?.collected.join(" ")).toMatch(/upgrade page only/);
  });
});
