import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../errors.ts";
import { parseInput } from "../input.ts";
import { WatchExport } from "./export-watches.ts";
import { type ImportFile, toImportFile, transferablesOf } from "./import-file.ts";

/** What the import's thread is given: the request body's bytes (moved, not copied). */
export type ImportReadTask = { bytes: Uint8Array; maxPoints: number };

export type ImportReadResult =
  | { ok: true; file: ImportFile }
  | {
      ok: false;
      error: {
        code: "bad_request" | "validation_failed" | "payload_too_large";
        message: string;
        fields?: { field: string; message: string }[];
      };
    };

/**
 * Reads an import body: JSON.parse, the WatchExport schema, the cap on history points, and the
 * columns (import-file.ts). Pure apart from the message passing; it runs on a thread of its
 * own so that none of it holds the event loop (docs/decisions/0070).
 */
export function readImport(task: ImportReadTask): ImportReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(task.bytes));
  } catch {
    return { ok: false, error: { code: "bad_request", message: "The body must be JSON." } };
  }
  let data: WatchExport;
  try {
    data = parseInput(WatchExport, raw);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      error: {
        code: "validation_failed",
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    };
  }
  const points = data.watches.reduce((sum, w) => sum + w.history.length, 0);
  if (points > task.maxPoints) {
    return {
      ok: false,
      error: {
        code: "payload_too_large",
        message: `This file holds ${points} history points; one import takes at most ${task.maxPoints}. Import its products in several files.`,
      },
    };
  }
  return { ok: true, file: toImportFile(data) };
}

// As a worker thread's entry (built beside the server bundle, vite.config.ts): one file per
// message, answered with the columns moved back.
const port = workerData?.isImportReader === true ? parentPort : null;
port?.on("message", (task: ImportReadTask) => {
  const result = readImport(task);
  port.postMessage(result, result.ok ? transferablesOf(result.file) : []);
});
