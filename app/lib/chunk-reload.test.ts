// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  forgetPendingNavigation,
  rememberPendingNavigation,
  resumeInterruptedNavigation,
} from "./chunk-reload.ts";

const replace = vi.fn();

function at(path: string) {
  window.history.replaceState(null, "", path);
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
  replace.mockReset();
});

function spyReplace() {
  // jsdom's location cannot navigate; watch where the app would go instead.
  const location = window.location;
  vi.spyOn(window, "location", "get").mockReturnValue({
    ...location,
    href: location.href,
    origin: location.origin,
    replace,
  } as Location);
}

describe("resuming a navigation cut short by a reload", () => {
  it("goes on to the clicked page when the page it left was reloaded", () => {
    at("/user");
    rememberPendingNavigation("/hub", 1_000);
    spyReplace();
    expect(resumeInterruptedNavigation("reload", 2_000)).toBe(`${window.location.origin}/hub`);
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/hub`);
    // Only once.
    expect(resumeInterruptedNavigation("reload", 2_500)).toBeNull();
  });

  it("stays put for a plain visit, a late reload, another page, or a finished navigation", () => {
    at("/user");
    rememberPendingNavigation("/hub", 1_000);
    expect(resumeInterruptedNavigation("navigate", 2_000)).toBeNull();
    rememberPendingNavigation("/hub", 1_000);
    expect(resumeInterruptedNavigation("reload", 60_000)).toBeNull();
    rememberPendingNavigation("/hub", 1_000);
    at("/terms");
    expect(resumeInterruptedNavigation("reload", 2_000)).toBeNull();
    at("/user");
    rememberPendingNavigation("/hub", 1_000);
    forgetPendingNavigation();
    expect(resumeInterruptedNavigation("reload", 2_000)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it("never leaves the site", () => {
    at("/user");
    rememberPendingNavigation("https://elsewhere.example/", 1_000);
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem(
      "dropwave:pending-navigation",
      JSON.stringify({ from: window.location.href, to: "https://elsewhere.example/", at: 1_000 }),
    );
    spyReplace();
    expect(resumeInterruptedNavigation("reload", 2_000)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });
});
