import { useEffect } from "react";

/** This tab's code's build id; "dev" under `npm run dev`, undefined in unit tests. */
export const RUNNING_BUILD_ID: string | undefined = import.meta.env.DROPWAVE_BUILD_ID;

/**
 * Root hook: watches for a new build (lib/new-build.ts). The watch's code is its own chunk,
 * fetched once the page is interactive: nothing of it is needed before its first poll.
 */
export function useNewBuildWatch(pollSeconds: number, running = RUNNING_BUILD_ID): void {
  useEffect(() => {
    if (!running || running === "dev") return;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    void import("./new-build.ts").then((watch) => {
      if (!isCancelled) stop = watch.startNewBuildWatch(pollSeconds, running);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [pollSeconds, running]);
}
