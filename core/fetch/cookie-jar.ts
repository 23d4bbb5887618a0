/**
 * A minimal cookie jar for one check: cookies a store sets while redirecting (consent, session,
 * bot-check tokens) are sent back on the following hops of the same check, never to another
 * check. Host-only and Domain cookies, Path, Secure and Max-Age/Expires deletion.
 */

type Cookie = {
  name: string;
  value: string;
  domain: string;
  isHostOnly: boolean;
  path: string;
  isSecure: boolean;
};

function defaultPath(url: URL): string {
  const path = url.pathname;
  if (!path.startsWith("/") || path === "/") return "/";
  const last = path.lastIndexOf("/");
  return last <= 0 ? "/" : path.slice(0, last);
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$|:/.test(host));
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

export class CookieJar {
  #cookies: Cookie[] = [];

  /** Store the Set-Cookie headers of a response from `url`. */
  store(url: URL, setCookie: string | string[] | undefined): void {
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    const host = url.hostname.toLowerCase();
    for (const line of lines.slice(0, 50)) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (name === "" || name.length + value.length > 4096) continue;
      let domain = host;
      let isHostOnly = true;
      let path = defaultPath(url);
      let isSecure = false;
      let isExpired = false;
      for (const attribute of attributes) {
        const [rawKey = "", ...rest] = attribute.split("=");
        const key = rawKey.trim().toLowerCase();
        const val = rest.join("=").trim();
        if (key === "domain" && val !== "") {
          const d = val.replace(/^\./, "").toLowerCase();
          if (!domainMatches(host, d)) {
            isExpired = true; // a cookie for another site: ignore it
          } else {
            domain = d;
            isHostOnly = false;
          }
        } else if (key === "path" && val.startsWith("/")) path = val;
        else if (key === "secure") isSecure = true;
        else if (key === "max-age" && /^-?\d+$/.test(val) && Number(val) <= 0) isExpired = true;
        else if (key === "expires" && Date.parse(val) <= Date.now()) isExpired = true;
      }
      this.#cookies = this.#cookies.filter(
        (c) => !(c.name === name && c.domain === domain && c.path === path),
      );
      if (!isExpired) this.#cookies.push({ name, value, domain, isHostOnly, path, isSecure });
    }
    if (this.#cookies.length > 100) this.#cookies = this.#cookies.slice(-100);
  }

  /** The Cookie header for a request to `url`, or undefined. */
  headerFor(url: URL): string | undefined {
    const host = url.hostname.toLowerCase();
    const isHttps = url.protocol === "https:";
    const matching = this.#cookies.filter(
      (c) =>
        (c.isHostOnly ? host === c.domain : domainMatches(host, c.domain)) &&
        pathMatches(url.pathname || "/", c.path) &&
        (!c.isSecure || isHttps),
    );
    if (matching.length === 0) return undefined;
    return matching.map((c) => `${c.name}=${c.value}`).join("; ");
  }
}
