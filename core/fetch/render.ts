import { type Browser, chromium, type Route } from "playwright-core";
import { classifyChallenge } from "./challenge.ts";
import {
  type FetchPageOptions,
  pageHeaders,
  type RawResponse,
  type ResolvedOptions,
  runChain,
} from "./fetcher.ts";
import type { HostGate } from "./host-gate.ts";
import type { FetchOutcome } from "./outcome.ts";

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
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
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

export function createRenderer(options: ResolvedOptions): Renderer {
  let browserPromise: Promise<Browser> | undefined;
  const log = options.logger;

  const browser = () => {
    browserPromise ??= chromium
      .launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS, headless: true })
      .catch((error: unknown) => {
        browserPromise = undefined;
        throw error;
      });
    return browserPromise;
  };

  async function render(url: string, pageOptions: FetchPageOptions): Promise<FetchOutcome> {
    const startedAt = performance.now();
    // The document goes through the full page path first: URL rules, DNS pinning, host gate,
    // redirects, content type, caps, challenge detection. Only an ok page is rendered.
    const document = await runChain(
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
    if (document.kind !== "ok") return document;

    let instance: Browser;
    try {
      instance = await browser();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { kind: "network_error", url, code: "RENDERER_UNAVAILABLE", message };
    }
    const subOptions: ResolvedOptions = { ...options, hostGate: openGate };
    const deadline = AbortSignal.any([
      AbortSignal.timeout(options.timeoutMs),
      ...(pageOptions.signal ? [pageOptions.signal] : []),
    ]);
    let budgetBytes = options.maxBytes * 4;
    const blocked: string[] = [];
    const context = await instance.newContext({
      userAgent: options.userAgent,
      extraHTTPHeaders: {
        "accept-language": pageHeaders(options, pageOptions.acceptLanguage)["accept-language"],
      },
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    try {
      const handle = async (route: Route) => {
        const request = route.request();
        const target = request.url();
        // The document was already fetched and checked: hand Chromium exactly that.
        const isMainDocument =
          request.isNavigationRequest() &&
          request.frame().parentFrame() === null &&
          target === document.finalUrl;
        if (isMainDocument) {
          await route.fulfill({
            status: document.status,
            headers: {
              "content-type": `${document.contentType}; charset=utf-8`,
              // The store's cookies from the document, so the page's own API calls carry them.
              ...(document.headers["set-cookie"]
                ? { "set-cookie": document.headers["set-cookie"] }
                : {}),
            },
            body: document.body,
          });
          return;
        }
        if (SKIPPED_TYPES.has(request.resourceType()) || budgetBytes <= 0) {
          await route.abort("blockedbyclient");
          return;
        }
        const headers = await request.allHeaders();
        const forwarded: Record<string, string> = {};
        for (const [name, value] of Object.entries(headers)) {
          const lower = name.toLowerCase();
          if (lower === "host" || lower.startsWith(":") || lower === "accept-encoding") continue;
          forwarded[lower] = value;
        }
        forwarded["user-agent"] = options.userAgent;
        forwarded["accept-encoding"] = "gzip, deflate, br";
        const result = await runChain(
          target,
          {
            mode: "raw",
            method: request.method(),
            headers: forwarded,
            body: request.postDataBuffer() ?? undefined,
            signal: deadline,
            maxBytes: Math.min(options.maxBytes, budgetBytes),
            maxRedirects: 0,
          },
          subOptions,
        );
        if (result.kind !== "raw") {
          blocked.push(`${target}: ${result.kind}`);
          log?.info(
            { url, subrequest: target, outcome: result.kind },
            "render sub-request refused",
          );
          await route.abort(result.kind === "timeout" ? "timedout" : "blockedbyclient");
          return;
        }
        budgetBytes -= result.body.length;
        await route.fulfill({
          status: result.status,
          headers: fulfilHeaders(result),
          body: result.body,
        });
      };
      await context.route("**/*", (route: Route) =>
        handle(route).catch(async (error: unknown) => {
          log?.warn({ err: error, url }, "render sub-request failed");
          await route.abort("failed").catch(() => {});
        }),
      );
      const page = await context.newPage();
      const navigationTimeout = Math.max(1, options.timeoutMs - (performance.now() - startedAt));
      page.setDefaultTimeout(navigationTimeout);
      try {
        await page.goto(document.finalUrl, { waitUntil: "load", timeout: navigationTimeout });
        // Let late scripts (prices fetched after load) settle, within the time left.
        const left = options.timeoutMs - (performance.now() - startedAt);
        await page
          .waitForLoadState("networkidle", { timeout: Math.max(1, Math.min(2_000, left)) })
          .catch(() => {});
      } catch (error) {
        if (deadline.aborted && pageOptions.signal?.aborted) return { kind: "aborted", url };
        const message = error instanceof Error ? error.message : String(error);
        if (/timeout/i.test(message)) {
          return { kind: "timeout", url, phase: "response", afterMs: options.timeoutMs };
        }
        return {
          kind: "network_error",
          url,
          code: "RENDER_FAILED",
          message: message.slice(0, 300),
        };
      }
      const html = await page.content();
      const bytes = Buffer.byteLength(html);
      if (bytes > options.maxBytes) return { kind: "too_large", url, limitBytes: options.maxBytes };
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
      if (blocked.length > 0)
        log?.debug({ url, blocked }, "render finished with refused sub-requests");
      return {
        ...document,
        body: html,
        bytes,
        charset: "utf-8",
        isRendered: true,
        timings: { ...document.timings, totalMs: performance.now() - startedAt },
      };
    } finally {
      await context.close().catch(() => {});
    }
  }

  return {
    render,
    async close() {
      const pending = browserPromise;
      browserPromise = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
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
