import { readFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import type { TLSSocket } from "node:tls";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { okOutcome } from "../../tests/helpers/fixtures.ts";
import { type LocalServer, startServer } from "../../tests/helpers/local-server.ts";
import { createFetcher, describeOutcome, type FetchOutcome } from "./index.ts";
import { parseRetryAfter, type Resolver } from "./options.ts";
import { detectCharset } from "./response-body.ts";

const base = {
  version: "1.2.3",
  publicUrl: "https://prices.example.org",
  allowPrivate: ["127.0.0.1/32"],
  hostSpacingMs: 0,
};
const fixture = (path: string) =>
  readFileSync(new URL(`../../tests/fixtures/${path}`, import.meta.url));
const shopDns: Resolver = async (hostname) => {
  if (hostname === "shop.test") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};

let site: LocalServer;

beforeAll(async () => {
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/product":
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end("<html><body><h1>Kaffeemühle</h1><p>249,00 €</p></body></html>");
        return;
      case "/latin1":
        res.setHeader("content-type", "text/html; charset=iso-8859-1");
        res.end(Buffer.from("<html><body>Caf\xe9 12,50 \xa3</body></html>", "latin1"));
        return;
      case "/meta-charset":
        res.setHeader("content-type", "text/html");
        res.end(
          Buffer.concat([
            Buffer.from('<html><head><meta charset="shift_jis"></head><body>'),
            Buffer.from([0x89, 0xbf, 0x8a, 0x69]),
            Buffer.from("</body></html>"),
          ]),
        );
        return;
      case "/gzip":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync("<html><body>compressed price 10.00</body></html>"));
        return;
      case "/no-type":
        res.end("<!doctype html><html><body>untyped</body></html>");
        return;
      case "/json":
        res.setHeader("content-type", "application/json");
        res.end('{"price": 1}');
        return;
      case "/set-cookie":
        res.statusCode = 302;
        res.setHeader("set-cookie", ["session=abc; Path=/", "consent=yes; Path=/; Max-Age=3600"]);
        res.setHeader("location", "/echo-cookie");
        res.end();
        return;
      case "/echo-cookie":
        res.setHeader("content-type", "text/html");
        res.end(`<html><body>cookie=[${req.headers.cookie ?? ""}]</body></html>`);
        return;
      case "/echo-headers":
        res.setHeader("content-type", "text/html");
        res.end(`<html><body>${JSON.stringify(req.headers)}</body></html>`);
        return;
      case "/too-many":
        res.writeHead(429, { "retry-after": "120", "content-type": "text/plain" });
        res.end("slow down");
        return;
      case "/not-found":
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<html><body>No such product</body></html>");
        return;
      case "/amazon-captcha":
        res.setHeader("content-type", "text/html");
        res.end(fixture("challenges/amazon-captcha.html"));
        return;
      case "/cloudflare":
        res.writeHead(403, { "content-type": "text/html", "cf-mitigated": "challenge" });
        res.end(fixture("challenges/cloudflare-just-a-moment.html"));
        return;
      case "/hook":
        if (req.method !== "POST") {
          res.statusCode = 405;
          res.end();
          return;
        }
        req.setEncoding("utf8");
        {
          let body = "";
          req.on("data", (chunk: string) => {
            body += chunk;
          });
          req.on("end", () => {
            res.setHeader("content-type", "application/json");
            res.end(JSON.stringify({ received: body, type: req.headers["content-type"] }));
          });
        }
        return;
      case "/big-json":
        res.setHeader("content-type", "application/json");
        res.end(`"${"x".repeat(100_000)}"`);
        return;
      default:
        res.statusCode = 404;
        res.end();
    }
  });
});

afterAll(() => site.close());

