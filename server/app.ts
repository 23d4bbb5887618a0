import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { isbot } from "isbot";
import { RouterContextProvider } from "react-router";
import { type AppServices, requestContext, servicesContext } from "../app/context.ts";
import { AppError, isAppError } from "../core/errors.ts";
import { POSTHOG_PROXY_PATH } from "../core/operator/analytics-paths.ts";
import { billingCspSourcesFor, operatorCspSources } from "../core/operator/csp-sources.ts";
import { createApi } from "./api/index.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { canonicalRedirect, wrongOriginPage } from "./canonical-origin.ts";
import { createClientAddressResolver } from "./client-address.ts";
import { compressResponses } from "./compression.ts";
import { mountExtensionDownloads } from "./extension-downloads.ts";
import { apiErrorResponse, type HonoEnv } from "./http.ts";
import { mountImageRoutes } from "./image-route.ts";
import { createIngestProxy } from "./ingest-proxy.ts";
import { mountLatestJson } from "./latest-json.ts";
import { createCspNonce, securityHeaders } from "./security-headers.ts";
import { mountUnsubscribe } from "./unsubscribe.ts";

export type { HonoEnv };

/** Renders pages: React Router's request handler (absent in API-only tests). */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export type AppOptions = {
  pageHandler?: PageHandler;
  /** Serves build/client in production (dev uses Vite's middleware instead). */
  staticAssets?: (app: Hono<HonoEnv>) => void;
  /** Vite's dev server: its inline scripts have no nonce, so the CSP only reports. */
  isDevelopment?: boolean;
  /** Serves /latest.json (the build's id) from this file; production passes LATEST_JSON_PATH. */
  latestJsonFile?: string;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The HTTP host: request scope, the JSON API under /api, then every page. */
export function createApp(services: AppServices, options: AppOptions = {}): Hono<HonoEnv> {
  const app = new Hono<HonoEnv>();
  const clientAddress = createClientAddressResolver(services.env.TRUSTED_PROXIES);

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = services.log.child({ requestId });
    const clientIp = clientAddress(socketAddress(c), c.req.header("x-forwarded-for"));
    c.set("scope", { requestId, log, clientIp, cspNonce: createCspNonce() });
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    const ms = Math.round(performance.now() - started);
    const path = c.req.path;
    const level = path.startsWith("/assets/") ? "debug" : "info";
    log[level]({ method: c.req.method, path, status: c.res.status, ms }, "request");
  });

  app.use(
    securityHeaders({
      isReportOnly: options.isDevelopment ?? false,
      extra: operatorCspSources(services.env),
      extraForPath: billingCspSourcesFor(services.env),
      isHttps: services.env.PUBLIC_URL.startsWith("https://"),
    }),
  );
  app.use(limitRequestBodies({ importMaxBytes: services.env.IMPORT_MAX_BYTES }));
  app.use(compressResponses());

  app.route("/api", createApi(services));
  mountImageRoutes(app, services);
  mountUnsubscribe(app, services);
  mountExtensionDownloads(app);
  const { POSTHOG_PROXY, POSTHOG_HOST, POSTHOG_KEY } = services.env;
  if (POSTHOG_PROXY && POSTHOG_HOST && POSTHOG_KEY)
    app.route(POSTHOG_PROXY_PATH, createIngestProxy(POSTHOG_HOST));

  if (options.latestJsonFile) mountLatestJson(app, options.latestJsonFile);
  options.staticAssets?.(app);

  const pageHandler = options.pageHandler;
  app.all("*", async (c) => {
    // The same server under another loopback name: to PUBLIC_URL before any form is filled.
    const redirectTo = canonicalRedirect({
      method: c.req.method,
      pathAndQuery: new URL(c.req.url).pathname + new URL(c.req.url).search,
      host: c.req.header("host"),
      isProxied: Boolean(c.req.header("x-forwarded-host") || c.req.header("forwarded")),
      publicUrl: services.env.PUBLIC_URL,
      listenPort: services.env.PORT,
    });
    if (redirectTo) return c.redirect(redirectTo, 302);
    // Form posts (React Router actions) must come from our own pages, like API writes.
    if (!SAFE_METHODS.has(c.req.method) && c.req.header("origin") !== services.env.PUBLIC_URL) {
      c.get("scope").log.warn(
        { method: c.req.method, path: c.req.path, origin: c.req.header("origin") ?? null },
        "cross-site form post refused",
      );
      return c.html(wrongOriginPage(services.env.PUBLIC_URL, c.req.path), 403);
    }
    if (!pageHandler) return c.text("Not Found", 404);
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, c.get("scope"));
    const response = await pageHandler(c.req.raw, context);
    // Crawlers get a bare status for errors instead of a rendered error page.
    if (response.status >= 400 && isbot(c.req.header("user-agent") ?? "")) {
      const text = response.statusText || STATUS_CODES[response.status] || "";
      return new Response(`${response.status} ${text}`.trim(), {
        status: response.status,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return response;
  });

  app.onError((error, c) => {
    const scope = c.get("scope");
    if (isAppError(error)) return apiErrorResponse(c, error);
    scope?.log.error({ err: error }, "unhandled error");
    if (c.req.path.startsWith("/api/")) {
      return apiErrorResponse(c, new AppError("internal", "Something went wrong on our side."));
    }
    return c.text("Internal Server Error", 500);
  });

  return app;
}

/** The socket's peer address (X-Forwarded-For counts only from TRUSTED_PROXIES). */
function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests without bindings has no socket.
    return undefined;
  }
}
