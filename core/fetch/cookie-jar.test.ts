import { describe, expect, it } from "vitest";
import { CookieJar } from "./cookie-jar.ts";

const u = (href: string) => new URL(href);

describe("CookieJar (one check's cookies)", () => {
  it("sends host-only cookies back to the same host only", () => {
    const jar = new CookieJar();
    jar.store(u("https://shop.example/a"), "sid=1; Path=/");
    expect(jar.headerFor(u("https://shop.example/b"))).toBe("sid=1");
    expect(jar.headerFor(u("https://www.shop.example/b"))).toBeUndefined();
    expect(jar.headerFor(u("https://other.example/"))).toBeUndefined();
  });

  it("shares Domain cookies with subdomains, and ignores cookies for other sites", () => {
    const jar = new CookieJar();
    jar.store(u("https://www.shop.example/"), [
      "consent=yes; Domain=.shop.example; Path=/",
      "evil=1; Domain=bank.example; Path=/",
    ]);
    expect(jar.headerFor(u("https://shop.example/"))).toBe("consent=yes");
    expect(jar.headerFor(u("https://m.shop.example/"))).toBe("consent=yes");
    expect(jar.headerFor(u("https://bank.example/"))).toBeUndefined();
  });

  it("respects Path and Secure", () => {
    const jar = new CookieJar();
    jar.store(u("https://shop.example/"), ["cart=3; Path=/cart", "tok=x; Path=/; Secure"]);
    expect(jar.headerFor(u("https://shop.example/cart/items"))).toBe("cart=3; tok=x");
    expect(jar.headerFor(u("https://shop.example/cartoon"))).toBe("tok=x");
    expect(jar.headerFor(u("http://shop.example/cart"))).toBe("cart=3");
  });

  it("replaces and deletes cookies (Max-Age=0, past Expires)", () => {
    const jar = new CookieJar();
    jar.store(u("https://shop.example/"), ["a=1; Path=/", "b=2; Path=/"]);
    jar.store(u("https://shop.example/"), ["a=9; Path=/", "b=; Path=/; Max-Age=0"]);
    expect(jar.headerFor(u("https://shop.example/"))).toBe("a=9");
    jar.store(u("https://shop.example/"), "a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    expect(jar.headerFor(u("https://shop.example/"))).toBeUndefined();
  });

  it("does not treat an IP host as a parent domain", () => {
    const jar = new CookieJar();
    jar.store(u("http://10.0.0.1/"), "x=1; Domain=0.0.1");
    expect(jar.headerFor(u("http://10.0.0.1/"))).toBeUndefined();
  });
});
