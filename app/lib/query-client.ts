import { QueryClient } from "@tanstack/react-query";

/** Stale after 5 s, kept 5 min, 3 retries backing off from 1 s up to 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        gcTime: 5 * 60_000,
        retry: 3,
        retryDelay: retryDelayMs,
      },
    },
  });
}
