import { extractProduct } from "../extract/index.ts";
import type { ExtractResult } from "../extract/types.ts";
import { describeOutcome, type Fetcher, type FetchOutcomeKind } from "../fetch/index.ts";
import { normalizeProductUrl } from "./normalize-url.ts";

export type ProductPreview = ExtractResult & {
  /** The normalised URL the product is shared under. */
  url: string;
  host: string;
  /** Where the fetch ended after redirects. */
  finalUrl: string;
  store: string;
};

export type PreviewOutcome =
  | { kind: "ok"; preview: ProductPreview }
  | {
      kind: "failed";
      /** The fetch outcome kind (bot_challenge, timeout, …) or bad_url. */
      code: FetchOutcomeKind | "bad_url";
      message: string;
      retryAfterMs?: number;
    };

export type PreviewOptions = {
  acceptLanguage?: string;
  preferredCandidateKey?: string;
  signal?: AbortSignal;
  render?: boolean;
};

/** Fetch a product page through the safe fetcher and read it: what the hub shows on paste. */
export async function previewProduct(
  fetcher: Pick<Fetcher, "fetchPage">,
  rawUrl: string,
  options: PreviewOptions = {},
): Promise<PreviewOutcome> {
  const normalized = normalizeProductUrl(rawUrl);
  if (!normalized) {
    return {
      kind: "failed",
      code: "bad_url",
      message: "This is not a web address Dropwave can check (only http and https links)",
    };
  }
  const outcome = await fetcher.fetchPage(normalized.key, {
    acceptLanguage: options.acceptLanguage,
    signal: options.signal,
    render: options.render,
  });
  if (outcome.kind !== "ok") {
    return {
      kind: "failed",
      code: outcome.kind,
      message: describeOutcome(outcome),
      ...("retryAfterMs" in outcome && outcome.retryAfterMs !== undefined
        ? { retryAfterMs: outcome.retryAfterMs }
        : {}),
    };
  }
  const extracted = extractProduct(outcome.body, outcome.finalUrl, {
    preferredCandidateKey: options.preferredCandidateKey,
  });
  return {
    kind: "ok",
    preview: {
      ...extracted,
      url: normalized.key,
      host: normalized.host,
      finalUrl: outcome.finalUrl,
      store: extracted.store ?? normalized.host.replace(/^www\./, ""),
    },
  };
}
