import { describe, expect, it } from "vitest";
import { canonicalRedirect, isLoopbackName, wrongOriginPage } from "./canonical-origin.ts";

const base = {
  method: "GET",
  pathAndQuery: "/login?redirect=%2Fhub",
  isProxied: false,
  publicUrl: "http://localhost:3000",
  listenPort: 3000,
};

describe("canonicalRedirect", () => {
  it("leads 127.0.0.1 to PUBLIC_URL's localhost on the same port", () => {
    expect(canonicalRedirect({ ...base, host: "127.0.0.1:3000" })).toBe(
      "http://localhost:3000/login?redirect=%2Fhub",
    );
    expect(
      canonicalRedirect({ ...base, host: "localhost:3000", publicUrl: "http://127.0.0.1:3000" }),
    ).toBe("http://127.0.0.1:3000/login?redirect=%2Fhub");
    expect(canonicalRedirect({ ...base, host: "[::1]:3000" })).toBe(
      "http://localhost:3000/login?redirect=%2Fhub",
    );
  });

  it.each([
    ["PUBLIC_URL itself", { host: "localhost:3000" }],
    ["a form post", { host: "127.0.0.1:3000", method: "POST" }],
    ["a request through a proxy", { host: "127.0.0.1:3000", isProxied: true }],
    // nginx's default proxy_pass Host: the public address is not loopback, so never a loop.
    [
      "a proxy that rewrites Host",
      { host: "127.0.0.1:3000", publicUrl: "https://prices.example.org" },
    ],
    ["a LAN address", { host: "192.168.1.20:3000" }],
    ["another port (a proxy on the way)", { host: "127.0.0.1:8080", listenPort: 8080 }],
    ["the API", { host: "127.0.0.1:3000", pathAndQuery: "/api/health" }],
    ["no Host", { host: undefined }],
    ["a Host that is no host", { host: "a b" }],
  ])("does not redirect %s", (_name, change) => {
    expect(canonicalRedirect({ ...base, ...{ host: "127.0.0.1:3000" }, ...change })).toBeNull();
  });

  it("knows the loopback names", () => {
    for (const name of [
      "localhost",
      "LOCALHOST",
      "app.localhost",
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "[::1]",
      "0.0.0.0",
    ]) {
      expect(isLoopbackName(name), name).toBe(true);
    }
    for (const name of ["example.org", "10.0.0.1", "192.168.1.1", "localhost.example.org"]) {
      expect(isLoopbackName(name), name).toBe(false);
    }
  });
});

describe("wrongOriginPage", () => {
  it("explains, links to PUBLIC_URL with the path, and escapes it", () => {
    const html = wrongOriginPage("http://localhost:3000", '/login"><script>');
    expect(html).toContain("Open Dropwave at its own address");
    expect(html).toContain('href="http://localhost:3000/login&#34;&#62;&#60;script&#62;"');
    expect(html).not.toContain("<script>");
  });
});
