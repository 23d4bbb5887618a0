import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors.ts";
import type { ImportFile } from "./import-file.ts";
import type { ImportReadResult, ImportReadTask } from "./import-read-task.ts";

/** The import thread's entry: the .ts beside this file, or the .js built beside the bundle. */
export function importReadTaskFile(moduleUrl: string = import.meta.url): string {
  const here = fileURLToPath(moduleUrl);
  const dir = path.dirname(here);
  if (here.endsWith(".ts")) return path.join(dir, "import-read-task.ts");
  const built = [
    path.join(dir, "import-read-task.js"),
    path.join(dir, "..", "import-read-task.js"),
  ];
  const found = built.find((file) => existsSync(file));
  if (!found) throw new Error(`import worker entry not found (looked for ${built.join(", ")})`);
  return found;
}

/** A thread reading a 50 MB file needs some room; past it the import is refused, not the process. */
const READER_HEAP_MB = 768;
/** The reading thread is kept this long after a file, then ended (loading it costs a second). */
const READER_IDLE_MS = 60_000;

/** Imports read at once in this process: each holds a whole file and its parse in memory. */
export const MAX_CONCURRENT_IMPORT_READS = 1;

let reading = 0;
let reader: { worker: Worker; file: string; idle?: NodeJS.Timeout } | undefined;

function readerFor(file: string): Worker {
  if (reader && reader.file === file) {
    clearTimeout(reader.idle);
    return reader.worker;
  }
  const worker = new Worker(file, {
    workerData: { isImportReader: true },
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  });
  // An idle reader never keeps the process alive.
  worker.unref();
  const current = { worker, file };
  worker.once("exit", () => {
    if (reader === current) reader = undefined;
  });
  reader = current;
  return worker;
}

function readOn(worker: Worker, task: ImportReadTask): Promise<ImportReadResult> {
  return new Promise<ImportReadResult>((resolve, reject) => {
    const done = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (message: ImportReadResult) => {
      done();
      resolve(message);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`import reader exited with code ${code}`));
    };
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(task, [task.bytes.buffer as ArrayBuffer]);
  });
}

/**
 * Reads an import body on a thread of its own (JSON, schema, point cap, columns) and moves the
 * result back: the event loop never parses or validates the file (docs/decisions/0070). A
 * fault is an AppError: 400 not JSON, 400 naming the fields, 413 over the point cap or the
 * thread's memory, 429 while another import is being read.
 */
export async function readImportOffLoop(
  bytes: Uint8Array,
  options: { maxPoints: number; taskFile?: string },
): Promise<ImportFile> {
  if (reading >= MAX_CONCURRENT_IMPORT_READS) {
    throw new AppError("rate_limited", "Another import is being read. Try again in a moment.", {
      details: { retryAfterSeconds: 5 },
    });
  }
  reading += 1;
  const worker = readerFor(options.taskFile ?? importReadTaskFile());
  try {
    const result = await readOn(worker, { bytes, maxPoints: options.maxPoints }).catch(
      (error: unknown) => {
        if ((error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY") {
          throw new AppError("payload_too_large", "This file is too large to import at once.");
        }
        throw error;
      },
    );
    if (!result.ok) {
      throw new AppError(result.error.code, result.error.message, {
        ...(result.error.fields ? { fields: result.error.fields } : {}),
      });
    }
    return result.file;
  } finally {
    reading -= 1;
    if (reader?.worker === worker) {
      reader.idle = setTimeout(() => void worker.terminate(), READER_IDLE_MS);
      reader.idle.unref();
    }
  }
}
