import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ThemedToaster } from "./components/themed-toaster.tsx";
import { servicesContext, viewerContext } from "./context.ts";
import { clearFlashCookie, readFlash } from "./lib/flash.server.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { useSessionWatch } from "./lib/session-watch.ts";
import { themeBootScript } from "./lib/theme.ts";
import { NotFound } from "./routes/not-found.tsx";

/** Reads the session once per request; pages then ask `viewerContext`. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const services = context.get(servicesContext);
    try {
      const session = await services.auth.api.getSession({ headers: request.headers });
      context.set(
        viewerContext,
        session
          ? { id: session.user.id, email: session.user.email, name: session.user.name }
          : null,
      );
    } catch (error) {
      // A broken session lookup leaves the visitor signed out rather than breaking the page.
      services.log.warn({ err: error }, "session lookup failed");
      context.set(viewerContext, null);
    }
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const flash = readFlash(request);
  return data(
    {
      viewer: context.get(viewerContext),
      publicEnv: context.get(servicesContext).publicEnv,
      flash,
    },
    flash ? { headers: { "set-cookie": clearFlashCookie } } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable, and a share target: sharing a store page to Dropwave opens /hub/add.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className="dark" data-theme="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="index, follow" />
        <meta name="theme-color" content="#0d0221" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, applied before paint */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-bg text-fg antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  useSessionWatch(loaderData.viewer?.id ?? null);
  const flash = loaderData.flash;
  useEffect(() => {
    if (flash) toast[flash.kind](flash.message);
  }, [flash]);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell>
        <Outlet />
      </Shell>
    </QueryClientProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <ThemedToaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error)
    ? error.statusText || "Error"
    : "Internal Server Error";
  const description = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : "The server could not complete this request."
    : "Something went wrong on our side. Try again in a moment; if it keeps happening, tell whoever runs this Dropwave.";
  const body = isNotFound ? (
    <NotFound path={location.pathname} />
  ) : (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" aria-labelledby="error-title">
      <p className="font-mono text-6xl font-black text-accent">{status}</p>
      <h1 id="error-title" className="mt-4 font-display text-3xl font-bold">
        {statusText}
      </h1>
      <p className="mt-4 text-muted">{description}</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-lg bg-accent px-5 py-2.5 font-semibold text-accent-fg"
      >
        Back to the start
      </a>
    </section>
  );
  return (
    <>
      <title>
        {isNotFound ? "Page Not Found · Dropwave" : `${status} ${statusText} · Dropwave`}
      </title>
      {rootData ? (
        <Shell>{body}</Shell>
      ) : (
        <main id="main" className="flex-1">
          {body}
        </main>
      )}
    </>
  );
}
