import { useEffect, useLayoutEffect } from "react";
import { useNavigation } from "react-router";

/**
 * After a deploy, the page's code still names the old build's route chunks; the first click to
 * a page whose chunk is gone fails to load it, and React Router answers by reloading the page
 * the person is on (lib/dom/ssr/routeModules.ts), so they had to click a second time.
 *
 * We remember where a navigation is going while it is under way; if the document is reloaded
 * before it lands, the next start goes on to that page with a full load (which brings the new
 * build's code) instead of staying where the click came from.
 */
const KEY = "dropwave:pending-navigation";
/** A reload later than this after the click is the person's own, not a failed navigation's. */
const MAX_AGE_MS = 30_000;

type Pending = { from: string; to: string; at: number };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: keep React Router's plain reload
  }
}

/** A GET navigation inside the app started towards `to` (a path or same-origin URL). */
export function rememberPendingNavigation(to: string, now = Date.now()): void {
  const target = new URL(to, window.location.href);
  if (target.origin !== window.location.origin || target.href === window.location.href) return;
  const pending: Pending = { from: window.location.href, to: target.href, at: now };
  storage()?.setItem(KEY, JSON.stringify(pending));
}

export function forgetPendingNavigation(): void {
  storage()?.removeItem(KEY);
}

/**
 * Run once as the app starts. Returns the page it goes on to, or null. Only a reload of the
 * page the navigation left, soon after it started, counts.
 */
export function resumeInterruptedNavigation(
  navigationType: string | undefined,
  now = Date.now(),
): string | null {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return null;
  store.removeItem(KEY);
  let pending: Pending;
  try {
    pending = JSON.parse(raw) as Pending;
  } catch {
    return null;
  }
  const isFresh = now - pending.at >= 0 && now - pending.at < MAX_AGE_MS;
  if (navigationType !== "reload" || !isFresh || pending.from !== window.location.href) return null;
  const target = new URL(pending.to, window.location.href);
  if (target.origin !== window.location.origin) return null;
  window.location.replace(target.href);
  return target.href;
}

/** How this document was loaded ("navigate", "reload", "back_forward"). */
export function documentNavigationType(): string | undefined {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type;
}

/**
 * Keeps the pending navigation in session storage while it is under way: from the click
 * itself (capture phase, before React Router starts loading the page's code) and from the
 * router's navigation state (links, forms with GET, navigate()). Cleared when it lands.
 */
export function usePendingNavigationMemory(): void {
  const navigation = useNavigation();
  const target =
    navigation.state === "loading" && (!navigation.formMethod || navigation.formMethod === "GET")
      ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
      : null;
  useLayoutEffect(() => {
    if (target) rememberPendingNavigation(target);
    else if (navigation.state === "idle") forgetPendingNavigation();
  }, [target, navigation.state]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if (link.target && link.target !== "_self") return;
      rememberPendingNavigation(link.href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
}
