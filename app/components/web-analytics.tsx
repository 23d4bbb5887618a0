import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { WebAnalyticsConfig } from "../../core/env.ts";
import {
  buildEvent,
  currentPageView,
  isRepeatView,
  PAGE_VIEW_DELAY_MS,
  sendEvent,
  skipReason,
} from "../lib/analytics/umami.ts";

/**
 * Counts page views with an Umami-compatible collector, when the operator configured one.
 * Renders nothing; mounted once in the root.
 */
export function WebAnalytics({ config }: { config: WebAnalyticsConfig }) {
  const location = useLocation();
  const previousUrl = useRef<string | null>(null);
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    const referrer =
      previousUrl.current === null
        ? document.referrer
        : `${window.location.origin}${previousUrl.current}`;
    previousUrl.current = path;
    const timer = window.setTimeout(() => {
      if (skipReason(config, window.location.hostname, window.localStorage) !== null) return;
      // The same page again within seconds in this tab is a reload, not a new view.
      if (isRepeatView(window.sessionStorage, path, Date.now())) return;
      const event = buildEvent(config, currentPageView(window, referrer));
      void sendEvent(config, event, {
        fetch: window.fetch.bind(window),
        wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      });
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [config, path]);

  // This component loads in its own chunk after hydration: a marker that the first view's timer
  // is set (browser tests move a stopped clock on from here, as from html[data-hydrated]).
  useEffect(() => {
    document.documentElement.dataset.webAnalytics = "ready";
  }, []);

  return null;
}
