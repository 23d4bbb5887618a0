import { createMiddleware } from "hono/factory";
import type { AppServices } from "../../../app/context.ts";
import {
  authenticateApiToken,
  type TokenScope,
  type TokenUser,
} from "../../../core/accounts/api-tokens.ts";
import { AppError } from "../../../core/errors.ts";
import type { HonoEnv } from "../../http.ts";

/** How the caller proved who they are: the browser's session cookie or a personal API token. */
export type ApiAuth =
  | { user: TokenUser; method: "session" }
  | { user: TokenUser; method: "token"; tokenId: string; scope: TokenScope };

export type ApiV1Env = { Variables: HonoEnv["Variables"] & { auth: ApiAuth } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Authenticates every /api/v1 request: `Authorization: Bearer dw_…` (a personal API token),
 * else the session cookie. Answers 401 JSON when neither holds. A bearer header that is
 * present but wrong is a 401 even if a cookie is sent too, so a script never silently acts
 * as whoever is signed in. Cookie-authenticated writes must come from our own origin.
 */
export function requireUser(services: AppServices) {
  return createMiddleware<ApiV1Env>(async (c, next) => {
    const header = c.req.header("authorization");
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
      const found = match?.[1] ? await authenticateApiToken(services.database.db, match[1]) : null;
      if (!found) throw new AppError("unauthorized", "That API token is not valid (revoked?).");
      c.set("auth", {
        user: found.user,
        method: "token",
        tokenId: found.tokenId,
        scope: found.scope,
      });
      return next();
    }
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      throw new AppError(
        "unauthorized",
        "Sign in, or send a personal API token as `Authorization: Bearer <token>`.",
      );
    }
    if (!SAFE_METHODS.has(c.req.method) && c.req.header("origin") !== services.env.PUBLIC_URL) {
      throw new AppError("forbidden", "Cross-site requests with a session cookie are refused.");
    }
    const { id, email, name } = session.user;
    c.set("auth", { user: { id, email, name }, method: "session" });
    return next();
  });
}
