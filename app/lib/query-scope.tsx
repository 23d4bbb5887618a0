import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createQueryClient } from "./query-client.ts";

let browserClient: QueryClient | undefined;

/**
 * TanStack Query for the components that use it (the bell, the notification settings, a
 * watch's channels), instead of a provider in root.tsx that put the library on every page,
 * the landing page included. In the browser every scope shares one client (one cache, so the
 * bell and the settings invalidate each other); on the server each render gets its own, so
 * nothing is shared between requests.
 */
export function QueryScope({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => {
    if (typeof window === "undefined") return createQueryClient();
    browserClient ??= createQueryClient();
    return browserClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
