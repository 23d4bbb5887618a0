import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Hono } from "hono";
import type { HonoEnv } from "./http.ts";

const FILES = new Set(["dropwave-chrome.zip", "dropwave-firefox.zip"]);

/**
 * The browser extension's zips, as `npm run build` (build:extension) leaves them in
 * build/extension: the hub's and /user's install links. Without a build, a plain 404 says how
 * to make one.
 */
export function mountExtensionDownloads(app: Hono<HonoEnv>, dir = "build/extension"): void {
  app.get("/extension/:file", async (c) => {
    const file = c.req.param("file");
    if (!FILES.has(file)) return c.text("Not Found", 404);
    try {
      const body = await readFile(path.resolve(dir, file));
      return c.body(new Uint8Array(body), 200, {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${file}"`,
        "cache-control": "no-cache",
      });
    } catch {
      return c.text(
        "The browser extension is not built on this server yet: run `npm run build:extension`.",
        404,
      );
    }
  });
}
