import { parseAddress } from "./address-policy.ts";

/**
 * URL-level rules, applied to the first URL and to every redirect target: http/https only, no
 * credentials, no backslashes or control characters, ports 80, 443 and 1024–65535 (plus any
 * configured), no `localhost` names. Pure and never throws.
 */

export type UrlVerdict =
  | {
      kind: "ok";
      url: URL;
      /** Hostname without IPv6 brackets, lower-cased. */
      host: string;
      /** Set when the host is an IP literal (skips DNS). */
      literal: string | undefined;
      port: number;
    }
  | { kind: "bad_url"; reason: string }
  | { kind: "blocked_address"; host: string; reason: string };

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

export function isPortAllowed(port: number, allowPorts: readonly number[]): boolean {
  return (
    port === 80 || port === 443 || (port >= 1024 && port <= 65_535) || allowPorts.includes(port)
  );
}

export function checkUrl(
  input: string | URL,
  options: { allowPorts?: readonly number[]; base?: URL } = {},
): UrlVerdict {
  const text = typeof input === "string" ? input : input.href;
  if (typeof text !== "string" || text.length === 0) return { kind: "bad_url", reason: "empty" };
  if (text.length > 8192) return { kind: "bad_url", reason: "too long" };
  if (text.includes("\\")) return { kind: "bad_url", reason: "backslash in URL" };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f]/.test(text.trim()) || text !== text.trim()) {
    return { kind: "bad_url", reason: "whitespace or control character in URL" };
  }
  let url: URL;
  try {
    url = options.base ? new URL(text, options.base) : new URL(text);
  } catch {
    return { kind: "bad_url", reason: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { kind: "bad_url", reason: `scheme ${url.protocol} not allowed` };
  }
  if (url.username !== "" || url.password !== "") {
    return { kind: "bad_url", reason: "credentials in URL" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "") return { kind: "bad_url", reason: "no host" };
  const port = url.port === "" ? (DEFAULT_PORTS[url.protocol] as number) : Number(url.port);
  if (!isPortAllowed(port, options.allowPorts ?? [])) {
    return { kind: "blocked_address", host, reason: `port ${port} not allowed` };
  }
  const bare = host.replace(/\.$/, "");
  if (bare === "localhost" || bare.endsWith(".localhost")) {
    return { kind: "blocked_address", host, reason: "localhost name" };
  }
  const parsed = parseAddress(host);
  return { kind: "ok", url, host, literal: parsed ? parsed.toString() : undefined, port };
}
