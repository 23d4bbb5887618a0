import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "./flash.server.ts";

const withCookie = (cookie: string) => new Request("http://x/", { headers: { cookie } });

describe("flash", () => {
  it("round-trips a message through the cookie", () => {
    const set = flashCookie({ kind: "success", message: "Signed in; welcome back" });
    const value = set.split(";")[0]!;
    expect(readFlash(withCookie(`a=1; ${value}; b=2`))).toEqual({
      kind: "success",
      message: "Signed in; welcome back",
    });
    expect(set).toContain("HttpOnly");
  });

  it("ignores missing, malformed and unexpected values", () => {
    expect(readFlash(withCookie("a=1"))).toBeNull();
    expect(readFlash(withCookie("dw_flash=%7Bnot-json"))).toBeNull();
    expect(
      readFlash(withCookie(`dw_flash=${encodeURIComponent('{"kind":"html","message":"x"}')}`)),
    ).toBeNull();
  });
});
