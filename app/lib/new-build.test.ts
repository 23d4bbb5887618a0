import { describe, expect, it } from "vitest";
import { fullLoadTarget, type LinkClick } from "./full-load.ts";
import {
  isNewBuild,
  latestJsonUrl,
  MIN_VISIBLE_CHECK_GAP_MS,
  readBuildId,
  shouldCheck,
} from "./new-build.ts";

describe("readBuildId", () => {
  it("reads the id of a /latest.json body", () => {
    expect(readBuildId({ buildId: "mabc-1234" })).toBe("mabc-1234");
  });

  it("refuses anything else", () => {
    for (const body of [null, "mabc", 42, [], {}, { buildId: "" }, { buildId: 7 }]) {
      expect(readBuildId(body)).toBeNull();
    }
    expect(readBuildId({ buildId: "x".repeat(201) })).toBeNull();
  });
});

describe("isNewBuild", () => {
  it("is true only when the served id differs from the running one", () => {
    expect(isNewBuild("a", "b")).toBe(true);
    expect(isNewBuild("a", "a")).toBe(false);
  });

  it("never fires without a served id, in development or without a running id", () => {
    expect(isNewBuild("a", null)).toBe(false);
    expect(isNewBuild("dev", "b")).toBe(false);
    expect(isNewBuild(undefined, "b")).toBe(false);
  });
});

describe("shouldCheck", () => {
  const now = 1_000_000;

  it("checks on every tick while visible, never while hidden", () => {
    expect(shouldCheck({ trigger: "timer", now, lastCheckedAt: now - 1, isVisible: true })).toBe(
      true,
    );
    expect(shouldCheck({ trigger: "timer", now, lastCheckedAt: null, isVisible: false })).toBe(
      false,
    );
  });

  it("checks when shown again, unless it just did", () => {
    const shown = (lastCheckedAt: number | null) =>
      shouldCheck({ trigger: "visible", now, lastCheckedAt, isVisible: true });
    expect(shown(null)).toBe(true);
    expect(shown(now - MIN_VISIBLE_CHECK_GAP_MS)).toBe(true);
    expect(shown(now - MIN_VISIBLE_CHECK_GAP_MS + 1)).toBe(false);
  });
});

describe("latestJsonUrl", () => {
  it("differs at every call time, so no cache can answer it", () => {
    expect(latestJsonUrl(1)).not.toBe(latestJsonUrl(2));
    expect(latestJsonUrl(1)).toMatch(/^\/latest\.json\?t=/);
  });
});

describe("fullLoadTarget", () => {
  const here = "https://dw.example/hub?page=2";
  const click = (over: Partial<LinkClick>): LinkClick => ({
    button: 0,
    hasModifier: false,
    isDefaultPrevented: false,
    href: "https://dw.example/user",
    target: "",
    isDownload: false,
    ...over,
  });

  it("loads a plain click on a link of this site in full", () => {
    expect(fullLoadTarget(click({}), here)).toBe("https://dw.example/user");
    expect(fullLoadTarget(click({ href: "/privacy#cookies" }), here)).toBe(
      "https://dw.example/privacy#cookies",
    );
    expect(fullLoadTarget(click({ target: "_self" }), here)).toBe("https://dw.example/user");
  });

  it("leaves other clicks to the browser and the router", () => {
    expect(fullLoadTarget(click({ button: 1 }), here)).toBeNull();
    expect(fullLoadTarget(click({ hasModifier: true }), here)).toBeNull();
    expect(fullLoadTarget(click({ isDefaultPrevented: true }), here)).toBeNull();
    expect(fullLoadTarget(click({ target: "_blank" }), here)).toBeNull();
    expect(fullLoadTarget(click({ isDownload: true }), here)).toBeNull();
    expect(fullLoadTarget(click({ href: "https://shop.example/p/1" }), here)).toBeNull();
    expect(fullLoadTarget(click({ href: "/hub?page=2#top" }), here)).toBeNull();
  });
});
