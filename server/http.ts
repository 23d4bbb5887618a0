import type { Context } from "hono";
import type { RequestScope } from "../app/context.ts";
import { CLIENT_IP_HEADER } from "../core/accounts/auth.ts";
import type { AppError } from "../core/errors.ts";

export type HonoEnv = { Variables: { scope: RequestScope } };

/** A copy of the request whose client-IP header is the one we measured. */
export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}

/** `{ error: { code, message, fields? } }` with the status of the code. */
export function apiErrorResponse(c: Context, error: AppError): Response {
  const retryAfter = error.details?.retryAfterSeconds;
  if (error.code === "rate_limited" && typeof retryAfter === "number") {
    c.header("Retry-After", String(retryAfter));
  }
  return c.json(
    {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
      },
    },
    error.status as 400,
  );
}
