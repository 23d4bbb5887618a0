import { databaseOptionsFromEnv } from "../core/db/options.ts";
import type { Env } from "../core/env.ts";
import type { ExtractPoolOptions } from "../core/extract-pool/index.ts";

/**
 * The extraction pool's size for this process. On the embedded database the one process is a
 * household's whole server, sized for a 1 GB machine: one thread with a small young generation
 * (a household's 2 000 products all due at once: peak 989 → 639 MB). On PostgreSQL, where
 * processes scale out, one thread per core with V8's own sizes, for throughput
 * (docs/decisions/0038-embedded-extraction-memory.md).
 */
export function extractPoolSize(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): ExtractPoolOptions {
  const isEmbedded = databaseOptionsFromEnv(env).kind === "pglite";
  return isEmbedded ? { threads: 1, youngGenerationMb: 16 } : {};
}
