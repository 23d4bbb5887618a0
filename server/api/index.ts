import { Hono } from "hono";
import type { AppServices } from "../../app/context.ts";
import { handleAuth } from "../../core/accounts/auth.ts";
import { AppError } from "../../core/errors.ts";
import { apiErrorResponse, type HonoEnv, withClientIp } from "../http.ts";
import { createBillingApi } from "./billing.ts";
import { createApiV1 } from "./v1/index.ts";

/** The JSON API. Every answer is JSON, including unknown paths and errors. */
export function createApi(services: AppServices): Hono<HonoEnv> {
  const api = new Hono<HonoEnv>();

  api.get("/health", async (c) => {
    const isDatabaseUp = await services.database.ping();
    return c.json(
      {
        status: isDatabaseUp ? "ok" : "degraded",
        version: services.version,
        database: { kind: services.database.kind, status: isDatabaseUp ? "up" : "down" },
      },
      isDatabaseUp ? 200 : 503,
    );
  });

  api.on(["GET", "POST"], "/auth/*", (c) => {
    const scope = c.get("scope");
    return handleAuth(services.auth, withClientIp(c.req.raw, scope.clientIp), scope.log);
  });

  api.route("/v1", createApiV1(services));
  if (services.billing.stripe)
    api.route("/billing", createBillingApi(services, services.billing.stripe));

  api.all("*", (c) =>
    apiErrorResponse(c, new AppError("not_found", `No API route ${c.req.method} ${c.req.path}`)),
  );

  return api;
}
