/**
 * The browser's one way to call the JSON API. Safe methods are retried once on transient
 * statuses; POST/PUT/PATCH/DELETE never are (they may have taken effect).
 */

import { ApiError, readApiResponse } from "./api-error.ts";

export const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type HttpOptions = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Retry a safe method once on a transient status (default true). Queries pass false: the
   * query client owns their retries, so the two never multiply (app/lib/query-client.ts).
   */
  retry?: boolean;
  /** For tests: the fetch to use and the pause before the retry. */
  fetchImpl?: typeof fetch;
  retryDelayMs?: number;
};

export async function http<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const method = (options.method ?? "GET").toUpperCase();
  const doFetch = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const attempt = () =>
    doFetch(url, { method, headers, body, signal: options.signal, credentials: "same-origin" });

  let response = await attempt();
  if (
    options.retry !== false &&
    SAFE_METHODS.has(method) &&
    RETRYABLE_STATUSES.has(response.status)
  ) {
    await pause(retryAfterMs(response) ?? options.retryDelayMs ?? 500, options.signal);
    response = await attempt();
  }
  return readApiResponse<T>(response);
}

/** A failure worth another try: the network failed, or the server answered a transient status. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  // fetch rejects with a TypeError when the network fails; an abort is not worth retrying.
  return error instanceof TypeError;
}

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 5_000);
  return undefined;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
