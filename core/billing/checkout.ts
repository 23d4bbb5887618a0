import { z } from "zod";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { getAccountPlan } from "./account-plan.ts";
import { FREE_PLAN_ID, type PlanCatalogue } from "./plans.ts";
import type { StripeGateway } from "./stripe-gateway.ts";

/** The upgrade form: which paid plan. */
export const CheckoutInput = z.object({
  planId: z.string().trim().min(1, "Choose a plan.").max(40),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

export type BillingDeps = {
  db: Db;
  catalogue: PlanCatalogue;
  stripe: StripeGateway;
  publicUrl: string;
};

/**
 * Starts Stripe Checkout for the owner's upgrade: the session names the account
 * (client_reference_id and metadata) so the webhook knows whose plan to change. Returns the
 * address to send the browser to.
 */
export async function startCheckout(
  deps: BillingDeps,
  owner: { id: string; email: string },
  input: CheckoutInput,
): Promise<{ url: string }> {
  const plan = deps.catalogue.paid.find((p) => p.id === input.planId);
  if (!plan?.stripePriceId)
    throw new AppError("validation_failed", "There is no such plan.", {
      fields: [{ field: "planId", message: "Choose one of the plans shown." }],
    });
  const current = await getAccountPlan(deps.db, deps.catalogue, owner.id);
  if (current.plan.id === plan.id)
    throw new AppError("conflict", `You are on the ${plan.name} plan already.`);
  if (current.plan.id !== FREE_PLAN_ID)
    throw new AppError("conflict", "Change or cancel your plan under Manage billing.");
  const session = await deps.stripe.createCheckoutSession({
    priceId: plan.stripePriceId,
    userId: owner.id,
    planId: plan.id,
    customerId: current.stripeCustomerId,
    email: owner.email,
    successUrl: `${deps.publicUrl}/user?billing=done`,
    cancelUrl: `${deps.publicUrl}/user/upgrade`,
  });
  return { url: session.url };
}

/** Opens the owner's Stripe customer portal (invoices, card, cancel). */
export async function openBillingPortal(
  deps: BillingDeps,
  ownerId: string,
): Promise<{ url: string }> {
  const current = await getAccountPlan(deps.db, deps.catalogue, ownerId);
  if (!current.stripeCustomerId)
    throw new AppError("not_found", "There is no billing account for you yet.");
  return deps.stripe.createPortalSession({
    customerId: current.stripeCustomerId,
    returnUrl: `${deps.publicUrl}/user`,
  });
}
