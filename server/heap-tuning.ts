import v8 from "node:v8";
import { databaseOptionsFromEnv } from "../core/db/options.ts";
import type { Env } from "../core/env.ts";

/**
 * V8's flag that counts external memory (the bytes of ArrayBuffers: every fetched page's body)
 * in the heap's global allocation limit. Without it, every ~64 MB of external memory allocated
 * since the last full collection starts another full collection of the main heap, however
 * little of it is still alive: a check worker reads ~1.4 MB of socket buffers and page bytes
 * per check, all short-lived, and ran a full collection every ~20 checks
 * (docs/decisions/0042-external-memory-in-global-limit.md).
 */
export const EXTERNAL_MEMORY_IN_GLOBAL_LIMIT = "--external-memory-accounted-in-global-limit";

/**
 * The V8 flags for this process: on PostgreSQL, a process that runs the check worker (roles
 * `all` and `worker`) counts external memory in the global limit: ~8 % more real-page checks a
 * second for ~165 MB more memory on average. The embedded server keeps V8's defaults: the flag
 * took its household peak from ~590 to ~805 MB, over what a 1 GB machine allows.
 */
export function heapFlagsFor(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
  role: "all" | "web" | "worker",
): string[] {
  const isEmbedded = databaseOptionsFromEnv(env).kind === "pglite";
  return !isEmbedded && role !== "web" ? [EXTERNAL_MEMORY_IN_GLOBAL_LIMIT] : [];
}

/**
 * Sets `flags` in this process's V8, before the extraction threads start (they read the flags
 * when they are made). The heap reads this flag at each collection decision, not once at start,
 * so setting it now takes effect (`npm run bench:heap` counts the full collections it saves). Set
 * at run time rather than on the command line because only some processes want it and they
 * all start as `npm start`.
 */
export function applyHeapFlags(
  flags: readonly string[],
  setFlags: (flag: string) => void = v8.setFlagsFromString,
): void {
  for (const flag of flags) setFlags(flag);
}
