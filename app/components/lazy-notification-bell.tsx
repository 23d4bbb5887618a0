import { lazy, Suspense } from "react";

// The bell and TanStack Query come in one chunk after the page is interactive.
const NotificationBell = lazy(() =>
  Promise.all([import("./notification-bell.tsx"), import("../lib/query-scope.tsx")]).then(
    ([bell, query]) => ({
      default: () => (
        <query.QueryScope>
          <bell.NotificationBell />
        </query.QueryScope>
      ),
    }),
  ),
);

/**
 * The bell for signed-in people, in its own chunk with TanStack Query: pages render and become
 * interactive without it, and it fills in right after (a same-size placeholder meanwhile).
 */
export function LazyNotificationBell() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-[34px] w-[42px]" />}>
      <NotificationBell />
    </Suspense>
  );
}
