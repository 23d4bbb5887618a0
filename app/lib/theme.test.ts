import { describe, expect, it } from "vitest";
import { isThemeChoice, resolveTheme, themeBootScript } from "./theme.ts";

describe("theme", () => {
  it("resolves system from the OS preference and keeps explicit choices", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("accepts only the three choices", () => {
    expect(["system", "light", "dark"].every(isThemeChoice)).toBe(true);
    expect(isThemeChoice("neon")).toBe(false);
    expect(isThemeChoice(null)).toBe(false);
  });

  it("boot script is a self-contained expression that tolerates storage errors", () => {
    expect(themeBootScript).toMatch(/^\(function\(\)\{try\{/);
    expect(themeBootScript).toContain("dropwave-theme");
    expect(() => new Function(themeBootScript)).not.toThrow();
  });
});
