import type { PostHog } from "posthog-js";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { ProductAnalyticsConfig } from "../../core/env.ts";
import { POSTHOG_PROXY_PATH } from "../../core/operator/analytics-paths.ts";

/**
 * PostHog product analytics, when the operator configured it. posthog-js and our event
 * scrubbing are a chunk of their own, loaded only then; without the setting no PostHog code
 * reaches the browser.
 */

const FlagsContext = createContext<Record<string, string | boolean>>({});

/** A PostHog feature flag's value (false until flags have loaded, or without PostHog). */
export function useFeatureFlag(key: string): string | boolean {
  return useContext(FlagsContext)[key] ?? false;
}

export function ProductAnalytics({
  config,
  viewerId,
  children,
}: {
  config: ProductAnalyticsConfig | undefined;
  viewerId: string | null;
  children: React.ReactNode;
}) {
  const [client, setClient] = useState<PostHog | null>(null);
  const viewer = useRef(viewerId);
  viewer.current = viewerId;
  const [flags, setFlags] = useState<Record<string, string | boolean>>({});

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    void Promise.all([import("posthog-js"), import("../lib/analytics/posthog-scrub.ts")]).then(
      ([{ default: posthog }, { AUTOCAPTURE_IGNORE, scrubEvent }]) => {
        if (cancelled) return;
        posthog.init(config.key, {
          ...config.options,
          api_host: config.isProxied
            ? `${window.location.origin}${POSTHOG_PROXY_PATH}`
            : config.apiHost,
          ui_host: config.uiHost,
          capture_pageview: config.capturePageview ? "history_change" : false,
          capture_pageleave: config.capturePageleave,
          autocapture: { css_selector_ignorelist: AUTOCAPTURE_IGNORE },
          before_send: (event) => (event ? scrubEvent(event) : null),
          persistence: "localStorage",
          // Before the first page view is sent, so a signed-out page is never the person's.
          loaded: (loaded) => syncIdentity(loaded, viewer.current),
        });
        posthog.onFeatureFlags((_keys, variants) => setFlags({ ...variants }));
        setClient(posthog);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [config]);

  // The signed-in person's id is the distinct id; signed out, a fresh anonymous one. Read from
  // PostHog's own stored state, not from this page's memory: signing out loads a new document
  // (site-header.tsx), where the identity kept in localStorage is still the person's.
  useEffect(() => {
    if (client) syncIdentity(client, viewerId);
  }, [client, viewerId]);

  return <FlagsContext value={flags}>{children}</FlagsContext>;
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
