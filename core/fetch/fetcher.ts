import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import zlib from "node:zlib";
import type { Logger } from "../log.ts";
import { type AddressPolicy, createAddressPolicy } from "./address-policy.ts";
import { classifyChallenge } from "./challenge.ts";
import { CookieJar } from "./cookie-jar.ts";
import { createMemoryHostGate, type HostGate } from "./host-gate.ts";
import type { FetchOutcome, FetchTimings, RedirectHop } from "./outcome.ts";
import { EncodedPage } from "./page-input.ts";
import {
  createPinnedConnections,
  type DialOverride,
  type PinnedConnections,
  type PinnedTarget,
} from "./pinned-connections.ts";
import { checkUrl, type UrlVerdict } from "./url-policy.ts";

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

export type FetchPageOptions = {
  acceptLanguage?: string;
  signal?: AbortSignal;
  /** Render with headless Chromium (needs `chromiumPath`). */
  render?: boolean;
  /**
   * Leave a 2xx page's bot-challenge check to whoever reads the page (the outcome says so with
   * `isChallengeLeftToReader`): the check worker runs it on its extraction thread, and only
   * when the page gave no price (docs/decisions/0040-challenge-check-after-reading.md). Other
   * statuses are checked here, as without it.
   */
  leaveChallengeToReader?: boolean;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Default: `requestMaxBytes`. */
  maxBytes?: number;
  /** Default: `maxRedirects` (5). */
  maxRedirects?: number;
};

export type Fetcher = {
  fetchPage(url: string, options?: FetchPageOptions): Promise<FetchOutcome>;
  request(url: string, options?: RequestOptions): Promise<FetchOutcome>;
  /** A product picture (jpeg, png, gif, webp, avif by their bytes; 5 MB by default). */
  fetchImage(
    url: string,
    options?: { maxBytes?: number; signal?: AbortSignal },
  ): Promise<import("./fetch-image.ts").ImageOutcome>;
  /** Frees the rendering browser, if one was started. */
  close(): Promise<void>;
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

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BACKOFF_STATUSES = new Set([403, 429, 503]);
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

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** One string per header; several Set-Cookie lines are joined with "\n" (commas are ambiguous). */
function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    flat[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return flat;
}

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** The charset from Content-Type, a BOM or a <meta> in the first 1024 bytes; else UTF-8. */
export function detectCharset(contentType: string, body: Uint8Array): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const head = Buffer.from(body.subarray(0, 1024)).toString("latin1");
  const fromMeta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content=["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // unknown label: try the next source
    }
  }
  return "utf-8";
}

function looksLikeHtml(body: Uint8Array): boolean {
  const start = Buffer.from(body.subarray(0, 512)).toString("latin1").trimStart().toLowerCase();
  return /^(<!doctype html|<html|<head|<body|<!--)/.test(start);
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR_SOCKET") return code;
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isTlsCode(code: string): boolean {
  return (
    /^(ERR_TLS_|ERR_SSL_|CERT_|ERR_OSSL_)/.test(code) ||
    /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH|EPROTO)/.test(
      code,
    )
  );
}

/** A budget of time for the whole fetch that can be paused while queued in the host gate. */
class Deadline {
  readonly controller = new AbortController();
  #remainingMs: number;
  #resumedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  isTimedOut = false;
  readonly #onParentAbort: () => void;
  readonly #parent: AbortSignal | undefined;

