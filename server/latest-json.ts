import { readFile } from "node:fs/promises";
import type { Hono } from "hono";
import type { HonoEnv } from "./http.ts";

/**
 * `/latest.json`: the id of the build this server ships (scripts/vite-build-id.ts writes the
 * file). Read at every request, so a deployment that replaces the build's files is seen at
 * once, and never cached anywhere: open tabs poll it to learn that a new build is out.
 */
export function mountLatestJson(app: Hono<HonoEnv>, file: string): void {
  app.get("/latest.json", async (c) => {
    c.header("Cache-Control", "no-store");
    let body: string;
    try {
      body = await readFile(file, "utf8");
    } catch {
      return c.json({ error: { code: "not_found", message: "No build id here." } }, 404);
    }
    return c.body(body, 200, { "content-type": "application/json; charset=utf-8" });
  });
}
