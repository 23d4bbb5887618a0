import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { isbot } from "isbot";
import { RouterContextProvider } from "react-router";
import { type AppServices, requestContext, servicesContext } from "../app/context.ts";
import { AppError } from "../core/errors.ts";
import { createApi } from "./api/index.ts";
import { apiErrorResponse, type HonoEnv } from "./http.ts";

export type { HonoEnv };

/** Renders pages: React Router's request handler (absent in API-only tests). */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export type AppOptions = {
  pageHandler?: PageHandler;
  /** Serves build/client in production (dev uses Vite's middleware instead). */
  staticAssets?: (app: Hono<HonoEnv>) => void;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The HTTP host: request scope, the JSON API under /api, then every page. */
export function createApp(services: AppServices, options: AppOptions = {}): Hono<HonoEnv> {
  const app = new Hono<HonoEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = services.log.child({ requestId });
    c.set("scope", { requestId, log, clientIp: clientIp(c) });
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    const ms = Math.round(performance.now() - started);
    const path = c.req.path;
    const level = path.startsWith("/assets/") ? "debug" : "info";
    log[level]({ method: c.req.method, path, status: c.res.status, ms }, "request");
  });

  app.route("/api", createApi(services));

  options.staticAssets?.(app);

  const pageHandler = options.pageHandler;
  app.all("*", async (c) => {
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
    if (error instanceof AppError) return apiErrorResponse(c, error);
    scope?.log.error({ err: error }, "unhandled error");
    if (c.req.path.startsWith("/api/")) {
      return apiErrorResponse(c, new AppError("internal", "Something went wrong on our side."));
    }
    return c.text("Internal Server Error", 500);
  });

  return app;
}

/** The socket's address (a client-sent forwarding header is never trusted here). */
function clientIp(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}
