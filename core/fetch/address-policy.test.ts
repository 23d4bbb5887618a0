import { describe, expect, it } from "vitest";
import { createAddressPolicy, parseAddress, parseLegacyIPv4 } from "./address-policy.ts";
import { checkUrl } from "./url-policy.ts";

const policy = createAddressPolicy();
const denied = (address: string) => expect(policy.check(address).isAllowed, address).toBe(false);
const allowed = (address: string) => expect(policy.check(address).isAllowed, address).toBe(true);

describe("IPv4 ranges", () => {
  it.each([
    ["loopback", ["127.0.0.1", "127.255.255.254", "127.1.2.3"]],
    ["RFC 1918", ["10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.1.1"]],
    ["link-local and cloud metadata", ["169.254.169.254", "169.254.0.1"]],
    ["CGNAT 100.64/10", ["100.64.0.1", "100.127.255.254"]],
    ["this network / unspecified", ["0.0.0.0", "0.1.2.3"]],
    ["multicast", ["224.0.0.1", "239.255.255.250"]],
    ["reserved and broadcast", ["240.0.0.1", "255.255.255.255"]],
    ["IETF protocol assignments", ["192.0.0.8", "192.0.0.170"]],
    ["documentation", ["192.0.2.1", "198.51.100.7", "203.0.113.9"]],
    ["benchmarking", ["198.18.0.1", "198.19.255.255"]],
    ["6to4 relay anycast", ["192.88.99.1"]],
  ])("refuses %s", (_name, addresses) => {
    for (const a of addresses) denied(a);
  });

  it("allows ordinary public addresses, including neighbours of refused ranges", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "100.63.255.255", "100.128.0.1", "172.15.0.1"]) {
      allowed(a);
    }
    for (const a of ["172.32.0.1", "192.167.1.1", "198.17.0.1", "198.20.0.1", "11.0.0.1"]) {
      allowed(a);
    }
  });
});

