// The container image's HEALTHCHECK (Dockerfile). Web and all-in-one processes answer
// GET /api/health with 200 while their database does; a worker (`start --role=worker`) serves no
// HTTP, so its check is that its database answers. Exit 0 healthy, 1 not.
import { readFileSync } from "node:fs";

const timeoutMs = 4_000;
const command = readFileSync("/proc/1/cmdline", "utf8").split("\0");
const isWorker = command.includes("--role=worker");

async function healthy() {
  if (!isWorker) {
    const port = process.env.PORT || "3000";
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.status === 200;
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: timeoutMs,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

healthy().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(`unhealthy: ${error.message}`);
    process.exit(1);
  },
);
