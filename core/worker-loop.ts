import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/** A worker's name in leases and logs: unique per process and start, readable by people. */
export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/**
 * The idle sleep of a polling worker: `wake()` ends it early (new work announced, stopping). A
 * wake that comes while the worker is busy is kept, so its next sleep returns at once instead
 * of the announcement being lost.
 */
export function createWakeableSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wakeUp: (() => void) | null = null;
  let isWakePending = false;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (isWakePending) {
          isWakePending = false;
          resolve();
          return;
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      }),
    wake: () => {
      if (wakeUp) wakeUp();
      else isWakePending = true;
    },
  };
}
