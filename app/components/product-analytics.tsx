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
        });
        posthog.onFeatureFlags((_keys, variants) => setFlags({ ...variants }));
        setClient(posthog);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [config]);

  // The signed-in person's id is the distinct id; signing out starts a fresh anonymous one.
  const identified = useRef<string | null>(null);
  useEffect(() => {
    if (!client) return;
    if (viewerId && identified.current !== viewerId) {
      client.identify(viewerId);
      identified.current = viewerId;
    } else if (!viewerId && identified.current) {
      client.reset();
      identified.current = null;
    }
  }, [client, viewerId]);

  return <FlagsContext value={flags}>{children}</FlagsContext>;
}
