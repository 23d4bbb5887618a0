import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { request as undiciRequest } from "undici";
import type { HonoEnv } from "./http.ts";

/**
 * `/ingest/ph/*` → the operator's PostHog host, when POSTHOG_PROXY is on: the browser only
 * talks to this origin. This is an allow-listed client for ONE origin the operator configured,
 * not the store fetcher with its private-address policy switched off: every request goes to
 * exactly that origin (a path can't name another host), no redirect is followed, cookies
 * don't travel either way, and the visitor's address is not forwarded.
 */

const MAX_BODY_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** Request headers worth forwarding; everything else (cookies, auth, client hints) stays. */
const FORWARD_REQUEST = [
  "content-type",
  "content-encoding",
  "accept",
  "accept-encoding",
  "user-agent",
];
const FORWARD_RESPONSE = ["content-type", "content-encoding", "cache-control", "etag", "vary"];

export function createIngestProxy(target: string): Hono<HonoEnv> {
  const origin = new URL(target).origin;
  const proxy = new Hono<HonoEnv>();

  proxy.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: { code: "too_large", message: "Body too large" } }, 413),
    }),
  );

  proxy.on(["GET", "POST"], "*", async (c) => {
    const incoming = new URL(c.req.url);
    const rest = incoming.pathname.replace(/^\/ingest\/ph/, "") || "/";
    // "//evil.example/x" or "/\\evil" would be read as another host by URL(): never leave origin.
    const upstream = new URL(`${origin}/${rest.replace(/^[/\\]+/, "")}${incoming.search}`);
    if (upstream.origin !== origin) return c.json({ error: { code: "bad_request" } }, 400);

    const headers: Record<string, string> = {};
    for (const name of FORWARD_REQUEST) {
      const value = c.req.header(name);
      if (value) headers[name] = value;
    }
    const method = c.req.method === "POST" ? "POST" : "GET";
    try {
      const answer = await undiciRequest(upstream, {
        method,
        headers,
        body: method === "POST" ? Buffer.from(await c.req.arrayBuffer()) : null,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const out = new Headers();
      for (const name of FORWARD_RESPONSE) {
        const value = answer.headers[name];
        if (typeof value === "string") out.set(name, value);
      }
      const body = Buffer.from(await answer.body.arrayBuffer());
      return new Response(answer.statusCode === 204 ? null : body, {
        status: answer.statusCode >= 300 && answer.statusCode < 400 ? 502 : answer.statusCode,
        headers: out,
      });
    } catch (error) {
      c.get("scope")?.log.warn({ err: error, upstream: origin }, "analytics proxy failed");
      return c.json({ error: { code: "bad_gateway", message: "Analytics host unreachable" } }, 502);
    }
  });

  return proxy;
}
