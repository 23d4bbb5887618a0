import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getAccountPlan } from "../../core/billing/account-plan.ts";
import { CheckoutInput, startCheckout } from "../../core/billing/checkout.ts";
import { isAppError } from "../../core/errors.ts";
import { FormMessage } from "../components/form.tsx";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { servicesContext } from "../context.ts";
import { billingDeps } from "../lib/billing-deps.server.ts";
import { requestFullLoadOnNavigation } from "../lib/full-load.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { toPlanView } from "../lib/plan-view.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/user-upgrade";

/**
 * The upgrade page (issue #17): only with Stripe's keys. The one page that loads Stripe.js
 * (its CSP admits js.stripe.com, core/operator/csp-sources.ts); choosing a plan asks the
 * server for a Stripe Checkout session and goes there.
 */
export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Upgrade", "Choose a Dropwave plan with more products and quicker checks.");

function billingOf(context: Route.LoaderArgs["context"]) {
  const services = context.get(servicesContext);
  const viewer = requireViewer(context);
  const stripe = services.billing.stripe;
  const publishableKey = services.publicEnv.billing?.stripePublishableKey;
  if (!stripe || !publishableKey)
    throw data("There are no plans on this instance.", { status: 404 });
  return { services, viewer, stripe, publishableKey };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer, publishableKey } = billingOf(context);
  const { catalogue } = services.billing;
  const current = await getAccountPlan(services.database.db, catalogue, viewer.id);
  return {
    publishableKey,
    currentPlanId: current.plan.id,
    free: toPlanView(catalogue.free),
    plans: catalogue.paid.map(toPlanView),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, viewer, stripe } = billingOf(context);
  const form = await readForm(request);
  const parsed = CheckoutInput.safeParse({ planId: form.get("planId") ?? "" });
  if (!parsed.success) return data({ error: "Choose one of the plans shown." }, 400);
  try {
    const { url } = await startCheckout(
      billingDeps(services, stripe),
      { id: viewer.id, email: viewer.email },
      parsed.data,
    );
    return redirect(url);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, error.status);
    throw error;
  }
}

export default function UserUpgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { publishableKey, currentPlanId, free, plans } = loaderData;
  const navigation = useNavigation();
  const [stripeState, setStripeState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    // Stripe.js stays in this document once loaded: leaving the page loads the next one anew.
    requestFullLoadOnNavigation("stripe-js");
    let isCancelled = false;
    import("../lib/stripe-js.ts")
      .then((m) => m.loadStripeJs(publishableKey))
      .then(
        (stripe) => !isCancelled && setStripeState(stripe ? "ready" : "failed"),
        () => !isCancelled && setStripeState("failed"),
      );
    return () => {
      isCancelled = true;
    };
  }, [publishableKey]);

  return (
    <section
      className="mx-auto max-w-3xl px-6 py-12"
      aria-labelledby="upgrade-title"
      data-stripe={stripeState}
    >
      <h1 id="upgrade-title" className="font-display text-3xl font-bold">
        Upgrade
      </h1>
      <p className="mt-2 text-muted">
        You pay on Stripe's own page; this site never sees your card. Change or cancel any time
        under Manage billing on your account page.
      </p>
      {actionData?.error ? (
        <div className="mt-6">
          <FormMessage tone="error">{actionData.error}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        {[free, ...plans].map((plan) => {
          const isCurrent = plan.id === currentPlanId;
          const isPending =
            navigation.state !== "idle" && navigation.formData?.get("planId") === plan.id;
          return (
            <section
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={cardClass({ className: "space-y-4" })}
            >
              <h2 id={`plan-${plan.id}`} className="text-lg font-semibold">
                {plan.name}
              </h2>
              <p className="text-2xl font-bold">{plan.price ?? "No charge"}</p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
                {plan.limits.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {isCurrent ? (
                <p className="text-sm font-semibold text-accent">Your plan</p>
              ) : plan.price && currentPlanId === free.id ? (
                <Form method="post">
                  <input type="hidden" name="planId" value={plan.id} />
                  <Button type="submit" size="lg" disabled={isPending}>
                    {isPending ? "Opening Stripe…" : `Upgrade to ${plan.name}`}
                  </Button>
                </Form>
              ) : null}
            </section>
          );
        })}
      </div>
      <p className="mt-8">
        <Link to="/user" className="underline underline-offset-4">
          Back to your account
        </Link>
      </p>
    </section>
  );
}
