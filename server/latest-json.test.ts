import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { HonoEnv } from "./http.ts";
import { mountLatestJson } from "./latest-json.ts";

const dir = mkdtempSync(path.join(tmpdir(), "dropwave-latest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("/latest.json", () => {
  it("is the file's build id, read at each request and never cached", async () => {
    const file = path.join(dir, "latest.json");
    const app = new Hono<HonoEnv>();
    mountLatestJson(app, file);
    writeFileSync(file, JSON.stringify({ buildId: "build-one" }));
    const first = await app.request("/latest.json");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(await first.json()).toEqual({ buildId: "build-one" });
    // A deployment replaces the file: the next answer says so, without a restart.
    writeFileSync(file, JSON.stringify({ buildId: "build-two" }));
    expect(await (await app.request("/latest.json")).json()).toEqual({ buildId: "build-two" });
  });

  it("answers 404, still uncached, when the build wrote no id", async () => {
    const app = new Hono<HonoEnv>();
    mountLatestJson(app, path.join(dir, "missing.json"));
    const response = await app.request("/latest.json");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
