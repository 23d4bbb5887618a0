import { QueryClient } from "@tanstack/react-query";
import { type HttpOptions, http, isTransientFailure } from "./http.ts";

/** Backing off from 1 s up to 30 s between a query's retries. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 30_000);
}

const MAX_QUERY_RETRIES = 3;

/**
 * Stale after 5 s, kept 5 min, 3 retries with backoff — for transient failures only (the
 * network, or 408/409/425/429/5xx): a 404 or 401 will not change by asking again.
 * Queries fetch through `apiQuery`, which turns the HTTP client's own retry off, so a failing
 * GET is tried at most 4 times, not 2 × 4 (docs/decisions/0016-client-data.md).
 */
export function createQueryClient(options: { retryDelay?: typeof retryDelayMs } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) =>
          failureCount < MAX_QUERY_RETRIES && isTransientFailure(error),
        retryDelay: options.retryDelay ?? retryDelayMs,
      },
    },
  });
}

/** A query function for a GET of the JSON API; the query client does the retrying. */
export function apiQuery<T>(url: string, options: Omit<HttpOptions, "signal" | "retry"> = {}) {
  return ({ signal }: { signal: AbortSignal }) =>
    http<T>(url, { ...options, signal, retry: false });
}
