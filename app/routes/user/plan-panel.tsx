import { getAccountPlan } from "../../../core/billing/account-plan.ts";
import { FormMessage } from "../../components/form.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import type { AppServices } from "../../context.ts";
import { type PlanView, toPlanView } from "../../lib/plan-view.ts";
import { IntentForm, Panel } from "./panel.tsx";

export type PlanPanelData = {
  plan: PlanView;
  isFree: boolean;
  hasBillingAccount: boolean;
  isReturningFromCheckout: boolean;
};

/** The plan panel's data, only with Stripe's keys (no plan UI otherwise). */
export async function planPanelData(
  services: AppServices,
  userId: string,
  params: URLSearchParams,
): Promise<PlanPanelData> {
  const current = await getAccountPlan(services.database.db, services.billing.catalogue, userId);
  return {
    plan: toPlanView(current.plan),
    isFree: current.plan.id === services.billing.catalogue.free.id,
    hasBillingAccount: current.stripeCustomerId !== null,
    isReturningFromCheckout: params.get("billing") === "done",
  };
}

export function PlanPanel({ billing }: { billing: PlanPanelData }) {
  return (
    <Panel id="plan" title="Plan">
      {billing.isReturningFromCheckout && billing.isFree ? (
        <FormMessage tone="info">
          Thank you! Your plan changes as soon as Stripe confirms the payment; reload this page in a
          moment.
        </FormMessage>
      ) : null}
      <p data-testid="current-plan">
        You are on the <strong>{billing.plan.name}</strong> plan
        {billing.plan.price ? ` (${billing.plan.price})` : ""}.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        {billing.plan.limits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {billing.isFree ? (
          // A document load: the upgrade page's policy is the one that admits Stripe.js.
          <ButtonLink to="/user/upgrade" reloadDocument size="lg">
            Upgrade
          </ButtonLink>
        ) : null}
        {billing.hasBillingAccount ? (
          <IntentForm
            intent="billing-portal"
            submit="Manage billing"
            pendingText="Opening…"
            tone="secondary"
          />
        ) : null}
      </div>
    </Panel>
  );
}
