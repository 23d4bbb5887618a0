import { afterAll, beforeAll } from "vitest";

/**
 * A server (store stand-in, SMTP, …) started once for the current test file and closed after it.
 * Returns a stand-in that forwards to the running server, so tests use it as they would the
 * server itself; touching it outside a test (before `beforeAll`) throws.
 */
export function forThisFile<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): T {
  let server: T | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!server) throw new Error("the server is used before beforeAll started it");
      const value = Reflect.get(server, key, server);
      return typeof value === "function" ? value.bind(server) : value;
    },
  });
}
