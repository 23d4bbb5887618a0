import { checkTarget, runChain } from "./chain.ts";
import { fetchImage } from "./fetch-image.ts";
import { type FetcherOptions, pageHeaders, requestHeaders, resolveOptions } from "./options.ts";
import { createRenderer, type Renderer } from "./render.ts";
import type { Fetcher } from "./types.ts";

export { type Challenge, classifyChallenge } from "../page/challenge/index.ts";
export { EncodedPage, type PageInput, pageText } from "../page/page-input.ts";
export type { AddressPolicy, AddressVerdict } from "./address-policy.ts";
export { createAddressPolicy } from "./address-policy.ts";
export {
  DEFAULT_IMAGE_MAX_BYTES,
  type ImageOutcome,
  type ImageType,
  sniffImageType,
} from "./fetch-image.ts";
export {
  createMemoryHostGate,
  createSqlHostGate,
  type GateTicket,
  HOST_GATE_DDL,
  type HostGate,
  type HostGateOptions,
  type SqlExecutor,
  type SqlHostGateOptions,
} from "./host-gate.ts";
export type { DialOverride, FetcherOptions, Resolver } from "./options.ts";
export {
  type ChallengeKind,
  type ChallengeVendor,
  describeOutcome,
  type FetchOutcome,
  type FetchOutcomeKind,
  type FetchTimings,
  type RedirectHop,
} from "./outcome.ts";
export { CHROMIUM_ARGS } from "./render.ts";
export type { Fetcher, FetchPageOptions, RequestOptions } from "./types.ts";
export { checkUrl, type UrlVerdict } from "./url-policy.ts";

/**
 * The one way out to the network for user-given URLs. Never throws for any URL input: every
 * result is a `FetchOutcome`. Throws only at construction for malformed configuration.
 */
export function createFetcher(options: FetcherOptions): Fetcher {
  const resolved = resolveOptions(options);
  let renderer: Renderer | undefined;
  return {
    async fetchPage(url, pageOptions = {}) {
      if (pageOptions.render && resolved.chromiumPath) {
        renderer ??= createRenderer(resolved);
        try {
          return await renderer.render(url, pageOptions);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          resolved.logger?.error({ err: error, url }, "render failed unexpectedly");
          return { kind: "network_error", url: String(url), code: "RENDER_FAILED", message };
        }
      }
      return runChain(
        url,
        {
          mode: "page",
          method: "GET",
          headers: pageHeaders(resolved, pageOptions.acceptLanguage),
          body: undefined,
          signal: pageOptions.signal,
          maxBytes: resolved.maxBytes,
          maxRedirects: resolved.maxRedirects,
          leaveChallengeToReader: pageOptions.leaveChallengeToReader,
        },
        resolved,
      );
    },
    request(url, requestOptions = {}) {
      return runChain(
        url,
        {
          mode: "request",
          method: requestOptions.method ?? "GET",
          headers: requestHeaders(resolved, requestOptions.headers),
          body: requestOptions.body,
          signal: requestOptions.signal,
          maxBytes: requestOptions.maxBytes ?? resolved.requestMaxBytes,
          maxRedirects: requestOptions.maxRedirects ?? resolved.maxRedirects,
        },
        resolved,
      );
    },
    checkTarget(url) {
      return checkTarget(url, resolved);
    },
    fetchImage(url, imageOptions = {}) {
      return fetchImage(url, resolved, imageOptions);
    },
    async close() {
      await renderer?.close();
      renderer = undefined;
      await resolved.connections.close();
    },
  };
}