  constructor(totalMs: number, parent: AbortSignal | undefined) {
    this.#remainingMs = totalMs;
    this.#parent = parent;
    this.#onParentAbort = () => this.controller.abort(parent?.reason);
    if (parent?.aborted) this.controller.abort(parent.reason);
    else parent?.addEventListener("abort", this.#onParentAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  resume(): void {
    if (this.#timer || this.controller.signal.aborted) return;
    this.#resumedAt = performance.now();
    this.#timer = setTimeout(
      () => {
        this.isTimedOut = true;
        this.controller.abort(new DOMException("Total timeout", "TimeoutError"));
      },
      Math.max(0, this.#remainingMs),
    );
  }

  pause(): void {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#remainingMs -= performance.now() - this.#resumedAt;
  }

  dispose(): void {
    this.pause();
    this.#parent?.removeEventListener("abort", this.#onParentAbort);
  }
}

/** A single hop's response as it came (decoded), for the renderer to hand to Chromium. */
export type RawResponse = {
  kind: "raw";
  status: number;
  headers: Record<string, string>;
  setCookie: string[];
  body: Buffer;
};

export type ChainRequest = {
  /** `raw`: one hop, any status and type, no redirects followed (the renderer's sub-requests). */
  mode: "page" | "request" | "raw";
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  signal: AbortSignal | undefined;
  maxBytes: number;
  maxRedirects: number;
  /** FetchPageOptions.leaveChallengeToReader. */
  leaveChallengeToReader?: boolean;
};

type Hop = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
};

type BodyResult =
  | { kind: "ok"; buffer: Buffer }
  | { kind: "too_large" }
  | { kind: "error"; error: unknown };

function decodedStream(body: Readable, contentEncoding: string): Readable | undefined {
  const encodings = contentEncoding
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "" && e !== "identity");
  if (encodings.length === 0) return body;
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (const encoding of encodings.reverse()) {
    if (encoding === "gzip" || encoding === "x-gzip") decoders.push(zlib.createGunzip());
    else if (encoding === "deflate") decoders.push(zlib.createInflate());
    else if (encoding === "br") decoders.push(zlib.createBrotliDecompress());
    else return undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: pipeline's overloads do not accept a spread
  return (pipeline as any)(body, ...decoders, () => {}) as Readable;
}

/** Reads the body, stopping (and destroying the stream) once the DECODED size passes the cap. */
async function readCapped(hop: Hop, maxBytes: number): Promise<BodyResult> {
  const encoding = firstHeader(hop.headers["content-encoding"]) ?? "";
  const length = Number(firstHeader(hop.headers["content-length"]) ?? Number.NaN);
  const isIdentity = encoding.trim() === "" || encoding.trim().toLowerCase() === "identity";
  if (isIdentity && Number.isFinite(length) && length > maxBytes) {
    hop.body.destroy();
    return { kind: "too_large" };
  }
  const stream = decodedStream(hop.body, encoding);
  if (!stream) {
    hop.body.destroy();
    return {
      kind: "error",
      error: Object.assign(new Error(`unsupported content-encoding ${encoding}`), {
        code: "BAD_ENCODING",
      }),
    };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy();
        hop.body.destroy();
        return { kind: "too_large" };
      }
      chunks.push(buffer);
    }
  } catch (error) {
    stream.destroy();
    hop.body.destroy();
    return { kind: "error", error };
  }
  return { kind: "ok", buffer: Buffer.concat(chunks, total) };
}

/**
 * Sends one request to one of `targets` (every one of them checked), on a kept-alive
 * connection pinned to exactly those addresses, keeping the URL's hostname for SNI,
 * certificate checks and Host.
 */
async function sendHop(
  url: URL,
  targets: PinnedTarget[],
  request: {
    method: string;
    headers: Record<string, string>;
    body: string | Uint8Array | undefined;
  },
  signal: AbortSignal,
  options: ResolvedOptions,
): Promise<Hop> {
  const response = await options.connections.poolFor(url, targets).request({
    path: `${url.pathname}${url.search}`,
    method: request.method as "GET",
    headers: request.headers,
    body: request.body,
    signal,
  });
  // Destroying the body early (redirects, caps, refusals) emits an abort error: expected.
  response.body.on("error", () => {});
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body as unknown as Readable,
  };
}

