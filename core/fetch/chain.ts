import type { Readable } from "node:stream";
import { classifyChallenge } from "../page/challenge/index.ts";
import { EncodedPage } from "../page/page-input.ts";
import { CookieJar } from "./cookie-jar.ts";
import { Deadline, raceAbort } from "./deadline.ts";
import { errorCode, failureOutcome } from "./failure.ts";
import type { HostGate } from "./host-gate.ts";
import type { PinnedTarget, ResolvedOptions } from "./options.ts";
import { parseRetryAfter } from "./options.ts";
import type { FetchOutcome, FetchTimings, RedirectHop } from "./outcome.ts";
import {
  detectCharset,
  firstHeader,
  flattenHeaders,
  type Hop,
  looksLikeHtml,
  mediaType,
  readCapped,
} from "./response-body.ts";
import { checkUrl, type UrlVerdict } from "./url-policy.ts";

/**
 * One fetch, hop by hop: the URL and address policy, the host gate, a pinned connection,
 * redirects followed by hand, and the last hop judged (status, type, size, charset, challenge).
 */
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BACKOFF_STATUSES = new Set([403, 429, 503]);
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

/**
 * Whether `input` could be fetched at all, without sending anything: the URL policy, then DNS
 * and the address policy on every address, as the first hop of a fetch would run them.
 */
export async function checkTarget(
  input: string,
  options: ResolvedOptions,
): Promise<{ kind: "ok" } | FetchOutcome> {
  const verdict = checkUrl(input, { allowPorts: options.allowPorts });
  if (verdict.kind === "bad_url") return { kind: "bad_url", url: input, reason: verdict.reason };
  if (verdict.kind === "blocked_address") {
    return { kind: "blocked_address", url: input, host: verdict.host, reason: verdict.reason };
  }
  const chain: Chain = {
    url: input,
    request: {
      mode: "request",
      method: "GET",
      headers: {},
      body: undefined,
      signal: undefined,
      maxBytes: 0,
      maxRedirects: 0,
    },
    options,
    deadline: new Deadline(options.connectTimeoutMs, undefined),
    jar: new CookieJar(),
    redirects: [],
    timings: { gateWaitMs: 0, firstByteMs: 0, totalMs: 0 },
    startedAt: performance.now(),
    firstSentAt: undefined,
    method: "GET",
    body: undefined,
    headers: {},
  };
  try {
    chain.deadline.resume();
    const pinned = await resolveAndCheck(chain, verdict);
    return Array.isArray(pinned) ? { kind: "ok" } : pinned;
  } catch (error) {
    return failureOutcome(input, error, chain.deadline, options);
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
