import ipaddr from "ipaddr.js";

/**
 * The same server under another address (#39 item 1): `npm start` listens on 127.0.0.1 while
 * PUBLIC_URL says localhost, or the reverse. Forms only work at PUBLIC_URL (their Origin is
 * checked, and sessions are cookies of that host), so a page opened elsewhere leads the person
 * there before they fill a form:
 *
 * - a redirect, only where it cannot loop: PUBLIC_URL is itself a loopback address on the very
 *   port this process listens on, and the request came straight to that port under another
 *   loopback name (no proxy headers). Then nothing can stand between the browser and this
 *   server, and the redirected request arrives with PUBLIC_URL's host. A reverse proxy that
 *   rewrites Host to 127.0.0.1:PORT (nginx's default) has a PUBLIC_URL that is not loopback,
 *   so its requests are never redirected;
 * - everywhere else, a notice on the page (root.tsx, `wrongOriginScript`), decided in the
 *   browser, which alone knows the address it opened;
 * - and a refused form post answers with a page that explains and links (not plain text).
 */

const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost"]);

/** Whether a host name (no port; IPv6 with or without brackets) is this machine's loopback. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (LOOPBACK_NAMES.has(name) || name.endsWith(".localhost")) return true;
  if (!ipaddr.isValid(name)) return false;
  const address = ipaddr.process(name);
  return address.range() === "loopback" || address.range() === "unspecified";
}

/** PUBLIC_URL + the request's path, where the request should be redirected; else null. */
export function canonicalRedirect(input: {
  method: string;
  /** The request's URL path and query. */
  pathAndQuery: string;
  /** The Host header as received. */
  host: string | undefined;
  /** Whether the request carries proxy headers (X-Forwarded-Host, Forwarded). */
  isProxied: boolean;
  publicUrl: string;
  listenPort: number;
}): string | null {
  if (input.method !== "GET" && input.method !== "HEAD") return null;
  if (input.isProxied || !input.host) return null;
  if (input.pathAndQuery.startsWith("/api/") || input.pathAndQuery.startsWith("/assets/"))
    return null;
  let requested: URL;
  let canonical: URL;
  try {
    requested = new URL(`http://${input.host}`);
    canonical = new URL(input.publicUrl);
  } catch {
    return null;
  }
  if (canonical.protocol !== "http:") return null;
  const port = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (port(canonical) !== input.listenPort || port(requested) !== input.listenPort) return null;
  if (!isLoopbackName(canonical.hostname) || !isLoopbackName(requested.hostname)) return null;
  if (requested.hostname.toLowerCase() === canonical.hostname.toLowerCase()) return null;
  return `${canonical.origin}${input.pathAndQuery}`;
}

/** The answer to a form posted from another address: a page that says why and links. */
export function wrongOriginPage(publicUrl: string, path: string): string {
  const target = escapeHtml(`${publicUrl}${path.startsWith("/") ? path : "/"}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Dropwave at its own address</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem;color:#111827}a{color:#6d28d9}</style>
</head><body>
<h1>Open Dropwave at its own address</h1>
<p>This form was sent from a page at another address than Dropwave's own, so it was not
accepted (Dropwave only takes forms from its own pages, to keep other sites from sending them
in your name). Nothing was changed.</p>
<p>Open <a href="${target}">${escapeHtml(publicUrl)}</a> and send the form again from there.</p>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
