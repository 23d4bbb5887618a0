import type { Env } from "../env.ts";

/**
 * The outside origins the operator's settings need in the Content-Security-Policy, each for
 * the directive that needs it. With none of the settings, none: the policy stays this origin.
 */
export type OperatorCspSources = { scriptSrc: string[]; connectSrc: string[] };

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
