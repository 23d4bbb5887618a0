import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startServer, waitFor } from "../../tests/helpers/local-server.ts";
import { createFetcher, type FetchOutcome } from "./index.ts";
import type { DialOverride, Resolver } from "./options.ts";

/**
 * Attack cases, each against the real fetcher (undici, real sockets) with local servers standing
 * in for internal targets. Refusals use the DEFAULT policy and assert the target saw nothing.
 *
 * Test seam for "a public host that redirects inward": the resolver answers `public.test` with
 * 93.184.216.34 (public to the policy) and `unsafeDialOverride` dials 127.0.0.1 for exactly that
 * address, so the policy sees a public address while the socket reaches the local stand-in.
 */

const PUBLIC = "93.184.216.34";
const base = { version: "0.1.0-test", publicUrl: "https://dropwave.test" };
const dialPublicLocally: DialOverride = (checked) =>
  checked.address === PUBLIC ? { address: "127.0.0.1", family: 4 } : checked;

function fakeDns(table: Record<string, string[] | (() => string[])>) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (!entry)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const list = typeof entry === "function" ? entry() : entry;
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, calls };
}

let internal: LocalServer;
let publicSite: LocalServer;

beforeAll(async () => {
  internal = await startServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<html><body>internal secret</body></html>");
  });
  publicSite = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (to) {
      res.statusCode = Number(url.searchParams.get("status") ?? 302);
      res.setHeader("location", to);
      res.end();
      return;
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end("<html><body>public page</body></html>");
  });
});

afterAll(async () => {
  await internal.close();
  await publicSite.close();
});

/** Tables name the internal server's port as PORT (it is only known once it listens). */
const atPort = (url: string) => url.replaceAll("PORT", String(internal.port));

function expectRefused(outcome: FetchOutcome, kind: "blocked_address" | "bad_url") {
  expect(outcome.kind, JSON.stringify(outcome)).toBe(kind);
  expect(internal.requests).toHaveLength(0);
  expect(internal.connections).toBe(0);
}

describe("literal internal addresses in every notation (default policy)", () => {
  const fetcher = createFetcher({ ...base, hostSpacingMs: 0 });
  const hosts = [
    "127.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "0x7f.1",
    "0x7f000001",
    "127.1",
    "127.0.1",
    "017700000001",
    "0.0.0.0",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::7f00:1]",
    "[::127.0.0.1]",
    "[64:ff9b::127.0.0.1]",
    "[2002:7f00:1::]",
    "[2001:0:0:0:0:0:80ff:fffe]",
    "[::ffff:0:7f00:1]",
    "localhost",
  ];
  it.each(hosts)("http://%s:<port>/ is refused", async (host) => {
    expectRefused(await fetcher.fetchPage(`http://${host}:${internal.port}/`), "blocked_address");
  });
});

describe("URL tricks (default policy)", () => {
  const fetcher = createFetcher({ ...base, hostSpacingMs: 0 });
  it.each([
    ["userinfo before an internal host", "http://evil@127.0.0.1:PORT/", "bad_url"],
    ["userinfo with a public-looking user", "http://shop.example.com@127.0.0.1:PORT/", "bad_url"],
    ["user and password", "http://user:pass@public.test:PORT/", "bad_url"],
    [
      "fragment that looks like userinfo",
      "http://127.0.0.1:PORT#@shop.example.com",
      "blocked_address",
    ],
    ["backslash confusion", "http://shop.example.com\\@127.0.0.1:PORT/", "bad_url"],
    ["file:", "file:///etc/passwd", "bad_url"],
    ["gopher:", "gopher://127.0.0.1:PORT/_GET%20/", "bad_url"],
    ["data:", "data:text/html,<h1>hi</h1>", "bad_url"],
    ["ftp:", "ftp://127.0.0.1:PORT/", "bad_url"],
    ["a privileged port", "http://93.184.216.34:22/", "blocked_address"],
  ] as const)("%s", async (_name, url, kind) => {
    expectRefused(await fetcher.fetchPage(atPort(url)), kind);
  });
});

