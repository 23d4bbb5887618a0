import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { WebAnalyticsConfig } from "../core/env.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { isOperator } from "../core/operator/admin-access.ts";
import { ErrorHeader } from "./components/error-header.tsx";
import { FallbackOnError } from "./components/fallback-on-error.tsx";
import { LazyToaster } from "./components/lazy-toaster.tsx";
import { NotFound } from "./components/not-found-page.tsx";
import { ProductAnalytics } from "./components/product-analytics.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { buttonClass } from "./components/ui/button.tsx";
import { WrongOriginNotice } from "./components/wrong-origin-notice.tsx";
import { servicesContext, viewerContext } from "./context.ts";
import {
  documentNavigationType,
  resumeInterruptedNavigation,
  usePendingNavigationMemory,
} from "./lib/chunk-reload.ts";
import { errorText } from "./lib/error-text.ts";
import { clearFlashCookie, readFlash } from "./lib/flash.server.ts";
import { useFullLoadOnNavigation } from "./lib/full-load.ts";
import { needsHydration } from "./lib/hydration.ts";
import { useNewBuildWatch } from "./lib/new-build-watch.ts";
import { useNonce } from "./lib/nonce.ts";
import { onDemand } from "./lib/on-demand.ts";
import { useSessionWatch } from "./lib/session-watch.ts";
import { themeBootScript, themeSwitchScript } from "./lib/theme.ts";
import { toast } from "./lib/toast.ts";
import { zodJitlessScript } from "./lib/zod-browser.ts";

// A navigation cut short by a reload (its page's code was gone after a deploy) goes on to the
// page that was clicked, before this one hydrates.
if (typeof window !== "undefined") resumeInterruptedNavigation(documentNavigationType());

/** Reads the session once per request; pages then ask `viewerContext`. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const services = context.get(servicesContext);
    try {
      const session = await services.auth.api.getSession({ headers: request.headers });
      context.set(
        viewerContext,
        session
          ? {
              id: session.user.id,
              email: session.user.email,
              name: session.user.name,
              isEmailVerified: session.user.emailVerified,
            }
          : null,
      );
    } catch (error) {
      // A broken session lookup leaves the visitor signed out rather than breaking the page.
      services.log.warn({ err: error }, "session lookup failed");
      context.set(viewerContext, null);
    }
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const flash = readFlash(request);
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  return data(
    {
      viewer,
      // The account menu links /admin for the people allowed to open it (#39 item 12).
      isOperator: await isOperator(services.database.db, services.env.ADMIN_EMAILS, viewer),
      publicEnv: services.publicEnv,
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

/**
 * Whether this page ships React Router's scripts (app/lib/hydration.ts): not for a public page
 * that works as plain HTML, seen signed out on an instance without browser analytics.
 */
function useIsHydrated(): boolean {
  const matches = useMatches();
  // Absent when the root loader itself failed: hydrate, as before.
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Running in a browser means this document was hydrated: it stays so when it navigates to a
  // static page in the app (its scripts and scroll restoration are not taken away).
  if (typeof document !== "undefined") return true;
  return needsHydration(
    matches,
    rootData
      ? {
          isSignedIn: rootData.viewer !== null,
          hasBrowserAnalytics: Boolean(
            rootData.publicEnv.webAnalytics || rootData.publicEnv.productAnalytics,
          ),
        }
      : null,
  );
}

/**
 * The inline scripts' text, on the server only. They run from the server's HTML; hydration does
 * not rewrite an inline script (React checks an element's text children, not its innerHTML), so
 * the browser's copy of this component needs none of it and the client build leaves it out.
 */
