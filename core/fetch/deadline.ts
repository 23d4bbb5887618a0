/** The whole fetch's time budget, paused while queued for a host, and abortable waits. */
export /** A budget of time for the whole fetch that can be paused while queued in the host gate. */
class Deadline {
  readonly controller = new AbortController();
  #remainingMs: number;
  #resumedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  isTimedOut = false;
  readonly #onParentAbort: () => void;
  readonly #parent: AbortSignal | undefined;

  constructor(totalMs: number, parent: AbortSignal | undefined) {
    this.#remainingMs = totalMs;
    this.#parent = parent;
    this.#onParentAbort = () => this.controller.abort(parent?.reason);
    if (parent?.aborted) this.controller.abort(parent.reason);
    else parent?.addEventListener("abort", this.#onParentAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  resume(): void {
    if (this.#timer || this.controller.signal.aborted) return;
    this.#resumedAt = performance.now();
    this.#timer = setTimeout(
      () => {
        this.isTimedOut = true;
        this.controller.abort(new DOMException("Total timeout", "TimeoutError"));
      },
      Math.max(0, this.#remainingMs),
    );
  }

  pause(): void {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#remainingMs -= performance.now() - this.#resumedAt;
  }

  dispose(): void {
    this.pause();
    this.#parent?.removeEventListener("abort", this.#onParentAbort);
  }
}

export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
