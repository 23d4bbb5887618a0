import { describe, expect, it } from "vitest";
import { decideAccess, safeRedirectPath } from "./guard.ts";

const at = (path: string) => new URL(path, "http://localhost:3000");

describe("decideAccess", () => {
  it("sends signed-out visitors of required pages to login with the way back", () => {
    expect(decideAccess("required", false, at("/hub"))).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fhub",
    });
    expect(decideAccess("required", false, at("/hub?url=https%3A%2F%2Fshop.test%2Fp"))).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fhub%3Furl%3Dhttps%253A%252F%252Fshop.test%252Fp",
    });
  });

  it("names the page, not React Router's data request, when the session ends mid-visit", () => {
    expect(decideAccess("required", false, at("/hub.data?_routes=root%2Croutes%2Fhub"))).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fhub",
    });
    expect(decideAccess("required", false, at("/hub/watch/7.data?x=1&_routes=root"))).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fhub%2Fwatch%2F7%3Fx%3D1",
    });
    expect(decideAccess("required", false, at("/user/_.data"))).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fuser%2F",
    });
  });

  it("sends signed-in visitors of guest pages to the hub", () => {
    expect(decideAccess("guest", true, at("/register"))).toEqual({ kind: "redirect", to: "/hub" });
  });

  it("lets everyone else through", () => {
    expect(decideAccess("required", true, at("/hub")).kind).toBe("allow");
    expect(decideAccess("guest", false, at("/register")).kind).toBe("allow");
    expect(decideAccess("public", true, at("/login")).kind).toBe("allow");
    expect(decideAccess("public", false, at("/terms")).kind).toBe("allow");
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/hub", "/hub"],
    ["/hub/watch/3?tab=history#chart", "/hub/watch/3?tab=history#chart"],
    ["/user", "/user"],
    // A target written from a data request before the fix: follow the page it stands for.
    ["/hub.data", "/hub"],
    ["/hub.data?_routes=root%2Croutes%2Fhub", "/hub"],
    ["/_.data", "/"],
  ])("keeps same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/%0d%0aSet-Cookie:x",
    "/\nfoo",
    "http:/evil.example",
    "",
    undefined,
    42,
  ])("ignores %s", (input) => {
    const result = safeRedirectPath(input);
    expect(result === "/hub" || result.startsWith("/%0d")).toBe(true);
    expect(result).not.toContain("evil");
  });
});