describe("fetchPage", () => {
  const fetcher = createFetcher(base);

  it("returns an ok outcome with the decoded body, headers and timings", async () => {
    const outcome = await fetcher.fetchPage(`${site.origin}/product`);
    expect(outcome).toMatchObject({
      kind: "ok",
      status: 200,
      charset: "utf-8",
      contentType: "text/html",
      finalUrl: `${site.origin}/product`,
      redirects: [],
      isRendered: false,
    });
    if (outcome.kind !== "ok") return;
    expect(outcome.body).toContain("Kaffeemühle");
    expect(outcome.body).toContain("249,00 €");
    expect(outcome.bytes).toBe(Buffer.byteLength(outcome.body));
    expect(outcome.timings.totalMs).toBeGreaterThan(0);
  });

  it("decodes the charset from Content-Type and from <meta>", async () => {
    const latin = await fetcher.fetchPage(`${site.origin}/latin1`);
    expect(latin).toMatchObject({ kind: "ok", charset: "windows-1252" });
    if (latin.kind === "ok") expect(latin.body).toContain("Café 12,50 £");
    const sjis = await fetcher.fetchPage(`${site.origin}/meta-charset`);
    expect(sjis).toMatchObject({ kind: "ok", charset: "shift_jis" });
    if (sjis.kind === "ok") expect(sjis.body).toContain("価格");
  });

  it("decompresses gzip", async () => {
    const outcome = await fetcher.fetchPage(`${site.origin}/gzip`);
    expect(outcome.kind === "ok" && outcome.body).toContain("compressed price");
  });

  it("accepts an untyped body that looks like HTML and refuses other content types", async () => {
    expect((await fetcher.fetchPage(`${site.origin}/no-type`)).kind).toBe("ok");
    expect(await fetcher.fetchPage(`${site.origin}/json`)).toMatchObject({
      kind: "not_html",
      contentType: "application/json",
    });
  });

  it("identifies Dropwave honestly with ordinary Accept headers", async () => {
    const outcome = await fetcher.fetchPage(`${site.origin}/echo-headers`, {
      acceptLanguage: "de-DE,de;q=0.9",
    });
    expect(outcome.kind).toBe("ok");
    const seen = site.requests.at(-1)?.headers ?? {};
    expect(seen["user-agent"]).toBe(
      "Mozilla/5.0 (compatible; Dropwave/1.2.3; +https://prices.example.org)",
    );
    expect(seen["accept-language"]).toBe("de-DE,de;q=0.9");
    expect(seen.accept).toMatch(/^text\/html/);
    expect(seen["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("lets configuration replace the User-Agent", async () => {
    const custom = createFetcher({ ...base, userAgent: "MyTracker/1" });
    await custom.fetchPage(`${site.origin}/echo-headers`);
    expect(site.requests.at(-1)?.headers["user-agent"]).toBe("MyTracker/1");
  });

  it("keeps cookies across the redirects of one check, and never into the next check", async () => {
    const first = await fetcher.fetchPage(`${site.origin}/set-cookie`);
    expect(first.kind === "ok" && first.body).toContain("cookie=[session=abc; consent=yes]");
    if (first.kind === "ok") expect(first.redirects).toHaveLength(1);
    const second = await fetcher.fetchPage(`${site.origin}/echo-cookie`);
    expect(second.kind === "ok" && second.body).toContain("cookie=[]");
  });

  it("reports HTTP errors with their status", async () => {
    expect(await fetcher.fetchPage(`${site.origin}/not-found`)).toMatchObject({
      kind: "http_error",
      status: 404,
    });
  });

  it("honours Retry-After: 429 is an http_error, then the host is held back", async () => {
    const polite = createFetcher(base);
    const first = await polite.fetchPage(`${site.origin}/too-many`);
    expect(first).toMatchObject({ kind: "http_error", status: 429, retryAfterMs: 120_000 });
    const before = site.requests.length;
    const second = await polite.fetchPage(`${site.origin}/product`);
    expect(second.kind).toBe("host_backoff");
    if (second.kind === "host_backoff") expect(second.retryAfterMs).toBeGreaterThan(100_000);
    expect(site.requests.length).toBe(before);
  });

  it("recognises bot challenges served through the real transport", async () => {
    expect(await fetcher.fetchPage(`${site.origin}/amazon-captcha`)).toMatchObject({
      kind: "bot_challenge",
      vendor: "amazon",
      challenge: "captcha",
      status: 200,
    });
    expect(await createFetcher(base).fetchPage(`${site.origin}/cloudflare`)).toMatchObject({
      kind: "bot_challenge",
      vendor: "cloudflare",
      status: 403,
    });
  });

  it("leaves a 2xx page's challenge check to its reader when asked, never another status's", async () => {
    const left = await fetcher.fetchPage(`${site.origin}/amazon-captcha`, {
      leaveChallengeToReader: true,
    });
    expect(left).toMatchObject({ kind: "ok", status: 200, isChallengeLeftToReader: true });
    expect(await fetcher.fetchPage(`${site.origin}/product`)).not.toHaveProperty(
      "isChallengeLeftToReader",
    );
    expect(
      await createFetcher(base).fetchPage(`${site.origin}/cloudflare`, {
        leaveChallengeToReader: true,
      }),
    ).toMatchObject({ kind: "bot_challenge", vendor: "cloudflare", status: 403 });
  });

  it("reports an unknown host as dns_error", async () => {
    const outcome = await createFetcher({ ...base, resolve: shopDns }).fetchPage(
      "http://nowhere.test/",
    );
    expect(outcome).toMatchObject({ kind: "dns_error", host: "nowhere.test", code: "ENOTFOUND" });
  });

  it("reports a refused connection as network_error", async () => {
    const closed = await startServer(() => {});
    const port = closed.port;
    await closed.close();
    const outcome = await fetcher.fetchPage(`http://127.0.0.1:${port}/`);
    expect(outcome).toMatchObject({ kind: "network_error", code: "ECONNREFUSED" });
  });

  it("ends as aborted when the caller's signal aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      (await fetcher.fetchPage(`${site.origin}/product`, { signal: controller.signal })).kind,
    ).toBe("aborted");
  });

  it("never throws, whatever it is given", async () => {
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      "",
      " ",
      "http://",
      "http://[::1",
      "::1",
      "\u0000",
    ];
    for (const input of inputs) {
      const outcome = await fetcher.fetchPage(input as string);
      expect(outcome.kind, String(input)).toBe("bad_url");
    }
  });
});

