import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL server of the tests that need one (several connections or processes, which
 * PGlite cannot give): DATABASE_URL, else TEST_POSTGRES_URL, else the local default.
 */
export const POSTGRES_SERVER_URL =
  process.env.DATABASE_URL ??
  process.env.TEST_POSTGRES_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** True when a PostgreSQL server answers at `url` (tests of the Postgres path skip otherwise). */
export async function isPostgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** One statement on its own connection (create/drop a test database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A uniquely named, empty database on the server at `serverUrl` (one per test file or benchmark
 * run, so parallel runs never meet); `drop()` removes it, closing whatever still uses it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * `count` separate connections to a fresh scratch database on `serverUrl`, for tests of what
 * crosses connections; `close()` ends them and drops the database.
 */
export async function scratchConnections(
  serverUrl: string,
  prefix: string,
  count: number,
): Promise<{ clients: pg.Client[]; close(): Promise<void> }> {
  const scratch = await createScratchDatabase(serverUrl, prefix);
  const clients = Array.from({ length: count }, () => new pg.Client(scratch.url));
  const close = async () => {
    for (const client of clients) await client.end().catch(() => {});
    await scratch.drop();
  };
  try {
    for (const client of clients) await client.connect();
  } catch (error) {
    await close();
    throw error;
  }
  return { clients, close };
}
