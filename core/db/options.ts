import path from "node:path";

/** Which database to open (a module of its own: deciding costs no driver import). */
export type DatabaseOptions =
  | { kind: "postgres"; url: string; maxConnections?: number }
  /** dataDir undefined = in memory (tests); loadDataDir = start from a dumped data dir. */
  | { kind: "pglite"; dataDir: string | undefined; loadDataDir?: Blob };

export function databaseOptionsFromEnv(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "db") };
}
