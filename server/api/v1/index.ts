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
import { checkNowFor, mountChannelRoutes } from "./channels.ts";
import { mountCountryRoutes } from "./country.ts";
import { mountDocsRoutes } from "./docs.ts";
import { mountExtensionRoutes } from "./extension.ts";
import { extensionCors } from "./extension-cors.ts";
import { mountGroupRoutes } from "./groups.ts";
import { type ApiV1Env, requireUser } from "./require-user.ts";
import { ApiRouter, idParam } from "./route.ts";
import { Me, TokenCreated, TokenList } from "./schemas.ts";
import { mountWatchRoutes } from "./watches.ts";

/**
 * Version 1 of the JSON API for the browser extension and scripts. Every route is one
 * `api.add({ method, path, summary, body, responses }, handler)` (route.ts): signed in
 * (session cookie or personal API token) unless marked public, its body parsed with the core
 * schema it names, and written into the OpenAPI document (openapi.ts) from the same object.
 * Per route rather than `use("*")`, so unknown paths stay a JSON 404.
 */
export function createApiV1(services: AppServices): Hono<ApiV1Env> {
  const v1 = new Hono<ApiV1Env>();
  // Browser extensions call from their own origins (with a token, never cookies).
  v1.use("*", extensionCors());
  const db = services.database.db;
  const api = new ApiRouter(v1, {
    signedIn: requireUser(services),
    isCheckingResponses: services.env.NODE_ENV === "test",
  });
  const tag = "Account";

  api.add(
    {
      method: "get",
      path: "/me",
      tag,
      isForExtension: true,
      summary: "Who is signed in",
      responses: { 200: { description: "The signed-in person", schema: Me } },
    },
    (c) => {
      const { id, email, name } = c.get("auth").user;
      return c.json({ id, email, name });
    },
  );

  api.add(
    {
      method: "get",
      path: "/tokens",
      tag,
      summary: "Personal API tokens (never their secrets)",
      responses: { 200: { description: "The tokens", schema: TokenList } },
    },
    async (c) => {
      const tokens = await listApiTokens(db, c.get("auth").user.id);
      return c.json({ tokens: tokens.map(toJson) });
    },
  );

  // Creating a token needs the signed-in browser: a leaked token cannot mint more tokens.
  api.add(
    {
      method: "post",
      path: "/tokens",
      tag,
      summary: "Create a token (signed in with the browser only)",
      body: ApiTokenInput,
      responses: { 201: { description: "The token, shown once", schema: TokenCreated } },
      errors: [403, 422],
    },
    async (c, { body }) => {
      const auth = c.get("auth");
      if (auth.method !== "session") {
        throw new AppError("forbidden", "Create tokens while signed in, on your account page.");
      }
      const { token, summary } = await createApiToken(db, auth.user.id, await body());
      return c.json({ token, ...toJson(summary) }, 201);
    },
  );

  api.add(
    {
      method: "delete",
      path: "/tokens/:id",
      tag,
      summary: "Revoke a token",
      responses: { 204: { description: "Revoked", isBodyless: true } },
    },
    async (c) => {
      await revokeApiToken(db, c.get("auth").user.id, idParam(c));
      return c.body(null, 204);
    },
  );

  mountWatchRoutes(api, services, { checkNow: checkNowFor(services) });
  mountGroupRoutes(api, services);
  mountChannelRoutes(api, services);
  mountExtensionRoutes(api, services);
  mountCountryRoutes(api, services);
  // Last: the description lists every route added above.
  mountDocsRoutes(api, services);

  return v1;
}

function toJson(summary: ApiTokenSummary) {
  return {
    id: summary.id,
    name: summary.name,
    prefix: summary.prefix,
    scope: summary.scope,
    createdAt: summary.createdAt.toISOString(),
    lastUsedAt: summary.lastUsedAt?.toISOString() ?? null,
  };
}
