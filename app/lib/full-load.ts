import { useEffect, useLayoutEffect } from "react";
import { useNavigation } from "react-router";

/**
 * "Load the next page in full": once asked (a new build is out, or a page loaded code that
 * must not outlive it, like Stripe's script on the upgrade page), the next navigation inside
 * the app is a document load instead of React Router's client-side one.
 */
const reasons = new Set<string>();

export function requestFullLoadOnNavigation(reason: string): void {
  reasons.add(reason);
}

export function isFullLoadRequested(): boolean {
  return reasons.size > 0;
}

export type LinkClick = {
  button: number;
  hasModifier: boolean;
  isDefaultPrevented: boolean;
  /** The link's resolved href, its target and whether it downloads. */
  href: string;
  target: string;
  isDownload: boolean;
};

/**
 * The address to load in full for a click on a link, or null to leave the click alone: only
 * plain left clicks on same-origin links in this tab that lead to another document (a jump
 * to an anchor of the same page stays a jump).
 */
export function fullLoadTarget(click: LinkClick, current: string): string | null {
  if (click.button !== 0 || click.hasModifier || click.isDefaultPrevented) return null;
  if (click.isDownload || (click.target !== "" && click.target !== "_self")) return null;
  let to: URL;
  let from: URL;
  try {
    to = new URL(click.href, current);
    from = new URL(current);
  } catch {
    return null;
  }
  if (to.origin !== from.origin) return null;
  if (to.pathname === from.pathname && to.search === from.search && to.hash !== "") return null;
  return to.href;
}

/**
 * Root hook: when a full load was requested, clicks on links (caught before React Router's
 * own handler) and any other GET navigation (navigate(), GET forms) load the page in full.
 * Form posts are left to finish, so nothing typed is lost.
 */
export function useFullLoadOnNavigation(): void {
  const navigation = useNavigation();
  const target =
    navigation.state !== "idle" && (!navigation.formMethod || navigation.formMethod === "GET")
      ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
      : null;
  useLayoutEffect(() => {
    if (target && isFullLoadRequested()) window.location.assign(target);
  }, [target]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isFullLoadRequested()) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      const href = fullLoadTarget(
        {
          button: event.button,
          hasModifier: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          isDefaultPrevented: event.defaultPrevented,
          href: link.href,
          target: link.target,
          isDownload: link.hasAttribute("download"),
        },
        window.location.href,
      );
      if (!href) return;
      event.preventDefault();
      window.location.assign(href);
    };
    // Capture phase: before React Router's <Link> starts a client-side navigation.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
}
