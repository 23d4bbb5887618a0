/**
 * Which pages ship React to the browser. A public page whose forms and links work as plain
 * HTML needs no client code; its route says so with `export const handle = staticPage`, and
 * the root Layout then leaves out React Router's scripts and module preloads (decision 0030).
 * Anything that needs code in the browser on that page brings hydration back.
 */

/** What a route module exports as `handle` when its page works without JavaScript. */
export type PageHandle = { isStatic?: boolean };

export const staticPage: PageHandle = { isStatic: true };

type Match = { id: string; handle?: unknown };

/** The few facts of the root loader's data the choice depends on. */
export type HydrationFacts = {
  /** Signed in: the header has the bell and the account menu, both need code. */
  isSignedIn: boolean;
  /** The operator turned on web or product analytics: they run in the browser. */
  hasBrowserAnalytics: boolean;
};

function isStaticHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as PageHandle).isStatic === true;
}

/**
 * True when the page must hydrate: a matched route (other than the root) does not say it is
 * static, someone is signed in, browser analytics are on, or the facts are unknown (the root
 * loader failed).
 */
export function needsHydration(matches: readonly Match[], facts: HydrationFacts | null): boolean {
  if (facts === null) return true;
  if (facts.isSignedIn || facts.hasBrowserAnalytics) return true;
  const pageMatches = matches.filter((m) => m.id !== "root");
  return pageMatches.length === 0 || !pageMatches.every((m) => isStaticHandle(m.handle));
}
