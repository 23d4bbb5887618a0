import { execFileSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackStores, pageKey, startLoopbackStores } from "./loopback-stores.ts";

/** The server makes its certificate with openssl (Debian's, on every machine here). */
const hasOpenssl = (() => {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let stores: LoopbackStores;
beforeAll(async () => {
  if (!hasOpenssl) return;
  stores = await startLoopbackStores({
    pageHeaders: { "content-security-policy": "script-src 'none'" },
    extra(request, response) {
      if (request.url !== "/api/ping") return false;
      response.end("pong");
      return true;
    },
  });
});
afterAll(() => stores?.close());

/** A request to the loopback port as Chromium sends it after the MAP rule: the page's Host. */
function get(
  isTls: boolean,
  host: string,
  path: string,
): Promise<{ status: number; body: string; csp: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = (isTls ? httpsRequest : httpRequest)(
      {
        host: "127.0.0.1",
        port: stores.port,
        path,
        headers: { host },
        servername: host,
        rejectUnauthorized: false,
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            csp: response.headers["content-security-policy"] as string | undefined,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe.skipIf(!hasOpenssl)("loopback stores (skipped without openssl)", () => {
  it("serves the page being visited at its own host and path, over TLS and plain HTTP on one port", async () => {
    stores.show("https://www.shop.example/p/1?sku=2", "<h1>Boots</h1>");
    const tls = await get(true, "www.shop.example", "/p/1?sku=2");
    expect(tls).toMatchObject({ status: 200, body: "<h1>Boots</h1>", csp: "script-src 'none'" });
    expect((await get(false, "www.shop.example", "/p/1?sku=2")).status).toBe(200);
  });

  it("refuses everything else, and counts it", async () => {
    stores.show("https://www.shop.example/p/1", "<h1>Boots</h1>");
    const before = stores.refused();
    expect((await get(true, "cdn.other.example", "/p/1")).status).toBe(404);
    expect((await get(false, "www.shop.example", "/p/2")).status).toBe(404);
    expect((await get(false, "10.0.0.1", "/tracker.gif")).status).toBe(404);
    expect(stores.refused()).toBe(before + 3);
  });

  it("hands its own routes (the stand-in API) to `extra` first", async () => {
    expect((await get(false, "127.0.0.1", "/api/ping")).body).toBe("pong");
  });

  it("keys a page by host, path and query, whatever the scheme or default port", () => {
    expect(pageKey(new URL("http://WWW.Shop.example:80/a?b=1#c"))).toBe("www.shop.example/a?b=1");
    expect(pageKey(new URL("https://www.shop.example/a?b=1"))).toBe("www.shop.example/a?b=1");
  });
});
