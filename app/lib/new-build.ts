import { requestFullLoadOnNavigation } from "./full-load.ts";
import { toast } from "./toast.ts";

/**
 * New-build detection (issue #17, docs/decisions/0028-plans-and-new-builds.md): every build
 * writes /latest.json with its id (scripts/vite-build-id.ts); an open tab polls it and, once
 * the id differs from the one its own code was built with, loads the next page in full (which
 * brings the new code) and offers a reload in a toast meanwhile.
 */

export const NEW_BUILD_MESSAGE = "A new version of Dropwave is available";

/** A tab shown again checks at once, unless it checked this recently. */
export const MIN_VISIBLE_CHECK_GAP_MS = 10_000;

/** The id in a /latest.json body, or null for anything else (an error page, a proxy's HTML). */
export function readBuildId(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { buildId?: unknown }).buildId;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : null;
}

/** Whether the served build is another one than the running code's. */
export function isNewBuild(running: string | undefined, served: string | null): boolean {
  if (!running || running === "dev" || served === null) return false;
  return served !== running;
}

export type CheckTrigger = "timer" | "visible";

/** Whether to ask /latest.json now: on the timer, or when the tab is shown after a while. */
export function shouldCheck(options: {
  trigger: CheckTrigger;
  now: number;
  lastCheckedAt: number | null;
  isVisible: boolean;
}): boolean {
  if (!options.isVisible) return false;
  if (options.trigger === "timer" || options.lastCheckedAt === null) return true;
  return options.now - options.lastCheckedAt >= MIN_VISIBLE_CHECK_GAP_MS;
}

/** The poll's address: a fresh query each time, so no cache in between can answer it. */
export function latestJsonUrl(now: number): string {
  return `/latest.json?t=${now.toString(36)}`;
}

async function fetchServedBuildId(now: number): Promise<string | null> {
  try {
    const response = await fetch(latestJsonUrl(now), {
      cache: "no-store",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    return readBuildId(await response.json());
  } catch {
    return null; // offline, or mid-deploy: try again at the next tick
  }
}

/**
 * Polls every `pollSeconds` while the tab is visible and when it becomes visible. On a new
 * build: the next navigation is a full load, and a toast offers a reload now. Returns a stop.
 * Loaded after the page is interactive (lib/new-build-watch.ts), not with its first load.
 */
export function startNewBuildWatch(pollSeconds: number, running: string): () => void {
  let lastCheckedAt: number | null = null;
  let isFound = false;
  let isChecking = false;
  const check = async (trigger: CheckTrigger) => {
    const now = Date.now();
    const isVisible = document.visibilityState === "visible";
    if (isFound || isChecking || !shouldCheck({ trigger, now, lastCheckedAt, isVisible })) return;
    isChecking = true;
    lastCheckedAt = now;
    const served = await fetchServedBuildId(now);
    isChecking = false;
    if (isFound || !isNewBuild(running, served)) return;
    isFound = true;
    requestFullLoadOnNavigation("new-build");
    toast.info(NEW_BUILD_MESSAGE, {
      id: "new-build",
      duration: Number.POSITIVE_INFINITY,
      action: { label: "Reload", onClick: () => window.location.reload() },
    });
  };
  const timer = window.setInterval(() => void check("timer"), pollSeconds * 1000);
  const onVisibility = () => {
    if (document.visibilityState === "visible") void check("visible");
  };
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
