import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Saved store pages served on loopback at their own addresses, for a real Chromium started with
 * `--host-resolver-rules="MAP * 127.0.0.1:<port>"`: every host name the browser looks up leads
 * here, so the page's URL (host, domain, path) is the one a shopper's browser had, and nothing
 * the page asks for leaves the machine. One port speaks both plain HTTP and TLS (a self-signed
 * certificate made with openssl for the run; Chromium is told to accept it), because the rule
 * maps ports 80 and 443 alike. Only the page being visited is served; every other request (the
 * page's scripts, stylesheets, images, trackers on other hosts) is answered 404 and counted.
 */
export type LoopbackStores = {
  port: number;
  /** What `https://host/path?query` (or http) answers now: the page being visited. */
  show(url: string, html: string): void;
  /** Requests answered 404 since the start (nothing else was asked of this server). */
  refused(): number;
  close(): Promise<void>;
};

export type ExtraRoute = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The host + path + query a request or URL is served under (no scheme, no default port). */
export function pageKey(url: URL): string {
  return `${url.hostname.toLowerCase()}${url.pathname}${url.search}`;
}

export async function startLoopbackStores(options: {
  /** Headers every served page gets (e.g. a Content-Security-Policy). */
  pageHeaders?: Record<string, string>;
  /** Tried before the page: answers a request itself (returns true) or leaves it. */
  extra?: ExtraRoute;
}): Promise<LoopbackStores> {
  const dir = mkdtempSync(join(tmpdir(), "dropwave-loopback-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "2",
      "-subj",
      "/CN=dropwave-bench-loopback",
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(join(dir, "key.pem"));
  const cert = readFileSync(join(dir, "cert.pem"));
  rmSync(dir, { recursive: true, force: true });

  let current: { key: string; html: string } | null = null;
  let refusedCount = 0;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (options.extra?.(request, response)) return;
    const host = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const asked = pageKey(new URL(request.url ?? "/", `http://${host || "unknown"}`));
    if (current && request.method === "GET" && asked === current.key) {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...options.pageHeaders,
      });
      response.end(current.html);
      return;
    }
    refusedCount++;
    response.writeHead(404, { "content-type": "text/plain", "cache-control": "no-store" });
    response.end("not part of the saved page");
  };
  const plain = createHttpServer(handle);
  const tls = createHttpsServer({ key, cert }, handle);
  // The first byte of a TLS connection is a handshake record (22); anything else is HTTP.
  const front = createNetServer((socket) => {
    socket.once("data", (first) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 22 ? tls : plain).emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const port = (front.address() as AddressInfo).port;
  return {
    port,
    show(url, html) {
      current = { key: pageKey(new URL(url)), html };
    },
    refused: () => refusedCount,
    async close() {
      plain.closeAllConnections();
      tls.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}
