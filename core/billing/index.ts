import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { getPlanLimits } from "./account-plan.ts";
import { type PlanCatalogue, type PlanLimits, planCatalogue } from "./plans.ts";
import type { StripeGateway } from "./stripe-gateway.ts";

/** Plans and payments as one process uses them (server/services.ts builds it once). */
export type Billing = {
  catalogue: PlanCatalogue;
  /** Present only with Stripe's keys and PLANS: the plan UI and the webhook exist only then. */
  stripe: StripeGateway | undefined;
  /** The limits that apply to the owner now: their plan's, or the free plan's. */
  limitsFor(userId: string): Promise<PlanLimits>;
};

export function catalogueFromEnv(env: Env): PlanCatalogue {
  return planCatalogue({
    freeLimits: {
      maxWatches: env.MAX_WATCHES_PER_USER,
      minIntervalMinutes: env.MIN_CHECK_INTERVAL_MINUTES,
      maxChannels: env.MAX_CHANNELS_PER_USER,
    },
    paid: env.PLANS ?? [],
  });
}

export function createBilling(options: {
  db: Db;
  catalogue: PlanCatalogue;
  stripe: StripeGateway | undefined;
}): Billing {
  const { db, catalogue, stripe } = options;
  return { catalogue, stripe, limitsFor: (userId) => getPlanLimits(db, catalogue, userId) };
}