function failureOutcome(
  url: string,
  error: unknown,
  deadline: Deadline,
  options: ResolvedOptions,
): FetchOutcome {
  const code = errorCode(error);
  if (
    deadline.isTimedOut ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  ) {
    return { kind: "timeout", url, phase: "response", afterMs: options.timeoutMs };
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return { kind: "timeout", url, phase: "connect", afterMs: options.connectTimeoutMs };
  }
  if (deadline.signal.aborted) return { kind: "aborted", url };
  if (isTlsCode(code)) return { kind: "tls_error", url, code };
  return { kind: "network_error", url, code, message: errorMessage(error) };
}

/** What one fetch carries from hop to hop. */
type Chain = {
  url: string;
  request: ChainRequest;
  options: ResolvedOptions;
  deadline: Deadline;
  jar: CookieJar;
  redirects: RedirectHop[];
  timings: FetchTimings;
  startedAt: number;
  firstSentAt: number | undefined;
  method: string;
  body: string | Uint8Array | undefined;
  headers: Record<string, string>;
};

/** A hop's result: the fetch's outcome, or the next URL to follow. */
type HopStep =
  | { kind: "done"; outcome: FetchOutcome | RawResponse }
  | { kind: "follow"; next: UrlVerdict };

/** Runs one fetch: URL and address policy, host gate, pinned connection, redirects by hand. */
export async function runChain(
  input: unknown,
  request: ChainRequest & { mode: "page" | "request" },
  options: ResolvedOptions,
): Promise<FetchOutcome>;
export async function runChain(
  input: unknown,
  request: ChainRequest,
  options: ResolvedOptions,
): Promise<FetchOutcome | RawResponse>;
export async function runChain(
  input: unknown,
  request: ChainRequest,
  options: ResolvedOptions,
): Promise<FetchOutcome | RawResponse> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : "";
  const chain: Chain = {
    url,
    request,
    options,
    deadline: new Deadline(options.timeoutMs, request.signal),
    jar: new CookieJar(),
    redirects: [],
    timings: { gateWaitMs: 0, firstByteMs: 0, totalMs: 0 },
    startedAt: performance.now(),
    firstSentAt: undefined,
    method: request.method.toUpperCase(),
    body: request.body,
    headers: { ...request.headers },
  };
  let verdict = checkUrl(url, { allowPorts: options.allowPorts });
  try {
    for (let hop = 0; ; hop++) {
      const step = await runHop(chain, verdict, hop);
      if (step.kind === "done") return step.outcome;
      verdict = step.next;
    }
  } catch (error) {
    options.logger?.error({ err: error, url }, "fetch failed unexpectedly");
    return failureOutcome(url, error, chain.deadline, options);
  } finally {
    chain.deadline.dispose();
  }
}

/** One hop: check the URL, resolve and check its addresses, queue for the host, send, judge. */
async function runHop(chain: Chain, verdict: UrlVerdict, hop: number): Promise<HopStep> {
  const { url, options, deadline } = chain;
  const log = options.logger;
  const done = (outcome: FetchOutcome | RawResponse): HopStep => ({ kind: "done", outcome });
  if (verdict.kind === "bad_url") return done({ kind: "bad_url", url, reason: verdict.reason });
  if (verdict.kind === "blocked_address") {
    log?.warn({ url, host: verdict.host, reason: verdict.reason }, "fetch refused");
    return done({ kind: "blocked_address", url, host: verdict.host, reason: verdict.reason });
  }
  const { url: current, host } = verdict;

  deadline.resume();
  const pinned = await resolveAndCheck(chain, verdict);
  if (!Array.isArray(pinned)) return done(pinned);

  // Politeness: queue for the host (time in the queue is not part of the timeout).
  deadline.pause();
  const gateStart = performance.now();
  let ticket: Awaited<ReturnType<HostGate["acquire"]>>;
  try {
    ticket = await options.hostGate.acquire(host, { signal: deadline.signal });
  } catch (error) {
    return done(failureOutcome(url, error, deadline, options));
  }
  chain.timings.gateWaitMs += performance.now() - gateStart;
  if (ticket.kind === "backoff") {
    return done({ kind: "host_backoff", url, host, retryAfterMs: ticket.retryAfterMs });
  }
  deadline.resume();

  let sent: Hop | undefined;
  try {
    const hopHeaders: Record<string, string> = { ...chain.headers };
    const cookie = chain.jar.headerFor(current);
    if (cookie) hopHeaders.cookie = cookie;
    chain.firstSentAt ??= performance.now();
    log?.debug({ url: current.href, addresses: pinned.map((p) => p.address), hop }, "fetch hop");
    try {
      sent = await sendHop(
        current,
        pinned,
        { method: chain.method, headers: hopHeaders, body: chain.body },
        deadline.signal,
        options,
      );
    } catch (error) {
      return done(failureOutcome(url, error, deadline, options));
    }
    chain.jar.store(current, sent.headers["set-cookie"]);
    await noteBackoff(sent, host, options);
    if (chain.request.mode === "raw") return done(await readRaw(chain, sent));
    const location = firstHeader(sent.headers.location);
    if (REDIRECT_STATUSES.has(sent.status) && location !== undefined) {
      sent.body.destroy();
      return followRedirect(chain, current, sent.status, location);
    }
    return done(await finishResponse(chain, current, sent));
  } finally {
    // A body read to its end leaves the connection to be reused; one left unread closes it.
    if (sent && !sent.body.readableEnded) sent.body.destroy();
    await ticket.release().catch((error: unknown) => {
      log?.warn({ err: error, host }, "host gate release failed");
    });
  }
}

