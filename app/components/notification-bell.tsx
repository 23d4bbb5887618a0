import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Feed } from "../../core/notify/notification-feed.ts";
import { onFeedChanged } from "../lib/feed-refresh.ts";
import { http } from "../lib/http.ts";
import { apiQuery } from "../lib/query-client.ts";
import { toast } from "../lib/toast.ts";
import { Popover } from "./ui/popover.tsx";

export const NOTIFICATIONS_KEY = ["notifications"] as const;

/** Where a feed entry leads: its product page, or the channels for a test alert. */
function feedItemPath(item: Feed["items"][number]): string {
  return item.watchId ? `/hub/watch/${item.watchId}` : "/user#notifications";
}
const POLL_MS = 5_000;

/**
 * The in-app feed in the header: unread count, a dropdown of recent alerts, and a toast for
 * each unread alert that arrives while the page is open. Live by polling (every 5 s while the
 * tab is visible, and on focus): simple, works behind any proxy, and the feed query is cheap.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: apiQuery<Feed>("/api/v1/notifications?limit=20"),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const seen = useRef<Set<string> | null>(null);
  // "Send a test alert" puts an entry in the feed: show it now, not at the next poll.
  const refetch = feed.refetch;
  useEffect(() => onFeedChanged(() => void refetch()), [refetch]);

  useEffect(() => {
    const items = feed.data?.items;
    if (!items) return;
    if (seen.current === null) {
      // What was there when the page opened is not news.
      seen.current = new Set(items.map((i) => i.id));
      return;
    }
    const known = seen.current;
    const fresh = items.filter((i) => !known.has(i.id));
    for (const item of fresh) known.add(item.id);
    // A test alert has its own toast from the button that sent it.
    for (const item of fresh.filter((i) => !i.isRead && i.kind !== "test").reverse()) {
      toast(item.title, {
        description: item.summary,
        duration: 10_000,
        action: {
          label: "View",
          onClick: () => window.location.assign(feedItemPath(item)),
        },
      });
    }
  }, [feed.data]);

  const markRead = useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) =>
      http<void>("/api/v1/notifications/read", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
    onError: () => toast.error("Could not mark as read. Try again."),
  });

  const unread = feed.data?.unreadCount ?? 0;
  const items = feed.data?.items ?? [];
  const notices = feed.data?.notices ?? [];
  return (
    <Popover
      testId="notification-bell"
      label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      triggerClassName="relative block rounded-lg border border-border px-2.5 py-1.5 hover:bg-surface-2"
      panelClassName="w-80"
      trigger={
        <>
          {/* An inline icon, not the 🔔 emoji: machines without an emoji font showed a blank box. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="block h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {unread > 0 ? (
            <span
              data-testid="notification-count"
              className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-bold text-accent-fg"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => (
        <div data-testid="notification-popup">
          <div className="flex items-center justify-between px-3 py-2">
            <span className="font-semibold">Notifications</span>
            <button
              type="button"
              className="text-xs text-accent hover:underline disabled:opacity-50"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </button>
          </div>
          {notices.map((notice) => (
            <Link
              key={notice.channelId}
              to="/user#notifications"
              onClick={close}
              className="block rounded px-3 py-2 text-xs text-bad hover:bg-surface-2"
            >
              {notice.name}: {notice.reason}
            </Link>
          ))}
          {items.length === 0 ? (
            <p className="px-3 py-4 text-muted">No alerts yet.</p>
          ) : (
            <ul>
              {items.map((item) => (
                <li
                  key={item.id}
                  className="flex items-start gap-2 rounded px-3 py-2 hover:bg-surface-2"
                >
                  <Link
                    to={feedItemPath(item)}
                    className="min-w-0 flex-1"
                    onClick={() => {
                      close();
                      if (!item.isRead) markRead.mutate({ ids: [item.id] });
                    }}
                  >
                    <span className={item.isRead ? "text-muted" : "font-semibold"}>
                      {item.title}
                    </span>
                    {item.kind === "test" ? (
                      // How each channel took the test, one per line.
                      <span
                        className="block whitespace-pre-line text-xs"
                        data-testid="feed-test-results"
                      >
                        {item.summary}
                      </span>
                    ) : null}
                    <span className="block text-xs text-muted">
                      {new Date(item.createdAt).toLocaleString()}
                    </span>
                  </Link>
                  {item.isRead ? null : (
                    <button
                      type="button"
                      className="shrink-0 text-xs text-accent hover:underline"
                      onClick={() => markRead.mutate({ ids: [item.id] })}
                    >
                      Mark read
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Popover>
  );
}
