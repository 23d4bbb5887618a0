import { CLIENT_IP_HEADER, handleAuth } from "../../core/accounts/auth.ts";
import type { AppServices, RequestScope } from "../context.ts";

/**
 * Calls one of better-auth's public endpoints from a page action, through its full request
 * pipeline (rate limits, origin checks), as the visitor: their cookie, IP and user agent.
 */
export function callAuth(
  services: AppServices,
  scope: RequestScope,
  request: Request,
  path: `/${string}`,
  body: unknown,
): Promise<Response> {
  const headers = new Headers({
    "content-type": "application/json",
    origin: services.env.PUBLIC_URL,
    [CLIENT_IP_HEADER]: scope.clientIp,
  });
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return handleAuth(
    services.auth,
    new Request(`${services.env.PUBLIC_URL}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    scope.log,
  );
}

/** The Set-Cookie headers of an auth answer, to pass on with a redirect. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

/** Seconds until a rate-limited visitor may try again. */
export function retryAfterSeconds(response: Response): number {
  const value = Number(
    response.headers.get("x-retry-after") ?? response.headers.get("retry-after"),
  );
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 60;
}

export async function authErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: string };
    return body.code;
  } catch {
    return undefined;
  }
}
