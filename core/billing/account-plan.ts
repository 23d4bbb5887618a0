import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accountPlan } from "../db/schema/index.ts";
import type { Plan, PlanCatalogue, PlanLimits } from "./plans.ts";

/** Stripe statuses in which the subscription's plan applies (past_due: Stripe is retrying). */
const PAYING_STATUSES = new Set(["active", "trialing", "past_due"]);

export type AccountPlan = {
  plan: Plan;
  status: string | null;
  /** Set once the person went through Checkout: "Manage billing" opens their portal. */
  stripeCustomerId: string | null;
};

/** The owner's plan: their row's plan while the subscription is paying, else the free plan. */
export async function getAccountPlan(
  db: Db,
  catalogue: PlanCatalogue,
  userId: string,
): Promise<AccountPlan> {
  if (catalogue.paid.length === 0)
    return { plan: catalogue.free, status: null, stripeCustomerId: null };
  const [row] = await db
    .select({
      planId: accountPlan.planId,
      status: accountPlan.status,
      stripeCustomerId: accountPlan.stripeCustomerId,
    })
    .from(accountPlan)
    .where(eq(accountPlan.userId, userId));
  if (!row) return { plan: catalogue.free, status: null, stripeCustomerId: null };
  const plan = PAYING_STATUSES.has(row.status) ? catalogue.byId(row.planId) : catalogue.free;
  return { plan, status: row.status, stripeCustomerId: row.stripeCustomerId };
}

/** The limits that apply to the owner now (the free plan's without plans: no query). */
export async function getPlanLimits(
  db: Db,
  catalogue: PlanCatalogue,
  userId: string,
): Promise<PlanLimits> {
  const { plan } = await getAccountPlan(db, catalogue, userId);
  return {
    maxWatches: plan.maxWatches,
    minIntervalMinutes: plan.minIntervalMinutes,
    maxChannels: plan.maxChannels,
  };
}
