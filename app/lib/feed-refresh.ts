/**
 * "The in-app feed changed, fetch it now": a window event, so that the hub's "Send a test
 * alert" can refresh the bell without loading the bell's chunk or TanStack Query itself.
 */
const EVENT = "dropwave:feed-changed";

export function announceFeedChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `onChange` on each announcement; returns the unsubscribe. */
export function onFeedChanged(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
}
