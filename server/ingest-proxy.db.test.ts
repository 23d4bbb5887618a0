import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../tests/helpers/app.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { type LocalServer, startServer } from "../tests/helpers/local-server.ts";

const db = setupTestDatabase();
let posthog: LocalServer;
const bodies: Buffer[] = [];

beforeAll(async () => {
  // A PostHog stand-in on loopback: answers like /e/ and /flags/ do, and records bodies.
  posthog = await startServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    bodies.push(Buffer.concat(chunks));
    if (req.url?.startsWith("/redirect")) {
      res.writeHead(302, { location: "http://169.254.169.254/" }).end();
      return;
    }
    if (req.url?.startsWith("/static/")) {
      res.writeHead(200, { "content-type": "text/javascript", "content-encoding": "gzip" });
      res.end(gzipSync("console.log('recorder')"));
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "set-cookie": "ph=1" });
    res.end(JSON.stringify({ status: 1, path: req.url }));
  });
});
afterAll(() => posthog.close());

async function appWith(env: Record<string, string>) {
  return createTestApp(db.current, { env: { POSTHOG_KEY: "phc_test", ...env } });
}

describe("the PostHog proxy (/ingest/ph)", () => {
  it("forwards an event batch to the configured host, without cookies or the visitor's address", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin, POSTHOG_PROXY: "true" });
    const response = await request("/ingest/ph/e/?ip=0&ver=1", {
      body: { api_key: "phc_test", event: "$pageview" },
      cookie: "better-auth.session_token=secret",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 1, path: "/e/?ip=0&ver=1" });
    expect(response.headers.get("set-cookie")).toBeNull();
    const seen = posthog.requests.at(-1);
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers["x-forwarded-for"]).toBeUndefined();
    expect(JSON.parse(bodies.at(-1)?.toString() ?? "{}")).toMatchObject({ event: "$pageview" });
  });

  it("passes compressed assets through with their encoding", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin, POSTHOG_PROXY: "true" });
    const response = await request("/ingest/ph/static/recorder.js");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain("recorder");
  });

  it("never leaves the configured origin, whatever the path says", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin, POSTHOG_PROXY: "true" });
    const before = posthog.requests.length;
    const response = await request("/ingest/ph//169.254.169.254/latest/meta-data");
    expect(response.status).toBe(200);
    expect(posthog.requests.length).toBe(before + 1);
    expect(posthog.requests.at(-1)?.url).toBe("/169.254.169.254/latest/meta-data");
  });

  it("does not follow a redirect from the host", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin, POSTHOG_PROXY: "true" });
    const response = await request("/ingest/ph/redirect");
    expect(response.status).toBe(502);
  });

  it("refuses a body over 1 MB with 413", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin, POSTHOG_PROXY: "true" });
    const before = posthog.requests.length;
    const response = await request("/ingest/ph/e/", { body: { blob: "x".repeat(1_100_000) } });
    expect(response.status).toBe(413);
    expect(posthog.requests.length).toBe(before);
  });

  it("answers 502 when the host is down", async () => {
    const down = await startServer((_req, res) => void res.end());
    await down.close();
    const { request } = await appWith({ POSTHOG_HOST: down.origin, POSTHOG_PROXY: "true" });
    expect((await request("/ingest/ph/e/", { body: {} })).status).toBe(502);
  });

  it("does not exist without the proxy setting", async () => {
    const { request } = await appWith({ POSTHOG_HOST: posthog.origin });
    const before = posthog.requests.length;
    const response = await request("/ingest/ph/e/", { body: {} });
    expect(response.status).not.toBe(200);
    expect(posthog.requests.length).toBe(before);
  });
});