describe("TLS", () => {
  let tlsSite: LocalServer;
  const servernames: Array<string | false | null> = [];
  const hosts: Array<string | undefined> = [];
  beforeAll(async () => {
    const server = createHttpsServer({
      key: fixture("tls/self-signed.key"),
      cert: fixture("tls/self-signed.crt"),
    });
    tlsSite = await startServer((req, res) => {
      servernames.push((req.socket as TLSSocket).servername);
      hosts.push(req.headers.host);
      res.setHeader("content-type", "text/html");
      res.end("<html><body>secure shop</body></html>");
    }, server);
  });
  afterAll(() => tlsSite.close());

  it("an untrusted certificate is a tls_error", async () => {
    const fetcher = createFetcher({ ...base, resolve: shopDns });
    const outcome = await fetcher.fetchPage(`https://shop.test:${tlsSite.port}/`);
    expect(outcome.kind).toBe("tls_error");
    expect(tlsSite.requests).toHaveLength(0);
  });

  it("a pinned connection keeps SNI and Host for the hostname", async () => {
    const fetcher = createFetcher({
      ...base,
      resolve: shopDns,
      tlsCa: fixture("tls/self-signed.crt").toString(),
    });
    const outcome = await fetcher.fetchPage(`https://shop.test:${tlsSite.port}/`);
    expect(outcome.kind === "ok" && outcome.body).toContain("secure shop");
    expect(servernames.at(-1)).toBe("shop.test");
    expect(hosts.at(-1)).toBe(`shop.test:${tlsSite.port}`);
  });
});

