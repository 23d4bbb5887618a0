import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetcher } from "./index.ts";
import type { DialOverride, Resolver } from "./options.ts";

/**
 * Keep-alive with pinning (docs/decisions/0022-keep-alive-pinned.md): connections are
 * reused per origin and per checked address set, every request still resolves and checks its
 * addresses, and a reused connection never reaches an address other than the one checked for
 * the request that uses it. Two stand-in "public" sites listen on the same port of 127.0.0.1
 * and 127.0.0.2; the policy sees 93.184.216.34 and 93.184.216.35, dialled to those two.
 */

const PUBLIC_A = "93.184.216.34";
const PUBLIC_B = "93.184.216.35";
const dialLocally: DialOverride = (checked) => {
  if (checked.address === PUBLIC_A) return { address: "127.0.0.1", family: 4 };
  if (checked.address === PUBLIC_B) return { address: "127.0.0.2", family: 4 };
  return checked;
};

type Site = { name: string; server: Server; requests: number; connections: number };

function site(name: string): Site {
  const state: Site = { name, server: createServer(), requests: 0, connections: 0 };
  const sockets = new Set<Socket>();
  state.server.on("connection", (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  state.server.on("request", (_req, res) => {
    state.requests++;
    res.setHeader("content-type", "text/html");
    res.end(`<!doctype html><html><body>site ${name}</body></html>`);
  });
  state.server.on("close", () => {
    for (const socket of sockets) socket.destroy();
  });
  return state;
}

let a: Site;
let b: Site;
let port: number;

beforeAll(async () => {
  a = site("A");
  b = site("B");
  await new Promise<void>((resolve) => a.server.listen(0, "127.0.0.1", resolve));
  port = (a.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => b.server.listen(port, "127.0.0.2", resolve));
});
afterAll(async () => {
  for (const s of [a, b]) {
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

function counting() {
  a.requests = a.connections = b.requests = b.connections = 0;
}

/** A resolver whose answer for `shop.test` the test sets before each fetch. */
function switchableDns(first: string) {
  const state = { answer: first, calls: 0 };
  const resolve: Resolver = async (hostname) => {
    state.calls++;
    if (hostname !== "shop.test")
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    return [{ address: state.answer, family: 4 }];
  };
  return { state, resolve };
}

const newFetcher = (resolve: Resolver) =>
  createFetcher({
    version: "0.1.0-test",
    publicUrl: "https://dropwave.test",
    hostSpacingMs: 0,
    resolve,
    unsafeDialOverride: dialLocally,
  });

describe("keep-alive connections pinned to the checked address", () => {
  it("reuses one connection for several fetches from the same host, resolving and checking each time", async () => {
    counting();
    const dns = switchableDns(PUBLIC_A);
    const fetcher = newFetcher(dns.resolve);
    try {
      for (let i = 0; i < 6; i++) {
        const outcome = await fetcher.fetchPage(`http://shop.test:${port}/p/${i}`);
        expect(outcome.kind === "ok" && outcome.body).toContain("site A");
      }
      expect(a.requests).toBe(6);
      // Without keep-alive: six. undici's pool may open a second while the first is released.
      expect(a.connections).toBeLessThanOrEqual(2);
      expect(dns.state.calls).toBe(6);
    } finally {
      await fetcher.close();
    }
  });

  it("DNS rebinding between two requests: the second is checked again and refused, the open connection is not used", async () => {
    counting();
    const dns = switchableDns(PUBLIC_A);
    const fetcher = newFetcher(dns.resolve);
    try {
      expect((await fetcher.fetchPage(`http://shop.test:${port}/first`)).kind).toBe("ok");
      dns.state.answer = "127.0.0.1"; // the name now points inward
      const second = await fetcher.fetchPage(`http://shop.test:${port}/second`);
      expect(second).toMatchObject({ kind: "blocked_address", address: "127.0.0.1" });
      expect(a.requests).toBe(1);
    } finally {
      await fetcher.close();
    }
  });

  it("a name that moves to another checked address gets a new connection there, never the old one", async () => {
    counting();
    const dns = switchableDns(PUBLIC_A);
    const fetcher = newFetcher(dns.resolve);
    try {
      const read = async () => {
        const outcome = await fetcher.fetchPage(`http://shop.test:${port}/`);
        return outcome.kind === "ok" ? outcome.body.match(/site (\w)/)?.[1] : outcome.kind;
      };
      expect(await read()).toBe("A");
      dns.state.answer = PUBLIC_B;
      expect(await read()).toBe("B");
      dns.state.answer = PUBLIC_A;
      expect(await read()).toBe("A");
      expect(a.requests).toBe(2);
      expect(a.connections).toBeLessThanOrEqual(2);
      expect({ b: b.requests, bConnections: b.connections }).toEqual({ b: 1, bConnections: 1 });
    } finally {
      await fetcher.close();
    }
  });

  it("a body left unread (refused content type) closes its connection instead of returning it", async () => {
    counting();
    const dns = switchableDns(PUBLIC_A);
    const fetcher = newFetcher(dns.resolve);
    try {
      const webhook = await fetcher.request(`http://shop.test:${port}/`, { maxBytes: 10 });
      expect(webhook.kind).toBe("too_large");
      const page = await fetcher.fetchPage(`http://shop.test:${port}/`);
      expect(page.kind).toBe("ok");
      expect(a.connections).toBe(2);
    } finally {
      await fetcher.close();
    }
  });

  it("closing the fetcher closes its kept connections", async () => {
    counting();
    const dns = switchableDns(PUBLIC_A);
    const fetcher = newFetcher(dns.resolve);
    expect((await fetcher.fetchPage(`http://shop.test:${port}/`)).kind).toBe("ok");
    await fetcher.close();
    expect(await fetcher.fetchPage(`http://shop.test:${port}/`)).toMatchObject({
      kind: "network_error",
    });
    expect(a.connections).toBe(1);
  });
});