describe("hostnames that resolve inward (resolver hook, default policy)", () => {
  const cases: Array<[string, string[]]> = [
    ["127.0.0.1", ["127.0.0.1"]],
    ["::1", ["::1"]],
    ["::ffff:127.0.0.1", ["::ffff:127.0.0.1"]],
    ["cloud metadata 169.254.169.254", ["169.254.169.254"]],
    ["AWS IPv6 metadata fd00:ec2::254", ["fd00:ec2::254"]],
    ["RFC 1918 10/8", ["10.0.0.5"]],
    ["RFC 1918 172.16/12", ["172.20.1.1"]],
    ["RFC 1918 192.168/16", ["192.168.1.1"]],
    ["CGNAT 100.64/10", ["100.64.0.1"]],
    ["unspecified 0.0.0.0", ["0.0.0.0"]],
    ["multicast", ["224.0.0.251"]],
    ["broadcast", ["255.255.255.255"]],
    ["documentation", ["198.51.100.1"]],
    ["IPv6 link-local", ["fe80::1"]],
    ["one public and one private address", [PUBLIC, "127.0.0.1"]],
    ["a private address listed after public ones", ["8.8.8.8", "2606:4700::1", "10.0.0.1"]],
  ];
  it.each(cases)("shop.test → %s is refused", async (_name, addresses) => {
    const dns = fakeDns({ "shop.test": addresses });
    const fetcher = createFetcher({
      ...base,
      resolve: dns.resolve,
      unsafeDialOverride: dialPublicLocally,
    });
    const outcome = await fetcher.fetchPage(`http://shop.test:${internal.port}/`);
    expectRefused(outcome, "blocked_address");
    expect(dns.calls).toEqual(["shop.test"]);
  });
});

