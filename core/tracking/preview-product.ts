import { z } from "zod";
import type { ExtractResult } from "../extract/types.ts";
import { type Extractor, inlineExtractor } from "../extract-pool/index.ts";
import { describeOutcome, type Fetcher, type FetchOutcomeKind } from "../fetch/index.ts";

import { normalizeProductUrl } from "../url/normalize-url.ts";
import { ProductUrl } from "./product-url.ts";
import { isUntrackableCode } from "./untrackable.ts";
import { CandidateKey } from "./watch-fields.ts";

/** What a preview needs: the link (a missing scheme means https) and, optionally, a price choice. */
export const PreviewInput = z.object({ url: ProductUrl, candidateKey: CandidateKey.optional() });
export type PreviewInput = z.infer<typeof PreviewInput>;

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
      /**
       * The fetch outcome kind (bot_challenge, timeout, …), bad_url, too_large for a page cut
       * by the extraction time budget, or busy (the extraction queue is full: try again).
       */
      code: FetchOutcomeKind | "bad_url" | "busy";
      message: string;
      retryAfterMs?: number;
    };

/** Whether a failed preview means the address itself cannot be tracked (./untrackable.ts). */
export function isUntrackable(outcome: PreviewOutcome): boolean {
  return outcome.kind === "failed" && isUntrackableCode(outcome.code);
}

export type PreviewOptions = {
  acceptLanguage?: string;
  /** The person's country, the last tie-break for a currency sign (core/accounts/country.ts). */
  country?: string | null;
  preferredCandidateKey?: string;
  /** The variant to read (its SKU or id), over the page's default one. */
  variantId?: string;
  signal?: AbortSignal;
  render?: boolean;
  /** Where the page is read: the server's extraction pool (off the event loop); inline by default. */
  extract?: Extractor;
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
  const read = await (options.extract ?? inlineExtractor)(
    outcome.page ?? outcome.body,
    outcome.finalUrl,
    {
      preferredCandidateKey: options.preferredCandidateKey,
      ...(options.variantId ? { variantId: options.variantId } : {}),
      ...(options.country ? { country: options.country } : {}),
    },
  );
  if (read.kind !== "ok") {
    return read.kind === "cut"
      ? { kind: "failed", code: "too_large", message: "This page is too large or complex to read" }
      : {
          kind: "failed",
          code: "busy",
          message: "Dropwave is busy reading other pages; try again in a moment",
        };
  }
  const extracted = read.result;
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
