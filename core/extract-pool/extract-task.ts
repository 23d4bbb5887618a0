import { extractProduct } from "../extract/index.ts";
import type { ExtractOptions, ExtractResult } from "../extract/types.ts";
import { decodeInPieces } from "../fetch/page-input.ts";

/** What the pool sends a worker thread: one page to read, as text or as fetched bytes. */
export type ExtractTask = (
  | { html: string; bytes?: undefined; charset?: undefined }
  | { html?: undefined; bytes: Uint8Array; charset: string }
) & {
  url: string;
  options: ExtractOptions;
  /** Shared with the pool: set to 1 when this thread starts reading (its time budget begins). */
  started?: Int32Array;
};

/**
 * The worker thread's entry (piscina calls the default export once per task): the pure
 * `extractProduct`, unchanged. Built as its own file next to the server bundle (vite.config.ts).
 */
export default function extractTask(task: ExtractTask): ExtractResult {
  if (task.started) {
    Atomics.store(task.started, 0, 1);
    Atomics.notify(task.started, 0);
  }
  // Bytes are decoded in pieces, read as the page in one string would be.
  const html = task.html ?? decodeInPieces(task.bytes, task.charset);
  return extractProduct(html, task.url, task.options);
}
