import type { PostHog } from "posthog-js";
import posthog from "posthog-js";
import type { ProductAnalyticsConfig } from "../../../core/env.ts";
import { POSTHOG_PROXY_PATH } from "../../../core/operator/analytics-paths.ts";
import { AUTOCAPTURE_IGNORE, scrubEvent } from "./posthog-scrub.ts";

/**
 * PostHog started with Dropwave's settings: events scrubbed before they leave, through this
 * origin's proxy when configured. Loaded with posthog-js, only on an instance that set it up
 * (components/product-analytics.tsx).
 */
export function startPostHog(
  config: ProductAnalyticsConfig,
  currentViewerId: () => string | null,
): PostHog {
  posthog.init(config.key, {
    ...config.options,
    api_host: config.isProxied ? `${window.location.origin}${POSTHOG_PROXY_PATH}` : config.apiHost,
    ui_host: config.uiHost,
    capture_pageview: config.capturePageview ? "history_change" : false,
    capture_pageleave: config.capturePageleave,
    autocapture: { css_selector_ignorelist: AUTOCAPTURE_IGNORE },
    before_send: (event) => (event ? scrubEvent(event) : null),
    persistence: "localStorage",
    // Before the first page view is sent, so a signed-out page is never the person's.
    loaded: (loaded) => syncIdentity(loaded, currentViewerId()),
  });
  return posthog;
}

/** Makes PostHog's distinct id the signed-in person's id, or an anonymous one when signed out. */
export function syncIdentity(
  client: Pick<PostHog, "get_distinct_id" | "get_property" | "identify" | "reset">,
  viewerId: string | null,
): void {
  if (viewerId) {
    if (client.get_distinct_id() !== viewerId) client.identify(viewerId);
  } else if (client.get_property("$user_state") === "identified") {
    client.reset();
  }
}
