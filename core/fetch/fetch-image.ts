import { runChain } from "./chain.ts";
import type { ResolvedOptions } from "./options.ts";
import type { FetchOutcome } from "./outcome.ts";
import { checkUrl } from "./url-policy.ts";

/** Picture types Dropwave serves, told by their first bytes (never by the store's header). */
export type ImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/avif";

export type ImageOutcome =
  | { kind: "ok"; url: string; finalUrl: string; contentType: ImageType; body: Buffer }
  /** A 2xx whose bytes are no allowed picture (SVG, HTML, anything else). */
  | { kind: "not_image"; url: string; contentType: string }
  /** Any other failure, as the page fetcher reports it (blocked address, too large, …). */
  | { kind: "failed"; url: string; outcome: FetchOutcome | { kind: "http_error"; status: number } };

export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The picture type of `body` from its magic bytes, or undefined (SVG is text: never a match). */
export function sniffImageType(body: Uint8Array): ImageType | undefined {
  const at = (i: number) => body[i];
  const ascii = (from: number, to: number) =>
    Buffer.from(body.subarray(from, to)).toString("latin1");
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "image/avif";
  return undefined;
}

/**
 * Fetches a product picture through the same URL and address policy, host gate and pinned
 * connections as pages (the renderer's one-hop `raw` mode), following up to `maxRedirects`
 * redirects itself so each hop is checked again. Only the five picture types above pass,
 * judged by their bytes, and at most `maxBytes`.
 */
export async function fetchImage(
  url: string,
  options: ResolvedOptions,
  request: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<ImageOutcome> {
  const maxBytes = request.maxBytes ?? DEFAULT_IMAGE_MAX_BYTES;
  let current = url;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const result = await runChain(
      current,
      {
        mode: "raw",
        method: "GET",
        headers: {
          "user-agent": options.userAgent,
          accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
          "accept-encoding": "gzip, deflate, br",
        },
        body: undefined,
        signal: request.signal,
        maxBytes,
        maxRedirects: 0,
      },
      options,
    );
    if (result.kind !== "raw") return { kind: "failed", url, outcome: result };
    const location = result.headers.location;
    if (REDIRECTS.has(result.status) && location) {
      const next = checkUrl(location, { allowPorts: options.allowPorts, base: new URL(current) });
      if (next.kind !== "ok") {
        return {
          kind: "failed",
          url,
          outcome:
            next.kind === "bad_url"
              ? { kind: "bad_url", url: location, reason: next.reason }
              : { kind: "blocked_address", url: location, host: next.host, reason: next.reason },
        };
      }
      current = next.url.href;
      continue;
    }
    if (result.status < 200 || result.status >= 300) {
      return { kind: "failed", url, outcome: { kind: "http_error", status: result.status } };
    }
    const type = sniffImageType(result.body);
    if (!type) {
      const declared = (result.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
      return { kind: "not_image", url, contentType: declared };
    }
    return { kind: "ok", url, finalUrl: current, contentType: type, body: result.body };
  }
  return { kind: "failed", url, outcome: { kind: "redirect_loop", url, redirects: [] } };
}
