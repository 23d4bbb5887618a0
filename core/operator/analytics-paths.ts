/**
 * The path under this origin that forwards to PostHog when POSTHOG_PROXY is on. In a module of
 * its own: the browser's root chunk needs it, and core/env.ts would bring Zod and every setting's
 * schema along (24 KB gzip on every page).
 */
export const POSTHOG_PROXY_PATH = "/ingest/ph";
