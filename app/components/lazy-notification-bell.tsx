import { onDemand } from "../lib/on-demand.ts";

// The bell and TanStack Query come in one chunk after the page is interactive.
const bell = onDemand<object>(() =>
  Promise.all([import("./notification-bell.tsx"), import("../lib/query-scope.tsx")]).then(
    ([bellModule, query]) => ({
      default: () => (
        <query.QueryScope>
          <bellModule.NotificationBell />
        </query.QueryScope>
      ),
    }),
  ),
);

/**
 * The bell for signed-in people, in its own chunk with TanStack Query: pages render and become
 * interactive without it, and it fills in right after (a same-size placeholder meanwhile). The
 * server renders the placeholder and hydration keeps it: the bell's code is fetched once the page
 * is hydrated, with no Suspense boundary to hydrate (the browser build's Preact hydrates a
 * suspended boundary by keeping the server's nodes, and lost track of its siblings after).
 */
export function LazyNotificationBell() {
  const Bell = bell.useComponent(true);
  return Bell ? <Bell /> : <span aria-hidden="true" className="inline-block h-[34px] w-[42px]" />;
}
