import { describe, expect, it } from "vitest";
import { needsHydration, staticPage } from "./hydration.ts";

const signedOut = { isSignedIn: false, hasBrowserAnalytics: false };
const root = { id: "root" };
const landing = { id: "routes/landing", handle: staticPage };

describe("needsHydration", () => {
  it("leaves a static page unhydrated for a signed-out visitor without analytics", () => {
    expect(needsHydration([root, landing], signedOut)).toBe(false);
  });

  it("hydrates a page whose route does not say it is static", () => {
    expect(needsHydration([root, { id: "routes/hub" }], signedOut)).toBe(true);
    expect(needsHydration([root, { id: "catch-all", handle: { other: 1 } }], signedOut)).toBe(true);
    expect(needsHydration([root, landing, { id: "child" }], signedOut)).toBe(true);
  });

  it("hydrates when someone is signed in or browser analytics are on", () => {
    expect(needsHydration([root, landing], { ...signedOut, isSignedIn: true })).toBe(true);
    expect(needsHydration([root, landing], { ...signedOut, hasBrowserAnalytics: true })).toBe(true);
  });

  it("hydrates when the root's data is missing or nothing but the root matched", () => {
    expect(needsHydration([root, landing], null)).toBe(true);
    expect(needsHydration([root], signedOut)).toBe(true);
    expect(needsHydration([], signedOut)).toBe(true);
  });
});
