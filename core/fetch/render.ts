import type { Browser, BrowserContext, Page, Request, Route } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "../chromium-args.ts";
import { classifyChallenge } from "../page/challenge/index.ts";
import { readRenderedPage as readRenderedDom } from "../page/read-rendered.ts";
import { type RawResponse, runChain } from "./chain.ts";
import type { HostGate } from "./host-gate.ts";
import { pageHeaders, type ResolvedOptions } from "./options.ts";
import type { FetchOutcome } from "./outcome.ts";
import type { FetchPageOptions } from "./types.ts";

/**
 * The rendering fetcher: headless system Chromium through playwright-core, for pages whose price
 * only appears after JavaScript. Chromium never touches the network itself: every request it
 * makes (the page, its scripts, its XHR/fetch calls) is intercepted and performed by the same
 * pinned, policy-checked fetcher, then handed back with `route.fulfill`. Redirects are handed back
 * as redirects, so each hop is checked again. As a second wall, Chromium is started with a dead
 * proxy (loopback included), so anything interception cannot see (WebSockets, browser-internal
 * requests) fails instead of reaching the network; WebRTC UDP is off.
 */

export const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  "--dns-prefetch-disable",
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/** Resource types a price never depends on: refused without fetching. */
const SKIPPED_TYPES = new Set([
  "image",
  "media",
  "font",
  "imageset",
  "texttrack",
  "beacon",
  "ping",
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

/** Sub-resources of one page do not queue in the host gate; the document does. */
const openGate: HostGate = {
  async acquire() {
    return { kind: "acquired", waitedMs: 0, startedAtMs: Date.now(), release: async () => {} };
  },
  async backOff() {},
};

export type Renderer = {
  render(url: string, options: FetchPageOptions): Promise<FetchOutcome>;
  close(): Promise<void>;
};

/**
 * The renderer: one lazily started Chromium for the process; each render is fetch the
 * document (the full page path) → a fresh browser context whose every request is routed
 * through the fetcher → load and settle → read the HTML and check it like a fetched page.
 */
export function createRenderer(options: ResolvedOptions): Renderer {
  let browserPromise: Promise<Browser> | undefined;
  const browser = () => {
    // playwright-core is loaded with the first render: its bundles (~14 MB of source in the heap,
    // ~20 MB of heap in all) stayed in every process that fetches, which most never render.
    browserPromise ??= import("playwright-core")
      .then(({ chromium }) =>
        chromium.launch({
          executablePath: options.chromiumPath,
          args: CHROMIUM_ARGS,
          headless: true,
        }),
      )
      .catch((error: unknown) => {
        browserPromise = undefined;
        throw error;
      });
    return browserPromise;
  };
  return {
    render: (url, pageOptions) => renderPage(browser, url, pageOptions, options),
    async close() {
      const pending = browserPromise;
      browserPromise = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}

type OkDocument = Extract<FetchOutcome, { kind: "ok" }>;

/** One render, stage by stage (see createRenderer). */
async function renderPage(
  browser: () => Promise<Browser>,
  url: string,
  pageOptions: FetchPageOptions,
  options: ResolvedOptions,
): Promise<FetchOutcome> {
  const startedAt = performance.now();
  const document = await fetchDocument(url, pageOptions, options);
  if (document.kind !== "ok") return document;
  let instance: Browser;
  try {
    instance = await browser();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "network_error", url, code: "RENDERER_UNAVAILABLE", message };
  }
  const deadline = AbortSignal.any([
    AbortSignal.timeout(options.timeoutMs),
    ...(pageOptions.signal ? [pageOptions.signal] : []),
  ]);
  const context = await instance.newContext({
    userAgent: options.userAgent,
    extraHTTPHeaders: {
      "accept-language": pageHeaders(options, pageOptions.acceptLanguage)["accept-language"],
    },
    serviceWorkers: "block",
    acceptDownloads: false,
  });
  try {
    const routing = await routeThroughFetcher(context, { url, document, deadline, options });
    const page = await context.newPage();
    const failed = await loadAndSettle(page, document.finalUrl, {
      url,
      startedAt,
      options,
      isAborted: () => deadline.aborted && pageOptions.signal?.aborted === true,
    });
    if (failed) return failed;
    if (routing.blocked.length > 0) {
      options.logger?.debug(
        { url, blocked: routing.blocked },
        "render finished with refused sub-requests",
      );
    }
    // Awaited here: the context closes in `finally`, after the HTML was read.
    return await readRenderedPage(page, document, { url, startedAt, maxBytes: options.maxBytes });
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * The document goes through the full page path first: URL rules, DNS pinning, host gate,
 * redirects, content type, caps, challenge detection. Only an ok page is rendered.
 */
function fetchDocument(url: string, pageOptions: FetchPageOptions, options: ResolvedOptions) {
  return runChain(
    url,
    {
      mode: "page",
      method: "GET",
      headers: pageHeaders(options, pageOptions.acceptLanguage),
      body: undefined,
      signal: pageOptions.signal,
      maxBytes: options.maxBytes,
      maxRedirects: options.maxRedirects,
    },
    options,
  );
}

type RouteInput = {
  url: string;
  document: OkDocument;
  deadline: AbortSignal;
  options: ResolvedOptions;
};

/**
 * Routes every request of the context: the main document is handed back as fetched, skipped
 * types and anything past the byte budget (4 × the page cap) are refused, everything else is
 * made by the fetcher (policy, pinning, caps; no redirects followed). Returns what was refused.
 */
async function routeThroughFetcher(context: BrowserContext, input: RouteInput) {
  const state = { budgetBytes: input.options.maxBytes * 4, blocked: [] as string[] };
  const subOptions: ResolvedOptions = { ...input.options, hostGate: openGate };
  const handle = async (route: Route) => {
    const request = route.request();
    // The document was already fetched and checked: hand Chromium exactly that.
    const isMainDocument =
      request.isNavigationRequest() &&
      request.frame().parentFrame() === null &&
      request.url() === input.document.finalUrl;
    if (isMainDocument) return fulfilDocument(route, input.document);
    if (SKIPPED_TYPES.has(request.resourceType()) || state.budgetBytes <= 0) {
      return route.abort("blockedbyclient");
    }
    const result = await fetchSubRequest(request, {
      deadline: input.deadline,
      maxBytes: Math.min(input.options.maxBytes, state.budgetBytes),
      options: subOptions,
    });
    if (result.kind !== "raw") {
      state.blocked.push(`${request.url()}: ${result.kind}`);
      input.options.logger?.info(
        { url: input.url, subrequest: request.url(), outcome: result.kind },
        "render sub-request refused",
      );
      return route.abort(result.kind === "timeout" ? "timedout" : "blockedbyclient");
    }
    state.budgetBytes -= result.body.length;
    await route.fulfill({
      status: result.status,
      headers: fulfilHeaders(result),
      body: result.body,
    });
  };
  await context.route("**/*", (route: Route) =>
    handle(route).catch(async (error: unknown) => {
      input.options.logger?.warn({ err: error, url: input.url }, "render sub-request failed");
      await route.abort("failed").catch(() => {});
    }),
  );
  return state;
}

function fulfilDocument(route: Route, document: OkDocument) {
  return route.fulfill({
    status: document.status,
    headers: {
      "content-type": `${document.contentType}; charset=utf-8`,
      // The store's cookies from the document, so the page's own API calls carry them.
      ...(document.headers["set-cookie"] ? { "set-cookie": document.headers["set-cookie"] } : {}),
    },
    body: document.body,
  });
}

/** The request Chromium wanted, made by the fetcher with the browser's headers (minus a few). */
export function forwardedHeaders(headers: Record<string, string>, userAgent: string) {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === "host" || lower.startsWith(":") || lower === "accept-encoding") continue;
    forwarded[lower] = value;
  }
  forwarded["user-agent"] = userAgent;
  forwarded["accept-encoding"] = "gzip, deflate, br";
  return forwarded;
}

async function fetchSubRequest(
  request: Request,
  input: { deadline: AbortSignal; maxBytes: number; options: ResolvedOptions },
) {
  return runChain(
    request.url(),
    {
      mode: "raw",
      method: request.method(),
      headers: forwardedHeaders(await request.allHeaders(), input.options.userAgent),
      body: request.postDataBuffer() ?? undefined,
      signal: input.deadline,
      maxBytes: input.maxBytes,
      maxRedirects: 0,
    },
    input.options,
  );
}

/** Navigates and lets late scripts settle; a failure comes back as the outcome to return. */
async function loadAndSettle(
  page: Page,
  target: string,
  input: { url: string; startedAt: number; options: ResolvedOptions; isAborted: () => boolean },
): Promise<FetchOutcome | null> {
  const { url, options } = input;
  const navigationTimeout = Math.max(1, options.timeoutMs - (performance.now() - input.startedAt));
  page.setDefaultTimeout(navigationTimeout);
  try {
    await page.goto(target, { waitUntil: "load", timeout: navigationTimeout });
    // Let late scripts (prices fetched after load) settle, within the time left.
    const left = options.timeoutMs - (performance.now() - input.startedAt);
    await page
      .waitForLoadState("networkidle", { timeout: Math.max(1, Math.min(2_000, left)) })
      .catch(() => {});
    return null;
  } catch (error) {
    if (input.isAborted()) return { kind: "aborted", url };
    const message = error instanceof Error ? error.message : String(error);
    if (/timeout/i.test(message)) {
      return { kind: "timeout", url, phase: "response", afterMs: options.timeoutMs };
    }
    return { kind: "network_error", url, code: "RENDER_FAILED", message: message.slice(0, 300) };
  }
}

/** The rendered HTML, checked like a fetched page: size cap, then challenge detection. */
async function readRenderedPage(
  page: Page,
  document: OkDocument,
  input: { url: string; startedAt: number; maxBytes: number },
): Promise<FetchOutcome> {
  const { url } = input;
  // The DOM as rendered, what is not shown marked (as the extension reads a tab).
  const html = await page
    .evaluate(readRenderedDom)
    .then((read) => read.html)
    .catch(() => page.content());
  const bytes = Buffer.byteLength(html);
  if (bytes > input.maxBytes) return { kind: "too_large", url, limitBytes: input.maxBytes };
  const challenge = classifyChallenge(document.status, document.headers, html);
  if (challenge) {
    return {
      kind: "bot_challenge",
      url,
      finalUrl: document.finalUrl,
      status: document.status,
      ...challenge,
    };
  }
  return {
    ...document,
    body: html,
    bytes,
    charset: "utf-8",
    isRendered: true,
    timings: { ...document.timings, totalMs: performance.now() - input.startedAt },
  };
}

function fulfilHeaders(result: RawResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) headers[name] = value;
  }
  if (result.setCookie.length > 0) headers["set-cookie"] = result.setCookie.join("\n");
  return headers;
}
