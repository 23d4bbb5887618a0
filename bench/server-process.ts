import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * A process's memory from /proc (Linux), in MB: `VmRSS` now, or `VmHWM`, its peak so far.
 * NaN once the process is exiting (its memory lines are gone).
 */
export function processMemoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
}

/**
 * Waits until a Dropwave server started as `server` answers at `origin` (`/api/v1/me` says 401
 * to a stranger); returns how long it took, in ms.
 */
export async function waitUntilServing(
  origin: string,
  server: ChildProcess,
  { timeoutMs = 180_000, pollMs = 200 } = {},
): Promise<number> {
  const startedAt = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/v1/me`)).status === 401) break;
    } catch {}
    if (server.exitCode !== null) throw new Error("the server exited");
    if (performance.now() - startedAt > timeoutMs) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return Math.round(performance.now() - startedAt);
}

/** The environment a benchmark starts the built server with (production, quiet logs). */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  /** PostgreSQL; "" or none: the embedded database under dataDir. */
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    LOG_LEVEL: "warn",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
  };
}
