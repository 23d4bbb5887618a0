import { type Env, isBillingEnabled } from "../env.ts";

/**
 * The outside origins the operator's settings need in the Content-Security-Policy, each for
 * the directive that needs it. With none of the settings, none: the policy stays this origin.
 */
export type OperatorCspSources = { scriptSrc: string[]; connectSrc: string[] };

/** The page that loads Stripe's script; no other page's policy admits it. */
export const UPGRADE_PATH = "/user/upgrade";

export type PageCspSources = {
  scriptSrc?: string[];
  connectSrc?: string[];
  frameSrc?: string[];
  formAction?: string[];
};

/**
 * Per-page sources for plans and payments, only with Stripe's keys: the upgrade page runs
 * Stripe.js (its script, its frames, its API) and may post on to Checkout; the account page
 * may post on to the customer portal. Every other page keeps the plain policy.
 */
export function billingCspSourcesFor(env: Env): (path: string) => PageCspSources | undefined {
  if (!isBillingEnabled(env)) return () => undefined;
  return (path) => {
    const page = path.replace(/\/+$/, "");
    if (page === UPGRADE_PATH)
      return {
        scriptSrc: ["https://js.stripe.com"],
        frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
        connectSrc: ["https://api.stripe.com"],
        formAction: ["https://checkout.stripe.com"],
      };
    if (page === "/user") return { formAction: ["https://billing.stripe.com"] };
    return undefined;
  };
}

export function operatorCspSources(env: Env): OperatorCspSources {
  const scriptSrc: string[] = [];
  const connectSrc: string[] = [];
  if (env.ANALYTICS_HOST && env.ANALYTICS_WEBSITE_ID)
    connectSrc.push(new URL(env.ANALYTICS_HOST).origin);
  if (env.POSTHOG_KEY && env.POSTHOG_HOST && !env.POSTHOG_DISABLED && !env.POSTHOG_PROXY) {
    const host = new URL(env.POSTHOG_HOST);
    const origins = [host.origin];
    // PostHog Cloud serves its lazily loaded scripts from a sibling "-assets" host.
    const cloud = /^([a-z]+)\.i\.posthog\.com$/.exec(host.hostname);
    if (cloud) origins.push(`https://${cloud[1]}-assets.i.posthog.com`);
    scriptSrc.push(...origins);
    connectSrc.push(...origins);
  }
  return { scriptSrc, connectSrc };
}
