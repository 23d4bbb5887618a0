import { existsSync } from "node:fs";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startServer } from "../../tests/helpers/local-server.ts";
import { extractProduct } from "../extract/extract-product.ts";
import { createFetcher, type Fetcher } from "./index.ts";
import type { DialOverride, Resolver } from "./options.ts";
import { forwardedHeaders } from "./render.ts";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.warn(`render tests skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
}

const base = {
  version: "0.1.0-test",
  publicUrl: "https://dropwave.test",
  hostSpacingMs: 0,
  timeoutMs: 10_000,
};
const PUBLIC = "93.184.216.34";
const dialPublicLocally: DialOverride = (checked) =>
  checked.address === PUBLIC ? { address: "127.0.0.1", family: 4 } : checked;

let store: LocalServer;
let internal: LocalServer;

beforeAll(async () => {
  internal = await startServer((_req, res) => {
    res.setHeader("content-type", "application/javascript");
    res.setHeader("access-control-allow-origin", "*");
    res.end("document.getElementById('leak').textContent = 'LEAKED';");
  });
  store = await startServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/product") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("set-cookie", ["session=s1; Path=/", "region=eu; Path=/"]);
      res.end(`<!doctype html><html><head><title>Widget</title></head><body>
<h1>Widget</h1><p>Price: <span id="price">loading…</span></p>
<script>
  fetch("/api/price").then((r) => r.json()).then((d) => {
    document.getElementById("price").textContent = d.amount + " " + d.currency;
  });
</script></body></html>`);
    } else if (path === "/hidden-prices") {
      // A stylesheet hides another size's price and clips a screen-reader copy; a person sees
      // only $24.99. Nothing in the markup itself says so. The page is still faded out by an
      // anti-flicker class (shown a moment after load): that hides nothing.
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html lang="en" class="async-hide"><head><title>Tee</title><style>
.async-hide{opacity:0 !important}
.p-alt{display:none}.a11y{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
</style></head><body><main><h1>Tee</h1>
<div><span class="p-alt">$19.99</span><span class="a11y">Sale price $9.99</span><span>$24.99</span></div>
<button>Add to cart</button></main></body></html>`);
    } else if (path === "/api/price") {
      // Like many stores, the price API wants the session cookie the page set.
      if (
        !/session=s1/.test(req.headers.cookie ?? "") ||
        !/region=eu/.test(req.headers.cookie ?? "")
      ) {
        res.statusCode = 401;
        res.end("{}");
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ amount: "19.99", currency: "EUR" }));
    } else if (path === "/reaches-inside") {
      const port = internal.port;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html><body><p id="leak">safe</p><p id="fetch">pending</p>
<img src="http://127.0.0.1:${port}/pixel.gif">
<iframe src="http://127.0.0.1:${port}/frame"></iframe>
<script src="http://127.0.0.1:${port}/evil.js"></script>
<script src="http://[::ffff:7f00:1]:${port}/evil2.js"></script>
<script>
  fetch("http://internal.test:${port}/secret")
    .then(() => { document.getElementById("fetch").textContent = "reached"; })
    .catch(() => { document.getElementById("fetch").textContent = "refused"; });
</script></body></html>`);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
});

afterAll(async () => {
  await store.close();
  await internal.close();
});

describe.skipIf(!hasChromium)("rendering fetcher (system Chromium)", () => {
  let fetcher: Fetcher;
  let guarded: Fetcher;
  const logLines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    }),
  );
  beforeAll(() => {
    fetcher = createFetcher({ ...base, allowPrivate: ["127.0.0.1/32"], chromiumPath });
    const resolve: Resolver = async (hostname) => {
      if (hostname === "public.test") return [{ address: PUBLIC, family: 4 }];
      if (hostname === "internal.test") return [{ address: "127.0.0.1", family: 4 }];
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    };
    guarded = createFetcher({
      ...base,
      chromiumPath,
      resolve,
      logger,
      unsafeDialOverride: dialPublicLocally,
    });
  });
  afterAll(async () => {
    await fetcher?.close();
    await guarded?.close();
  });

  it("returns the HTML after scripts set the price, with sub-requests made by the fetcher (cookies kept)", async () => {
    const plain = await fetcher.fetchPage(`${store.origin}/product`);
    expect(plain.kind === "ok" && plain.body).not.toContain("19.99 EUR");

    const outcome = await fetcher.fetchPage(`${store.origin}/product`, { render: true });
    expect(outcome).toMatchObject({ kind: "ok", isRendered: true, status: 200 });
    if (outcome.kind === "ok") expect(outcome.body).toContain('<span id="price">19.99 EUR</span>');
    const api = store.requests.find((r) => r.url === "/api/price");
    // The XHR reached the store through Dropwave's fetcher (its User-Agent), not Chromium's stack.
    expect(api?.headers["user-agent"]).toMatch(/Dropwave\/0\.1\.0-test/);
  });

  it("marks what the browser does not render, so that extraction reads the page as shown", async () => {
    const outcome = await fetcher.fetchPage(`${store.origin}/hidden-prices`, { render: true });
    expect(outcome).toMatchObject({ kind: "ok", isRendered: true });
    if (outcome.kind !== "ok") return;
    expect(outcome.body).toContain('<span class="p-alt" data-dw-unrendered="">$19.99</span>');
    expect(outcome.body).toContain(
      '<span class="a11y" data-dw-unrendered="">Sale price $9.99</span>',
    );
    expect(outcome.body).toContain("<span>$24.99</span>");
    const read = extractProduct(outcome.body, `${store.origin}/hidden-prices`);
    expect(read.price).toEqual({ amountMinor: 2499, currency: "USD" });
    // As served (no rendering), nothing says which is shown: the first price under the title.
    const plain = extractProduct(
      outcome.body.replaceAll(' data-dw-unrendered=""', ""),
      store.origin,
    );
    expect(plain.price?.amountMinor).not.toBe(2499);
  });

  it("with the default policy, a page's requests to private addresses are blocked", async () => {
    const outcome = await guarded.fetchPage(`http://public.test:${store.port}/reaches-inside`, {
      render: true,
    });
    expect(outcome).toMatchObject({ kind: "ok", isRendered: true });
    if (outcome.kind === "ok") {
      expect(outcome.body).toContain('<p id="leak">safe</p>');
      expect(outcome.body).toContain('<p id="fetch">refused</p>');
    }
    expect(internal.requests).toHaveLength(0);
    expect(internal.connections).toBe(0);
    // Refused by the interception (the dead proxy is only the second wall).
    const refused = logLines.filter((l) => l.includes("render sub-request refused")).join("\n");
    expect(refused).toContain(`internal.test:${internal.port}/secret`);
    expect(refused).toContain(`127.0.0.1:${internal.port}/evil.js`);
    expect(refused).toContain("blocked_address");
  });

  it("refuses to render a private address at all with the default policy", async () => {
    const outcome = await guarded.fetchPage(`http://127.0.0.1:${store.port}/product`, {
      render: true,
    });
    expect(outcome.kind).toBe("blocked_address");
  });
});

describe("forwardedHeaders (a sub-request as the fetcher sends it)", () => {
  it("keeps the browser's headers but not Host, pseudo-headers or its encodings; sets our agent", () => {
    expect(
      forwardedHeaders(
        {
          Host: "shop.example",
          ":authority": "shop.example",
          Accept: "application/json",
          "Accept-Encoding": "zstd",
          "User-Agent": "HeadlessChrome",
          Cookie: "cart=1",
        },
        "Dropwave/1.0",
      ),
    ).toEqual({
      accept: "application/json",
      cookie: "cart=1",
      "user-agent": "Dropwave/1.0",
      "accept-encoding": "gzip, deflate, br",
    });
  });
});
