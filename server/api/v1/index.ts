import { Hono } from "hono";
import type { AppServices } from "../../../app/context.ts";
import {
  ApiTokenInput,
  type ApiTokenSummary,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from "../../../core/accounts/api-tokens.ts";
import { AppError } from "../../../core/errors.ts";
import { parseJsonBody } from "../validate.ts";
import { checkNowFor, mountChannelRoutes } from "./channels.ts";
import { openApiDocument } from "./openapi.ts";
import { type ApiV1Env, requireUser } from "./require-user.ts";
import { mountWatchRoutes } from "./watches.ts";

/**
 * Version 1 of the JSON API for the browser extension and scripts. Every route names
 * `signedIn` (session cookie or personal API token) first; later features add their routes
 * here the same way (v1.db.test.ts sweeps every route for a 401 without credentials).
 * Per route rather than `use("*")`, so unknown paths stay a JSON 404.
 */
export function createApiV1(services: AppServices): Hono<ApiV1Env> {
  const v1 = new Hono<ApiV1Env>();
  const db = services.database.db;
  const signedIn = requireUser(services);

  // The API's own description is public, like any API documentation.
  v1.get("/openapi.json", (c) =>
    c.json(openApiDocument(services.publicEnv.publicUrl, services.version)),
  );

  v1.get("/me", signedIn, (c) => {
    const { id, email, name } = c.get("auth").user;
    return c.json({ id, email, name });
  });

  v1.get("/tokens", signedIn, async (c) => {
    const tokens = await listApiTokens(db, c.get("auth").user.id);
    return c.json({ tokens: tokens.map(toJson) });
  });

  // Creating a token needs the signed-in browser: a leaked token cannot mint more tokens.
  v1.post("/tokens", signedIn, async (c) => {
    const auth = c.get("auth");
    if (auth.method !== "session") {
      throw new AppError("forbidden", "Create tokens while signed in, on your account page.");
    }
    const input = await parseJsonBody(c, ApiTokenInput);
    const { token, summary } = await createApiToken(db, auth.user.id, input);
    return c.json({ token, ...toJson(summary) }, 201);
  });

  v1.delete("/tokens/:id", signedIn, async (c) => {
    await revokeApiToken(db, c.get("auth").user.id, c.req.param("id"));
    return c.body(null, 204);
  });

  mountWatchRoutes(v1, services, signedIn, { checkNow: checkNowFor(services) });
  mountChannelRoutes(v1, services, signedIn);

  return v1;
}

function toJson(summary: ApiTokenSummary) {
  return {
    id: summary.id,
    name: summary.name,
    prefix: summary.prefix,
    createdAt: summary.createdAt.toISOString(),
    lastUsedAt: summary.lastUsedAt?.toISOString() ?? null,
  };
}