describe("IPv4 legacy notations, compared by value", () => {
  it.each([
    ["2130706433", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["127.0.1", "127.0.0.1"],
    ["017700000001", "127.0.0.1"],
    ["0xa9.0xfe.0xa9.0xfe", "169.254.169.254"],
    ["0251.0376.0251.0376", "169.254.169.254"],
    ["2852039166", "169.254.169.254"],
    ["10.1", "10.0.0.1"],
    ["0", "0.0.0.0"],
    ["3232235777", "192.168.1.1"],
  ])("%s is %s and refused", (written, value) => {
    expect(parseLegacyIPv4(written)?.toString()).toBe(value);
    denied(written);
  });

  it("rejects malformed numbers instead of guessing", () => {
    for (const t of ["256.1.1.1", "1.2.3.4.5", "08.0.0.1", "0x1g.1", "4294967296", "1..1", "a.b"]) {
      expect(parseLegacyIPv4(t), t).toBeUndefined();
    }
  });

  it("a hostname is not an address", () => {
    expect(policy.check("example.com")).toMatchObject({ isAllowed: false });
    expect(parseAddress("example.com")).toBeUndefined();
  });
});

describe("IPv6 ranges", () => {
  it.each([
    ["unspecified and loopback", ["::", "::1", "0:0:0:0:0:0:0:1", "[::1]"]],
    ["unique-local (incl. AWS metadata fd00:ec2::254)", ["fc00::1", "fd00:ec2::254", "fdff::1"]],
    ["link-local", ["fe80::1", "fe80::1%eth0", "febf::1"]],
    ["site-local", ["fec0::1", "feff::1"]],
    ["multicast", ["ff02::1", "ff05::2"]],
    ["documentation", ["2001:db8::1", "3fff::1"]],
    ["discard and benchmarking", ["100::1", "2001:2::1"]],
  ])("refuses %s", (_name, addresses) => {
    for (const a of addresses) denied(a);
  });

  it("allows global unicast", () => {
    for (const a of ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860::8888"]) {
      allowed(a);
    }
  });
});

describe("IPv6 forms embedding IPv4 are judged by the IPv4 inside", () => {
  it.each([
    ["IPv4-mapped", ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe"]],
    ["IPv4-compatible (::/96, ipaddr.js calls it unicast)", ["::7f00:1", "::127.0.0.1", "::a00:1"]],
    ["IPv4-translated", ["::ffff:0:7f00:1", "::ffff:0:c0a8:101"]],
    ["NAT64", ["64:ff9b::7f00:1", "64:ff9b::169.254.169.254", "64:ff9b:1::8.8.8.8"]],
    ["6to4", ["2002:7f00:1::", "2002:c0a8:101::1", "2002:a9fe:a9fe::"]],
    ["Teredo", ["2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:0::f5ff:fffe"]],
  ])("refuses %s of private addresses", (_name, addresses) => {
    for (const a of addresses) denied(a);
  });

  it("allows mapped / NAT64 / 6to4 forms of public addresses (DNS64 networks need them)", () => {
    for (const a of ["::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) allowed(a);
  });

  it("refuses IPv4-compatible forms even of public addresses (deprecated, no legitimate use)", () => {
    denied("::808:808");
  });
});

describe("allow-list", () => {
  const withLoopback = createAddressPolicy({ allowPrivate: ["127.0.0.1/32"] });

  it("is off by default", () => {
    expect(createAddressPolicy().check("127.0.0.1")).toMatchObject({ isAllowed: false });
  });

  it("lets exactly the listed range through, including its mapped form", () => {
    expect(withLoopback.check("127.0.0.1")).toMatchObject({ isAllowed: true, viaAllowList: true });
    expect(withLoopback.check("::ffff:127.0.0.1")).toMatchObject({ isAllowed: true });
    expect(withLoopback.check("127.0.0.2")).toMatchObject({ isAllowed: false });
    expect(withLoopback.check("10.0.0.1")).toMatchObject({ isAllowed: false });
    expect(withLoopback.check("::1")).toMatchObject({ isAllowed: false });
  });

  it("throws on a malformed entry at configuration time", () => {
    expect(() => createAddressPolicy({ allowPrivate: ["10.0.0.0/33"] })).toThrow(/allow-list/);
    expect(() => createAddressPolicy({ allowPrivate: ["nope"] })).toThrow(/allow-list/);
  });
});

describe("URL-level rules (WHATWG parsing normalises legacy hosts first)", () => {
  it.each([
    ["http://2130706433/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[::7f00:1]/", "::7f00:1"],
    ["http://0xA9FEA9FE/", "169.254.169.254"],
  ])("%s has literal host %s, which is refused", (url, literal) => {
    const verdict = checkUrl(url);
    expect(verdict).toMatchObject({ kind: "ok", literal });
    if (verdict.kind === "ok") denied(verdict.literal as string);
  });

  it.each([
    ["file:///etc/passwd", /scheme/],
    ["gopher://127.0.0.1:70/_x", /scheme/],
    ["data:text/html,<b>x</b>", /scheme/],
    ["ftp://example.com/", /scheme/],
    ["javascript:alert(1)", /scheme/],
    ["http://evil@127.0.0.1/", /credentials/],
    ["http://user:pass@example.com/", /credentials/],
    ["http://example.com\\@127.0.0.1/", /backslash/],
    ["http://exa mple.com/", /whitespace/],
    ["http://example.com/\n", /whitespace/],
    ["not a url", /whitespace|not a URL/],
    ["", /empty/],
  ])("%s is a bad URL", (url, reason) => {
    const verdict = checkUrl(url);
    expect(verdict.kind).toBe("bad_url");
    if (verdict.kind === "bad_url") expect(verdict.reason).toMatch(reason);
  });

  it("allows 80, 443 and 1024–65535 only, unless configured", () => {
    expect(checkUrl("http://example.com/").kind).toBe("ok");
    expect(checkUrl("https://example.com:8443/").kind).toBe("ok");
    expect(checkUrl("http://example.com:1024/").kind).toBe("ok");
    expect(checkUrl("http://example.com:22/").kind).toBe("blocked_address");
    expect(checkUrl("http://example.com:1023/").kind).toBe("blocked_address");
    expect(checkUrl("https://example.com:25/").kind).toBe("blocked_address");
    expect(checkUrl("http://example.com:22/", { allowPorts: [22] }).kind).toBe("ok");
  });

  it("refuses localhost names without asking DNS", () => {
    for (const u of ["http://localhost/", "http://LOCALHOST.:8080/", "http://a.b.localhost/"]) {
      expect(checkUrl(u).kind, u).toBe("blocked_address");
    }
  });

  it("keeps the tricky-looking but honest host of userinfo-free URLs", () => {
    expect(checkUrl("http://127.0.0.1#@example.com/")).toMatchObject({ literal: "127.0.0.1" });
    expect(checkUrl("http://example.com#@127.0.0.1/")).toMatchObject({ host: "example.com" });
  });
});
