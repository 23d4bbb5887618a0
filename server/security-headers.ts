import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "./http.ts";

/**
 * Origins a later feature may add to the policy (analytics hosts, Stripe's script), each to
 * the directive it needs. Everything else is this origin only.
 */
export type CspExtraSources = {
  scriptSrc?: readonly string[];
  connectSrc?: readonly string[];
  imgSrc?: readonly string[];
  frameSrc?: readonly string[];
  formAction?: readonly string[];
};

/** Both lists of sources, directive by directive. */
export function mergeCspSources(
  a: CspExtraSources,
  b: CspExtraSources | undefined,
): CspExtraSources {
  if (!b) return a;
  const keys = ["scriptSrc", "connectSrc", "imgSrc", "frameSrc", "formAction"] as const;
  const merged: CspExtraSources = {};
  for (const key of keys) {
    const list = [...new Set([...(a[key] ?? []), ...(b[key] ?? [])])];
    if (list.length > 0) merged[key] = list;
  }
  return merged;
}

/** A fresh nonce for one response: 128 random bits. */
export function createCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The one Content-Security-Policy of every response. Scripts run only from this origin or
 * inline with this response's nonce (the theme boot script, React Router's hydration data and
 * module loader, React's streaming scripts); nothing may frame the app; plugins, <base> and
 * foreign form targets are off. Styles allow inline, because React style attributes and the
 * toaster's injected <style> need it (styles cannot run code).
 */
export function buildContentSecurityPolicy(options: {
  nonce: string;
  extra?: CspExtraSources;
}): string {
  const extra = options.extra ?? {};
  const directives: Array<[string, readonly string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${options.nonce}'`, ...(extra.scriptSrc ?? [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(extra.imgSrc ?? [])]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...(extra.connectSrc ?? [])]],
    ["frame-src", extra.frameSrc?.length ? [...extra.frameSrc] : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'", ...(extra.formAction ?? [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * Security headers on every response (pages, API, assets). In development the policy is
 * report-only: Vite's hot reload injects inline scripts of its own.
 */
export function securityHeaders(
  options: {
    isReportOnly?: boolean;
    extra?: CspExtraSources;
    /** Sources one page needs and no other (Stripe's script on the upgrade page). */
    extraForPath?: (path: string) => CspExtraSources | undefined;
    /**
     * PUBLIC_URL is https://: browsers are told to use HTTPS only for a year
     * (Strict-Transport-Security). Not includeSubDomains: other hosts under this one are not ours.
     */
    isHttps?: boolean;
  } = {},
): MiddlewareHandler<HonoEnv> {
  const cspHeader = options.isReportOnly
    ? "Content-Security-Policy-Report-Only"
    : "Content-Security-Policy";
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    // A response that chose its own policy (a sandboxed picture) keeps it.
    if (!headers.has("content-security-policy")) {
      const extra = mergeCspSources(options.extra ?? {}, options.extraForPath?.(c.req.path));
      const policy = buildContentSecurityPolicy({ nonce: c.get("scope").cspNonce, extra });
      headers.set(cspHeader, policy);
    }
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "same-origin");
    headers.set("X-Frame-Options", "DENY");
    if (options.isHttps) headers.set("Strict-Transport-Security", "max-age=31536000");
  };
}
