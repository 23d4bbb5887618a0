import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll } from "vitest";
import type { PageHandler } from "../../server/app.ts";
import type * as TestApp from "./app.ts";

/**
 * The real Hono app with the real page routes, rendered by Vite's SSR as in `npm run dev`: one
 * module graph, so the routes and the app share their contexts (the test app's helpers are
 * loaded through Vite too, for that reason). Registers the suite's beforeAll/afterAll; read
 * `testApp` and `pageHandler` from the returned object inside tests.
 */
export function setupPageRoutes(timeoutMs = 180_000): {
  testApp: typeof TestApp;
  pageHandler: PageHandler;
} {
  const state = {} as { testApp: typeof TestApp; pageHandler: PageHandler };
  let vite: ViteDevServer | undefined;
  beforeAll(async () => {
    vite = await createServer({
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: "custom",
      logLevel: "silent",
    });
    state.testApp = (await vite.ssrLoadModule("/tests/helpers/app.ts")) as typeof TestApp;
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    const handle = createRequestHandler(build, "development");
    state.pageHandler = (request, context) => handle(request, context);
  }, timeoutMs);
  afterAll(async () => {
    await vite?.close();
  });
  return state;
}