describe("request (webhooks)", () => {
  const fetcher = createFetcher(base);

  it("POSTs a body and returns any content type", async () => {
    const outcome = await fetcher.request(`${site.origin}/hook`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "evil.example", "x-signature": "abc" },
      body: '{"event":"price_drop"}',
    });
    expect(outcome).toMatchObject({ kind: "ok", status: 200, contentType: "application/json" });
    if (outcome.kind === "ok") {
      expect(JSON.parse(outcome.body)).toEqual({
        received: '{"event":"price_drop"}',
        type: "application/json",
      });
    }
    const seen = site.requests.at(-1)?.headers ?? {};
    expect(seen.host).toBe(`127.0.0.1:${site.port}`);
    expect(seen["x-signature"]).toBe("abc");
  });

  it("caps the response small (64 KB by default)", async () => {
    expect(await fetcher.request(`${site.origin}/big-json`)).toMatchObject({
      kind: "too_large",
      limitBytes: 64 * 1024,
    });
  });

  it("reports an error status as http_error", async () => {
    expect(await fetcher.request(`${site.origin}/hook`)).toMatchObject({
      kind: "http_error",
      status: 405,
    });
  });
});

describe("configuration", () => {
  it("a malformed allow-list fails at construction, not on the first fetch", () => {
    expect(() => createFetcher({ ...base, allowPrivate: ["127.0.0.1/40"] })).toThrow(/allow-list/);
  });

  it("render without a configured Chromium fetches without rendering", async () => {
    const outcome = await createFetcher(base).fetchPage(`${site.origin}/product`, { render: true });
    expect(outcome).toMatchObject({ kind: "ok", isRendered: false });
  });
});

describe("helpers", () => {
  it("parses Retry-After in seconds and as a date", () => {
    expect(parseRetryAfter("30")).toBe(30_000);
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT")),
    ).toBe(60_000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it("detects charsets, falling back to UTF-8 for unknown labels", () => {
    expect(detectCharset("text/html; charset=x-unknown", Buffer.from("<p>"))).toBe("utf-8");
    expect(detectCharset("text/html", Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf-8");
    expect(detectCharset('text/html; charset="ISO-8859-2"', Buffer.from(""))).toBe("iso-8859-2");
  });

  it("describes every outcome kind in words", () => {
    const outcomes: FetchOutcome[] = [
      okOutcome("u"),
      { kind: "http_error", url: "u", finalUrl: "u", status: 500 },
      { kind: "timeout", url: "u", phase: "response", afterMs: 15_000 },
      { kind: "too_large", url: "u", limitBytes: 5 * 1024 * 1024 },
      { kind: "blocked_address", url: "u", host: "h", reason: "loopback" },
      { kind: "bad_url", url: "u", reason: "scheme" },
      {
        kind: "bot_challenge",
        url: "u",
        finalUrl: "u",
        status: 503,
        vendor: "amazon",
        challenge: "robot_check",
      },
      { kind: "not_html", url: "u", finalUrl: "u", contentType: "application/pdf" },
      { kind: "dns_error", url: "u", host: "h", code: "ENOTFOUND" },
      { kind: "tls_error", url: "u", code: "CERT_HAS_EXPIRED" },
      { kind: "redirect_loop", url: "u", redirects: [] },
      { kind: "host_backoff", url: "u", host: "h", retryAfterMs: 90_000 },
      { kind: "aborted", url: "u" },
      { kind: "network_error", url: "u", code: "ECONNRESET", message: "reset" },
    ];
    const words = outcomes.map(describeOutcome);
    expect(new Set(words).size).toBe(outcomes.length);
    expect(words[6]).toBe("Store blocked the check (Amazon robot check)");
    expect(words[3]).toBe("The page is too large to read (over the 5 MB limit)");
    for (const w of words) expect(w.length).toBeGreaterThan(5);
    expect(
      describeOutcome({
        kind: "blocked_address",
        url: "u",
        host: "h",
        reason: "port 22 not allowed",
      }),
    ).toMatch(/port is not allowed/);
  });
});