const inlineScripts = import.meta.env.SSR
  ? { themeBoot: themeBootScript, themeSwitch: themeSwitchScript, zodJitless: zodJitlessScript }
  : { themeBoot: "", themeSwitch: "", zodJitless: "" };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const isHydrated = useIsHydrated();
  return (
    <html lang="en" className="dark" data-theme="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="index, follow" />
        <meta name="theme-color" content="#0d0221" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, applied before paint
          dangerouslySetInnerHTML={{ __html: inlineScripts.themeBoot }}
        />
        {isHydrated ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, before any module
            dangerouslySetInnerHTML={{ __html: inlineScripts.zodJitless }}
          />
        ) : (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script: the theme switch without React
            dangerouslySetInnerHTML={{ __html: inlineScripts.themeSwitch }}
          />
        )}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-bg text-fg antialiased">
        {children}
        {/* A static page: no module script, no module preloads, no hydration data. */}
        {isHydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

// Page-view counting, when the operator configured it: its own chunk, loaded after hydration, so
// an instance without web analytics sends none of its code.
const webAnalyticsCounter = onDemand<{ config: WebAnalyticsConfig }>(() =>
  import("./components/web-analytics.tsx").then((m) => ({ default: m.WebAnalytics })),
);

export default function App({ loaderData }: Route.ComponentProps) {
  useSessionWatch(loaderData.viewer?.id ?? null);
  usePendingNavigationMemory();
  useFullLoadOnNavigation();
  useNewBuildWatch(loaderData.publicEnv.newBuildPollSeconds);
  const isHydrated = useIsHydrated();
  const flash = loaderData.flash;
  useEffect(() => {
    if (flash) toast[flash.kind](flash.message);
  }, [flash]);
  // A marker that the page is interactive (browser tests wait on it; children's effects ran).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const webAnalytics = loaderData.publicEnv.webAnalytics;
  const WebAnalytics = webAnalyticsCounter.useComponent(Boolean(webAnalytics));
  return (
    <>
      <ProductAnalytics
        config={loaderData.publicEnv.productAnalytics}
        viewerId={loaderData.viewer?.id ?? null}
      />
      <Shell>
        {/* No toasts without React: a static page shows the flash in the page itself. */}
        {flash && !isHydrated ? <StaticFlash flash={flash} /> : null}
        <Outlet />
      </Shell>
      {webAnalytics && WebAnalytics ? <WebAnalytics config={webAnalytics} /> : null}
    </>
  );
}

/** The flash as a message in the page (FormMessage's look; not imported, to keep root small). */
function StaticFlash({
  flash,
}: {
  flash: NonNullable<Route.ComponentProps["loaderData"]["flash"]>;
}) {
  const isError = flash.kind === "error";
  return (
    <div className="mx-auto w-full max-w-md px-6 pt-8" data-testid="flash">
      <div
        role={isError ? "alert" : "status"}
        className={
          isError
            ? "rounded-lg border border-bad/50 bg-bad/10 px-3 py-2 text-sm text-bad"
            : "rounded-lg border border-accent-2/50 bg-accent-2/10 px-3 py-2 text-sm"
        }
      >
        {flash.message}
      </div>
    </div>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      {rootData ? <WrongOriginNotice publicUrl={rootData.publicEnv.publicUrl} /> : null}
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
      <LazyToaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  // Optional: the root loader may be the thing that failed. Nothing below needs it.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const isNotFound = status === 404;
  // One wording per status; never the thrown value's own text (route files, raw bodies).
  const text = errorText(status);
  const body = isNotFound ? (
    <NotFound path={location.pathname} />
  ) : (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" aria-labelledby="error-title">
      <p className="font-mono text-6xl font-black text-accent">{status}</p>
      <h1 id="error-title" className="mt-4 font-display text-3xl font-bold">
        {text.title}
      </h1>
      <p className="mt-4 text-muted">{text.description}</p>
      <a href="/" className={buttonClass({ size: "lg", className: "mt-8" })}>
        Back to the start
      </a>
    </section>
  );
  // A missing page (a deleted product, /admin for someone else) when the app itself is fine:
  // the same full header as an unknown address (theme switch, bell, menu: #39 item 11). The
  // plain error header stays for failures, where the root's data may be what failed.
  const plain = (
    <>
      <ErrorHeader isSignedIn={rootData ? rootData.viewer !== null : null} />
      <main id="main" className="flex-1">
        {body}
      </main>
      <SiteFooter />
    </>
  );
  if (isNotFound && rootData) {
    // Should the full header fail here, the plain one (no switch, bell or menu) stands in.
    return (
      <>
        <title>Page Not Found · Dropwave</title>
        <FallbackOnError fallback={plain}>
          <Shell>{body}</Shell>
        </FallbackOnError>
      </>
    );
  }
  return (
    <>
      <title>
        {isNotFound ? "Page Not Found · Dropwave" : `${status} ${text.title} · Dropwave`}
      </title>
      {plain}
    </>
  );
}
