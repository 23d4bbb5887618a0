import type { WebAnalyticsConfig } from "../../../core/env.ts";

/**
 * Umami-compatible page views: after a page is shown, wait, then POST
 * `{host}/api/send` with `{ type: "event", payload }`. Pure parts are exported for tests; the
 * browser parts take their globals as arguments.
 */

export const PAGE_VIEW_DELAY_MS = 250;
export const MAX_SEND_ATTEMPTS = 10;
/** A reload of the same page within this window is not counted again. */
export const RELOAD_GUARD_MS = 10_000;
export const DISABLE_FLAG_KEY = "umami.disabled";
const GUARD_KEY = "dropwave.analytics.last-view";

export type PageView = {
  hostname: string;
  language: string;
  screen: string;
  url: string;
  title: string;
  referrer: string;
  tag?: string;
};

export type UmamiEvent = { type: "event"; payload: PageView & { website: string } };

const LOOPBACK = /^(localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$/i;

/** Why a page view is not sent, or null when it is. */
export function skipReason(
  config: WebAnalyticsConfig,
  hostname: string,
  storage: Pick<Storage, "getItem"> | undefined,
): "localhost" | "other-domain" | "disabled" | null {
  const host = hostname.toLowerCase();
  if (LOOPBACK.test(host)) return "localhost";
  if (!config.domains.includes(host)) return "other-domain";
  let flag: string | null = null;
  try {
    flag = storage?.getItem(DISABLE_FLAG_KEY) ?? null;
  } catch {
    // Storage blocked by the browser: nothing says "disabled".
  }
  if (flag !== null && flag !== "" && flag !== "false" && flag !== "0") return "disabled";
  return null;
}

export function buildEvent(config: WebAnalyticsConfig, view: PageView): UmamiEvent {
  return { type: "event", payload: { ...view, website: config.websiteId } };
}

/**
 * True when the same URL was counted less than RELOAD_GUARD_MS ago in this tab (a reload);
 * otherwise remembers this view and returns false.
 */
export function isRepeatView(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  url: string,
  now: number,
): boolean {
  try {
    const last = JSON.parse(storage?.getItem(GUARD_KEY) ?? "null") as {
      url?: string;
      at?: number;
    } | null;
    if (last?.url === url && typeof last.at === "number" && now - last.at < RELOAD_GUARD_MS)
      return true;
    storage?.setItem(GUARD_KEY, JSON.stringify({ url, at: now }));
  } catch {
    // No storage: count every view.
  }
  return false;
}

/** Exponential backoff with a cap: 0.5 s, 1 s, 2 s … 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** (attempt - 1));
}

/**
 * Sends one event. Retries a network failure or a status that is not a client error (4xx) with
 * backoff, MAX_SEND_ATTEMPTS attempts in all. Resolves to the number of attempts made.
 */
export async function sendEvent(
  config: WebAnalyticsConfig,
  event: UmamiEvent,
  deps: {
    fetch: typeof fetch;
    wait: (ms: number) => Promise<void>;
    signal?: AbortSignal;
  },
): Promise<{ attempts: number; ok: boolean }> {
  for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt += 1) {
    if (deps.signal?.aborted) return { attempts: attempt - 1, ok: false };
    try {
      const response = await deps.fetch(`${config.host}/api/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(event),
        credentials: "omit",
        keepalive: true,
      });
      if (response.ok) return { attempts: attempt, ok: true };
      if (response.status >= 400 && response.status < 500) return { attempts: attempt, ok: false };
    } catch {
      // Network failure: retried like a server error.
    }
    if (attempt < MAX_SEND_ATTEMPTS) await deps.wait(retryDelayMs(attempt));
  }
  return { attempts: MAX_SEND_ATTEMPTS, ok: false };
}

/** What the browser knows about the page being shown. */
export function currentPageView(win: Window, referrer: string, tag?: string): PageView {
  const { location, screen, navigator, document } = win;
  return {
    hostname: location.hostname,
    language: navigator.language,
    screen: `${screen.width}x${screen.height}`,
    url: `${location.pathname}${location.search}`,
    title: document.title,
    referrer,
    ...(tag ? { tag } : {}),
  };
}
