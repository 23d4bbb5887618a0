import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, toPublicEnv } from "../env.ts";
import { catalogueFromEnv } from "./index.ts";

const pro = {
  id: "pro",
  name: "Pro",
  stripePriceId: "price_pro",
  price: { amountMinor: 400, currency: "EUR", interval: "month" },
  maxWatches: 1000,
  minCheckIntervalMinutes: 15,
};
const keys = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};

function issuesOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.issues;
    throw error;
  }
  return [];
}

describe("plans", () => {
  it("the free plan is the instance's defaults, and the only plan without PLANS", () => {
    const catalogue = catalogueFromEnv(
      parseEnv({ MAX_WATCHES_PER_USER: "7", MIN_CHECK_INTERVAL_MINUTES: "90" }),
    );
    expect(catalogue.free).toEqual({
      id: "free",
      name: "Free",
      maxWatches: 7,
      minIntervalMinutes: 90,
      maxChannels: 20,
    });
    expect(catalogue.paid).toEqual([]);
    expect(catalogue.byId("pro")).toBe(catalogue.free);
  });

  it("a paid plan's limits left out are the free plan's", () => {
    const catalogue = catalogueFromEnv(
      parseEnv({ PLANS: JSON.stringify([pro]), MAX_CHANNELS_PER_USER: "3" }),
    );
    expect(catalogue.byId("pro")).toMatchObject({
      maxWatches: 1000,
      minIntervalMinutes: 15,
      maxChannels: 3,
    });
    expect(catalogue.byStripePrice("price_pro")?.id).toBe("pro");
    expect(catalogue.byStripePrice("price_other")).toBeUndefined();
    // A plan the operator removed since counts as free.
    expect(catalogue.byId("gold").id).toBe("free");
  });

  it("refuses bad PLANS with a message naming the plan's field", () => {
    expect(issuesOf({ PLANS: "not json" })[0]).toMatch(/^PLANS: must be a JSON array/);
    expect(issuesOf({ PLANS: JSON.stringify([{ ...pro, id: "free" }]) })[0]).toMatch(
      /\[0\.id\].*built-in free plan/,
    );
    expect(issuesOf({ PLANS: JSON.stringify([pro, pro]) }).join()).toMatch(/repeats pro/);
    expect(
      issuesOf({
        PLANS: JSON.stringify([{ ...pro, price: { amountMinor: 4.5, currency: "EUR" } }]),
      }).length,
    ).toBeGreaterThan(0);
    expect(issuesOf({ PLANS: JSON.stringify([{ ...pro, stripePriceId: "pro" }]) })[0]).toMatch(
      /price_/,
    );
  });

  it("Stripe's three keys go together, and need a paid plan", () => {
    expect(issuesOf({ STRIPE_SECRET_KEY: "sk_test_abc" }).join("\n")).toMatch(
      /STRIPE_PUBLISHABLE_KEY: is required[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(issuesOf(keys)).toEqual([expect.stringMatching(/^PLANS: needs at least one paid plan/)]);
    expect(issuesOf({ ...keys, STRIPE_SECRET_KEY: "pk_test_abc" })[0]).toMatch(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it("the browser learns only the publishable key, and only with billing on", () => {
    expect(toPublicEnv(parseEnv({ PLANS: JSON.stringify([pro]) })).billing).toBeUndefined();
    const shown = toPublicEnv(parseEnv({ ...keys, PLANS: JSON.stringify([pro]) }));
    expect(shown.billing).toEqual({ stripePublishableKey: "pk_test_abc" });
    expect(JSON.stringify(shown)).not.toContain("sk_test");
    expect(JSON.stringify(shown)).not.toContain("whsec");
  });
});