/**
 * Resolves the host once and judges every address: any refused address refuses the fetch.
 * The checked addresses are the only ones the hop's connection may use.
 */
async function resolveAndCheck(
  chain: Chain,
  verdict: Extract<UrlVerdict, { kind: "ok" }>,
): Promise<PinnedTarget[] | FetchOutcome> {
  const { url, options, deadline } = chain;
  const { host } = verdict;
  let addresses: Array<{ address: string; family: number }>;
  if (verdict.literal) {
    addresses = [{ address: verdict.literal, family: verdict.literal.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await raceAbort(options.resolve(host), deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted) return failureOutcome(url, error, deadline, options);
      return { kind: "dns_error", url, host, code: errorCode(error) };
    }
    if (!Array.isArray(addresses) || addresses.length === 0) {
      return { kind: "dns_error", url, host, code: "ENODATA" };
    }
  }
  const pinned: PinnedTarget[] = [];
  for (const entry of addresses) {
    const check = options.addressPolicy.check(String(entry?.address ?? ""));
    if (!check.isAllowed) {
      options.logger?.warn(
        { url, host, address: check.address, reason: check.reason },
        "fetch refused",
      );
      return { kind: "blocked_address", url, host, address: check.address, reason: check.reason };
    }
    pinned.push({ address: check.address, family: check.family });
  }
  if (pinned.length === 0) return { kind: "dns_error", url, host, code: "ENODATA" };
  return pinned;
}

/** A 403/429/503 holds the host back (Retry-After, capped; a default when absent). */
async function noteBackoff(sent: Hop, host: string, options: ResolvedOptions): Promise<void> {
  if (!BACKOFF_STATUSES.has(sent.status)) return;
  const retryAfterMs = parseRetryAfter(firstHeader(sent.headers["retry-after"]));
  const forMs = Math.min(retryAfterMs ?? options.backoffMs, options.maxRetryAfterMs);
  await options.hostGate.backOff(host, forMs).catch((error: unknown) => {
    options.logger?.warn({ err: error, host }, "host gate backoff failed");
  });
}

/** Raw mode (the renderer's sub-requests): the hop as it came, any status and type. */
async function readRaw(chain: Chain, sent: Hop): Promise<FetchOutcome | RawResponse> {
  const { url, request } = chain;
  const read = await readCapped(sent, request.maxBytes);
  if (read.kind === "too_large") return { kind: "too_large", url, limitBytes: request.maxBytes };
  if (read.kind === "error") return failureOutcome(url, read.error, chain.deadline, chain.options);
  const setCookie = sent.headers["set-cookie"];
  return {
    kind: "raw",
    status: sent.status,
    headers: flattenHeaders(sent.headers),
    setCookie: setCookie === undefined ? [] : ([] as string[]).concat(setCookie),
    body: read.buffer,
  };
}

/** A redirect: recorded, counted, method and headers adjusted; its target is checked next hop. */
function followRedirect(chain: Chain, current: URL, status: number, location: string): HopStep {
  const next = checkUrl(location, { allowPorts: chain.options.allowPorts, base: current });
  const to = next.kind === "ok" ? next.url.href : location;
  chain.redirects.push({ from: current.href, to, status });
  if (chain.redirects.length > chain.request.maxRedirects) {
    return {
      kind: "done",
      outcome: { kind: "redirect_loop", url: chain.url, redirects: chain.redirects },
    };
  }
  if (status === 303 || ((status === 301 || status === 302) && chain.method === "POST")) {
    if (chain.method !== "HEAD") chain.method = "GET";
    chain.body = undefined;
    delete chain.headers["content-type"];
  }
  if (next.kind === "ok" && next.url.origin !== current.origin) {
    delete chain.headers.authorization;
  }
  return { kind: "follow", next };
}

/** The last hop: content type and status rules, the capped body, its charset, challenges. */
async function finishResponse(chain: Chain, current: URL, sent: Hop): Promise<FetchOutcome> {
  const { url, request, timings } = chain;
  const { status } = sent;
  const retryAfterMs = parseRetryAfter(firstHeader(sent.headers["retry-after"]));
  timings.firstByteMs = performance.now() - (chain.firstSentAt ?? chain.startedAt);
  const flat = flattenHeaders(sent.headers);
  const contentType = flat["content-type"] ?? "";
  const type = mediaType(contentType);
  const isOk = status >= 200 && status < 300;
  const isPage = request.mode === "page";
  if (isPage && isOk && type !== "" && !HTML_TYPES.has(type)) {
    return { kind: "not_html", url, finalUrl: current.href, contentType: type };
  }
  const maybeHtml = type === "" || HTML_TYPES.has(type);
  if (!isOk && !(isPage && maybeHtml)) {
    return { kind: "http_error", url, finalUrl: current.href, status, retryAfterMs };
  }
  const read = await readCapped(sent, request.maxBytes);
  if (read.kind === "too_large") return { kind: "too_large", url, limitBytes: request.maxBytes };
  if (read.kind === "error") return failureOutcome(url, read.error, chain.deadline, chain.options);
  const charset = detectCharset(contentType, read.buffer);
  // The body's own copy (Buffer.concat): the reading thread may take it over without a copy.
  const page = new EncodedPage(read.buffer, charset, { isOwnBuffer: true });
  const isChallengeLeftToReader = isPage && isOk && request.leaveChallengeToReader === true;
  if (isPage && !isChallengeLeftToReader) {
    const challenge = classifyChallenge(status, sent.headers, page);
    if (challenge) {
      chain.options.logger?.info({ url, ...challenge }, "bot challenge");
      return { kind: "bot_challenge", url, finalUrl: current.href, status, ...challenge };
    }
  }
  if (!isOk) return { kind: "http_error", url, finalUrl: current.href, status, retryAfterMs };
  if (isPage && type === "" && !looksLikeHtml(read.buffer)) {
    return { kind: "not_html", url, finalUrl: current.href, contentType: "" };
  }
  timings.totalMs = performance.now() - chain.startedAt;
  return {
    kind: "ok",
    url,
    finalUrl: current.href,
    status,
    headers: flat,
    contentType: type,
    charset,
    // Decoded when first read: the check worker reads `page` on another thread instead.
    get body() {
      return page.text;
    },
    page,
    bytes: read.buffer.length,
    timings,
    redirects: chain.redirects,
    isRendered: false,
    ...(isChallengeLeftToReader ? { isChallengeLeftToReader: true as const } : {}),
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
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
