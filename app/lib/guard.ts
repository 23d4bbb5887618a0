/** Which visitors a page admits; every page route declares one (see app/lib/guard.server.ts). */
export type AuthRule = "required" | "guest" | "public";

export type AccessDecision = { kind: "allow" } | { kind: "redirect"; to: string };

/**
 * Signed-out visitors on a required page go to the login page and come back afterwards;
 * signed-in visitors on a guest page (register, reset) go to their hub.
 */
export function decideAccess(rule: AuthRule, isSignedIn: boolean, url: URL): AccessDecision {
  if (rule === "required" && !isSignedIn) {
    const back = pagePath(url);
    return { kind: "redirect", to: `/login?redirect=${encodeURIComponent(back)}` };
  }
  if (rule === "guest" && isSignedIn) return { kind: "redirect", to: "/hub" };
  return { kind: "allow" };
}

/**
 * A `redirect` query value we may follow: a same-site path only. Anything else (absolute
 * URLs, protocol-relative `//host`, backslash tricks, control characters) falls back.
 */
export function safeRedirectPath(value: unknown, fallback = "/hub"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2_000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, "http://dropwave.invalid");
    if (parsed.origin !== "http://dropwave.invalid") return fallback;
    return pagePath(parsed);
  } catch {
    return fallback;
  }
}

/**
 * The page a URL stands for, as a same-site path. React Router fetches a page's data from
 * `/hub.data?_routes=…` (`/_.data` for `/`, `/hub/_.data` for `/hub/`); a redirect target
 * built from such a request must name the page, or the person lands on "Page Not Found:
 * /hub.data" after signing in.
 */
export function pagePath(url: URL): string {
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return `${pathname || "/"}${search ? `?${search}` : ""}${url.hash}`;
}
