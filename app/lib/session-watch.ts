import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { http } from "./http.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Keeps the page's idea of who is signed in honest: every hour, and whenever the tab
 * becomes visible or focused again, ask the server; if the answer changed (signed out in
 * another tab, session expired), reload the route data so guards and the header follow.
 * A failed lookup never throws into the page.
 */
export function useSessionWatch(viewerId: string | null): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let isCancelled = false;
    const check = async () => {
      let currentId: string | null = null;
      try {
        const session = await http<{ user?: { id?: string } } | null>("/api/auth/get-session");
        currentId = session?.user?.id ?? null;
      } catch {
        currentId = null;
      }
      if (!isCancelled && currentId !== viewerId) await revalidate();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const timer = window.setInterval(() => void check(), HOUR_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      isCancelled = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, [viewerId, revalidate]);
}
