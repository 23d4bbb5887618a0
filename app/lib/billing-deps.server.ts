import type { BillingDeps } from "../../core/billing/checkout.ts";
import type { StripeGateway } from "../../core/billing/stripe-gateway.ts";
import type { AppServices } from "../context.ts";

/** What Checkout and the customer portal need, from the process's services (Stripe's keys set). */
export function billingDeps(services: AppServices, stripe: StripeGateway): BillingDeps {
  return {
    db: services.database.db,
    catalogue: services.billing.catalogue,
    stripe,
    publicUrl: services.env.PUBLIC_URL,
  };
}
