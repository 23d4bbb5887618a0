import { cors } from "hono/cors";

/** chrome-extension://<id> (Chrome, Edge, Brave) and moz-extension://<uuid> (Firefox). */
const EXTENSION_ORIGIN = /^(?:chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/;

export function isExtensionOrigin(origin: string): boolean {
  return EXTENSION_ORIGIN.test(origin);
}

/**
 * CORS for /api/v1, for browser extensions only: an extension's pages call the API from their
 * own origin with a Bearer token. No other web origin gets CORS headers, and credentials
 * (cookies) are never allowed across origins, so a web page can still not use a signed-in
 * person's session through the API.
 */
export function extensionCors() {
  return cors({
    origin: (origin) => (isExtensionOrigin(origin) ? origin : null),
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: ["authorization", "content-type"],
    maxAge: 600,
    credentials: false,
  });
}
