import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import type { Logger } from "../log.ts";
import { type AddressPolicy, createAddressPolicy } from "./address-policy.ts";
import { createMemoryHostGate, type HostGate } from "./host-gate.ts";
import {
  createPinnedConnections,
  type DialOverride,
  type PinnedConnections,
  type PinnedTarget,
} from "./pinned-connections.ts";

/**
 * The fetcher's settings: what a caller may set (FetcherOptions), the same with every default
 * filled in once at construction (ResolvedOptions), and the request headers built from them.
 */
export type { DialOverride, PinnedTarget };

/** Resolves a hostname to every address it has (like `dns.lookup(host, { all: true })`). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export type FetcherOptions = {
  /** Dropwave's version and public address, for the honest default User-Agent. */
  version: string;
  publicUrl: string;
  /** Replaces the default User-Agent. */
  userAgent?: string;
  /** CIDRs that may be reached although private (e.g. `127.0.0.1/32`). Empty by default. */
  allowPrivate?: readonly string[];
  /** Ports allowed besides 80, 443 and 1024–65535. */
  allowPorts?: readonly number[];
  /** Whole fetch, all hops, excluding time queued in the host gate. Default 15 000. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Page body cap, counted after decompression. Default 5 MB. */
  maxBytes?: number;
  /** Response cap for `request` (webhooks). Default 64 KB. */
  requestMaxBytes?: number;
  maxRedirects?: number;
  hostConcurrency?: number;
  hostSpacingMs?: number;
  /** Shared politeness state; an in-memory gate built from the two options above by default. */
  hostGate?: HostGate;
  /** Backoff after a 403/429/503 without Retry-After. Default 60 000. */
  backoffMs?: number;
  /** Retry-After values are capped at this. Default 6 h. */
  maxRetryAfterMs?: number;
  /**
   * Trusted CA certificates in PEM, REPLACING the system store (an intranet's own CA, tests).
   * Unset by default: the system's roots.
   */
  tlsCa?: string;
  /** DNS; `dns.lookup` with all addresses by default. Tests inject fakes. */
  resolve?: Resolver;
  /** Path of a Chromium binary: enables `render: true`. */
  chromiumPath?: string;
  logger?: Logger;
  /**
   * TEST SEAM, never set in production: dial a different address than the one the policy
   * checked (so a test can make `public.test` look public to the policy yet reach 127.0.0.1).
   */
  unsafeDialOverride?: DialOverride;
};

export type ResolvedOptions = Required<
  Omit<
    FetcherOptions,
    | "userAgent"
    | "hostGate"
    | "resolve"
    | "chromiumPath"
    | "logger"
    | "unsafeDialOverride"
    | "tlsCa"
  >
> & {
  userAgent: string;
  addressPolicy: AddressPolicy;
  hostGate: HostGate;
  resolve: Resolver;
  chromiumPath: string | undefined;
  logger: Logger | undefined;
  unsafeDialOverride: DialOverride | undefined;
  tlsCa: string | undefined;
  /** Keep-alive connections, per origin and checked addresses (pinned-connections.ts). */
  connections: PinnedConnections;
};

const STRIPPED_REQUEST_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-connection",
  "proxy-authorization",
  "expect",
]);

const defaultResolver: Resolver = async (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true }) as Promise<LookupAddress[]>;

export function resolveOptions(options: FetcherOptions): ResolvedOptions {
  const hostConcurrency = options.hostConcurrency ?? 2;
  const hostSpacingMs = options.hostSpacingMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  return {
    version: options.version,
    publicUrl: options.publicUrl,
    userAgent:
      options.userAgent ??
      `Mozilla/5.0 (compatible; Dropwave/${options.version}; +${options.publicUrl})`,
    allowPrivate: options.allowPrivate ?? [],
    // Parsed once; a malformed CIDR throws here, at start-up.
    addressPolicy: createAddressPolicy({ allowPrivate: options.allowPrivate ?? [] }),
    allowPorts: options.allowPorts ?? [],
    timeoutMs,
    connectTimeoutMs,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    requestMaxBytes: options.requestMaxBytes ?? 64 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    hostConcurrency,
    hostSpacingMs,
    hostGate:
      options.hostGate ??
      createMemoryHostGate({ concurrency: hostConcurrency, spacingMs: hostSpacingMs }),
    backoffMs: options.backoffMs ?? 60_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 6 * 60 * 60 * 1000,
    resolve: options.resolve ?? defaultResolver,
    chromiumPath: options.chromiumPath,
    logger: options.logger,
    unsafeDialOverride: options.unsafeDialOverride,
    tlsCa: options.tlsCa,
    connections: createPinnedConnections({
      connectTimeoutMs,
      timeoutMs,
      tlsCa: options.tlsCa,
      unsafeDialOverride: options.unsafeDialOverride,
      connectionsPerKey: Math.max(2, hostConcurrency),
    }),
  };
}

/** Parses Retry-After (seconds or an HTTP date) into milliseconds from now. */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export function pageHeaders(options: ResolvedOptions, acceptLanguage: string | undefined) {
  return {
    "user-agent": options.userAgent,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
    "accept-language": acceptLanguage?.trim() || "en;q=0.9",
    "accept-encoding": "gzip, deflate, br",
  };
}

export function requestHeaders(options: ResolvedOptions, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {
    "user-agent": options.userAgent,
    accept: "*/*",
    "accept-encoding": "gzip, deflate, br",
  };
  for (const [key, value] of Object.entries(extra)) {
    const name = key.toLowerCase();
    if (STRIPPED_REQUEST_HEADERS.has(name) || typeof value !== "string") continue;
    if (/[\r\n\0]/.test(value) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) continue;
    headers[name] = value;
  }
  return headers;
}
