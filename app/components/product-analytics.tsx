import type { PostHog } from "posthog-js";
import { useEffect, useRef, useState } from "react";
import type { ProductAnalyticsConfig } from "../../core/env.ts";

/**
 * PostHog product analytics, when the operator configured it. posthog-js, its start-up and our
 * event scrubbing are a chunk of their own (lib/analytics/posthog-client.ts), loaded only then;
 * without the setting no PostHog code reaches the browser.
 */

export function ProductAnalytics({
  config,
  viewerId,
}: {
  config: ProductAnalyticsConfig | undefined;
  viewerId: string | null;
}): null {
  const [client, setClient] = useState<{
    posthog: PostHog;
    syncIdentity: typeof import("../lib/analytics/posthog-client.ts").syncIdentity;
  } | null>(null);
  const viewer = useRef(viewerId);
  viewer.current = viewerId;

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    void import("../lib/analytics/posthog-client.ts").then((analytics) => {
      if (cancelled) return;
      const posthog = analytics.startPostHog(config, () => viewer.current);
      setClient({ posthog, syncIdentity: analytics.syncIdentity });
    });
    return () => {
      cancelled = true;
    };
  }, [config]);

  // The signed-in person's id is the distinct id; signed out, a fresh anonymous one. Read from
  // PostHog's own stored state, not from this page's memory: signing out loads a new document
  // (site-header.tsx), where the identity kept in localStorage is still the person's.
  useEffect(() => {
    if (client) client.syncIdentity(client.posthog, viewerId);
  }, [client, viewerId]);

  return null;
}
