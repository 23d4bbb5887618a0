import { describe, expect, it } from "vitest";
import { parseEnv } from "../core/env.ts";
import { createClientAddressResolver } from "./client-address.ts";

describe("client address", () => {
  it("is the socket's peer, ignoring X-Forwarded-For, when no proxy is trusted", () => {
    const resolve = createClientAddressResolver([]);
    expect(resolve("198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
    expect(resolve("::ffff:198.51.100.7", undefined)).toBe("198.51.100.7");
    expect(resolve(undefined, "203.0.113.9")).toBe("unknown");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    const resolve = createClientAddressResolver(["10.0.0.0/8"]);
    expect(resolve("198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
  });

  it("takes the rightmost untrusted hop behind a trusted proxy", () => {
    const resolve = createClientAddressResolver(["10.0.0.0/8", "::1/128"]);
    expect(resolve("10.0.0.2", "203.0.113.9")).toBe("203.0.113.9");
    // The client forged a left-most entry; the proxy appended what it saw.
    expect(resolve("10.0.0.2", "1.2.3.4, 203.0.113.9")).toBe("203.0.113.9");
    // Two trusted proxies in a row (load balancer, then nginx).
    expect(resolve("::ffff:10.0.0.2", "203.0.113.9, 10.1.2.3")).toBe("203.0.113.9");
    expect(resolve("::1", "2001:db8::5")).toBe("2001:db8::5");
    // Everything trusted: the left-most hop is the client.
    expect(resolve("10.0.0.2", "10.9.9.9")).toBe("10.9.9.9");
    // Garbage stops the walk at the last address we could read.
    expect(resolve("10.0.0.2", "203.0.113.9, not-an-ip")).toBe("10.0.0.2");
    expect(resolve("10.0.0.2", "")).toBe("10.0.0.2");
  });

  it("reads TRUSTED_PROXIES from the environment as checked CIDR ranges", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8, ::1" }).TRUSTED_PROXIES).toEqual([
      "127.0.0.1/32",
      "10.0.0.0/8",
      "::1/128",
    ]);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, proxy.local" })).toThrow(
      /TRUSTED_PROXIES: "proxy.local" is not an IP address or CIDR range/,
    );
  });
});