describe("redirects from a public-looking host to internal targets", () => {
  const dns = fakeDns({ "public.test": [PUBLIC], "internal.test": ["127.0.0.1"] });
  const fetcher = createFetcher({
    ...base,
    hostSpacingMs: 0,
    resolve: dns.resolve,
    unsafeDialOverride: dialPublicLocally,
  });
  const via = (to: string, status = 302) =>
    `http://public.test:${publicSite.port}/r?status=${status}&to=${encodeURIComponent(to)}`;

  it("the stand-in public site itself is reachable (the seam works)", async () => {
    const outcome = await fetcher.fetchPage(`http://public.test:${publicSite.port}/`);
    expect(outcome.kind).toBe("ok");
    if (outcome.kind === "ok") expect(outcome.body).toContain("public page");
  });

  it.each([
    ["to 127.0.0.1", "http://127.0.0.1:PORT/", 302, "blocked_address"],
    ["to a name resolving to 127.0.0.1", "http://internal.test:PORT/", 301, "blocked_address"],
    ["to decimal 2130706433 (307)", "http://2130706433:PORT/", 307, "blocked_address"],
    ["to IPv4-mapped IPv6 (308)", "http://[::ffff:7f00:1]:PORT/", 308, "blocked_address"],
    [
      "to metadata 169.254.169.254",
      "http://169.254.169.254/latest/meta-data/",
      303,
      "blocked_address",
    ],
    ["to a privileged port on the same host", "http://public.test:25/", 302, "blocked_address"],
    ["to localhost", "http://localhost:PORT/", 302, "blocked_address"],
    ["to file:", "file:///etc/passwd", 302, "bad_url"],
    ["to gopher:", "gopher://127.0.0.1:PORT/_x", 302, "bad_url"],
    ["to userinfo", "http://evil@127.0.0.1:PORT/", 302, "bad_url"],
  ] as const)("%s", async (_name, to, status, kind) => {
    const outcome = await fetcher.fetchPage(via(atPort(to), status));
    expectRefused(outcome, kind);
  });

  it("webhook request() POST redirected inward is refused too", async () => {
    const outcome = await fetcher.request(via(`http://127.0.0.1:${internal.port}/hook`, 307), {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expectRefused(outcome, "blocked_address");
  });
});

describe("DNS rebinding", () => {
  it("a resolver that answers public, then private: the second hop is refused", async () => {
    let answers = 0;
    const dns = fakeDns({ "rebind.test": () => (answers++ === 0 ? [PUBLIC] : ["127.0.0.1"]) });
    const fetcher = createFetcher({
      ...base,
      hostSpacingMs: 0,
      resolve: dns.resolve,
      unsafeDialOverride: dialPublicLocally,
    });
    const to = `http://rebind.test:${internal.port}/`;
    const outcome = await fetcher.fetchPage(
      `http://rebind.test:${publicSite.port}/r?to=${encodeURIComponent(to)}`,
    );
    expectRefused(outcome, "blocked_address");
    expect(dns.calls).toEqual(["rebind.test", "rebind.test"]);
  });

  it("one lookup per hop: the socket uses the checked answer, not a second lookup", async () => {
    let answers = 0;
    const dns = fakeDns({ "rebind.test": () => (answers++ === 0 ? [PUBLIC] : ["127.0.0.1"]) });
    const fetcher = createFetcher({
      ...base,
      resolve: dns.resolve,
      unsafeDialOverride: dialPublicLocally,
    });
    const outcome = await fetcher.fetchPage(`http://rebind.test:${publicSite.port}/`);
    // Had the transport looked the name up again it would have got 127.0.0.1 (or, through
    // the system resolver, nothing at all for a .test name).
    expect(outcome.kind).toBe("ok");
    expect(dns.calls).toEqual(["rebind.test"]);
  });

  it("with several checked addresses, a dead first one falls back to the next (no new lookup)", async () => {
    const dns = fakeDns({ "multi.test": ["2606:4700::1", PUBLIC] });
    const fetcher = createFetcher({
      ...base,
      resolve: dns.resolve,
      // The IPv6 address leads to a closed port on ::1, the IPv4 one to the stand-in site.
      unsafeDialOverride: (checked) =>
        checked.family === 6 ? { address: "::1", family: 6 } : dialPublicLocally(checked),
    });
    const outcome = await fetcher.fetchPage(`http://multi.test:${publicSite.port}/`);
    expect(outcome.kind).toBe("ok");
    expect(dns.calls).toEqual(["multi.test"]);
  });

  it("a resolver that never answers is cut by the total timeout (DNS tarpit)", async () => {
    const fetcher = createFetcher({
      ...base,
      timeoutMs: 200,
      resolve: () => new Promise(() => {}),
    });
    const outcome = await fetcher.fetchPage("http://tarpit.test/");
    expect(outcome).toMatchObject({ kind: "timeout" });
  });

  it("the webhook path applies the same rules", async () => {
    const fetcher = createFetcher(base);
    expectRefused(
      await fetcher.request("http://169.254.169.254/latest/meta-data/"),
      "blocked_address",
    );
    expectRefused(await fetcher.request(`http://[::1]:${internal.port}/`), "blocked_address");
  });
});

describe("hostile bodies and slow servers (127.0.0.1 allow-listed so the connection succeeds)", () => {
  let hostile: LocalServer;
  const written = { bytes: 0, isClosed: false };
  const oneMiB = Buffer.alloc(1024 * 1024, 0x61);
  const gzipBomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  const brotliBomb = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
  });

  beforeAll(async () => {
    hostile = await startServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/gigabyte") {
        written.bytes = 0;
        written.isClosed = false;
        res.setHeader("content-type", "text/html");
        res.on("close", () => {
          written.isClosed = true;
        });
        const pump = () => {
          while (written.bytes < 1024 ** 3 && !res.destroyed) {
            written.bytes += oneMiB.length;
            if (!res.write(oneMiB)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      } else if (path === "/declared-gigabyte") {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(1024 ** 3) });
        res.write("<html>");
      } else if (path === "/gzip-bomb") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipBomb);
      } else if (path === "/brotli-bomb") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" });
        res.end(brotliBomb);
      } else if (path === "/drip-body") {
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => res.write("<p>"), 20);
        res.on("close", () => clearInterval(timer));
      } else if (path === "/drip-headers") {
        // Never finishes the head: one header line every 20 ms.
        const socket = req.socket;
        socket.write("HTTP/1.1 200 OK\r\n");
        let i = 0;
        const timer = setInterval(() => socket.write(`x-drip-${i++}: 1\r\n`), 20);
        socket.on("close", () => clearInterval(timer));
      } else if (path.startsWith("/loop")) {
        res.statusCode = 302;
        res.setHeader("location", `/loop${Number(path.slice(5) || 0) + 1}`);
        res.end();
      } else if (path === "/self") {
        res.statusCode = 301;
        res.setHeader("location", "/self");
        res.end();
      } else {
        res.end("?");
      }
    });
  });
  afterAll(() => hostile.close());

  const fetcher = () =>
    createFetcher({
      ...base,
      allowPrivate: ["127.0.0.1/32"],
      hostSpacingMs: 0,
      hostConcurrency: 8,
      timeoutMs: 400,
    });

  it("a 1 GB stream is cut at the 5 MB cap and the socket is closed", async () => {
    const outcome = await createFetcher({ ...base, allowPrivate: ["127.0.0.1/32"] }).fetchPage(
      `${hostile.origin}/gigabyte`,
    );
    expect(outcome).toMatchObject({ kind: "too_large", limitBytes: 5 * 1024 * 1024 });
    await waitFor(() => written.isClosed);
    expect(written.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("a declared 1 GB Content-Length is refused before reading", async () => {
    expect((await fetcher().fetchPage(`${hostile.origin}/declared-gigabyte`)).kind).toBe(
      "too_large",
    );
  });

  it("a gzip bomb (64 MB of zeros) stops at the cap", async () => {
    const outcome = await createFetcher({
      ...base,
      allowPrivate: ["127.0.0.1/32"],
      maxBytes: 1024 * 1024,
    }).fetchPage(`${hostile.origin}/gzip-bomb`);
    expect(outcome).toMatchObject({ kind: "too_large", limitBytes: 1024 * 1024 });
  });

  it("a brotli bomb stops at the cap", async () => {
    const outcome = await createFetcher({
      ...base,
      allowPrivate: ["127.0.0.1/32"],
      maxBytes: 1024 * 1024,
    }).fetchPage(`${hostile.origin}/brotli-bomb`);
    expect(outcome).toMatchObject({ kind: "too_large" });
  });

  it("a slow-drip body (slowloris) is cut by the total timeout", async () => {
    const started = performance.now();
    const outcome = await fetcher().fetchPage(`${hostile.origin}/drip-body`);
    expect(outcome).toMatchObject({ kind: "timeout", phase: "response" });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("slow-drip headers are cut by the total timeout", async () => {
    const outcome = await fetcher().fetchPage(`${hostile.origin}/drip-headers`);
    expect(outcome).toMatchObject({ kind: "timeout" });
  });

  it("a server that accepts but never completes the TLS handshake hits the connect timeout", async () => {
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const outcome = await createFetcher({
        ...base,
        allowPrivate: ["127.0.0.1/32"],
        connectTimeoutMs: 150,
        timeoutMs: 5_000,
      }).fetchPage(`https://127.0.0.1:${port}/`);
      expect(outcome).toMatchObject({ kind: "timeout", phase: "connect", afterMs: 150 });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("an endless redirect chain stops after 5 redirects", async () => {
    const before = hostile.requests.length;
    const outcome = await fetcher().fetchPage(`${hostile.origin}/loop0`);
    expect(outcome.kind).toBe("redirect_loop");
    if (outcome.kind === "redirect_loop") expect(outcome.redirects).toHaveLength(6);
    expect(hostile.requests.length - before).toBe(6);
  });

  it("a page redirecting to itself is a redirect loop", async () => {
    expect((await fetcher().fetchPage(`${hostile.origin}/self`)).kind).toBe("redirect_loop");
  });
});
