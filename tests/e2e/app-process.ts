import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";

/**
 * A second instance of the built app, started by a test with settings of its own (the shared
 * webServer runs the defaults). Resolves once /api/health answers.
 */
export async function startAppProcess(options: {
  port: number;
  publicUrl: string;
  env: Record<string, string>;
}): Promise<{ origin: string; stop(): Promise<void>; output(): string }> {
  const origin = `http://127.0.0.1:${options.port}`;
  // A server left over on the port would answer the health check in this one's place.
  const isTaken = await fetch(`${origin}/api/health`).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`port ${options.port} is already in use`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropwave-e2e-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: options.publicUrl,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  // Generous: CI shares two cores between this server, the shared one and Chromium.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`app did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
