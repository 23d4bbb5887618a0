// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, themeSwitchScript } from "../lib/theme.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

/**
 * The theme switch of a page that is not hydrated: ThemeToggle's server HTML made to work by
 * the inline script alone, as root.tsx sends it.
 */

type Listener = (event: { matches: boolean }) => void;
let prefersDark = false;
const schemeListeners: Listener[] = [];

beforeAll(() => {
  // jsdom has no matchMedia: one that the test can flip.
  window.matchMedia = ((query: string) => ({
    get matches() {
      return prefersDark;
    },
    media: query,
    addEventListener: (_type: string, listener: Listener) => schemeListeners.push(listener),
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  // Once, as the page runs it (its listeners stay on the document).
  new Function(themeSwitchScript)();
});

beforeEach(() => {
  prefersDark = false;
  window.localStorage.clear();
  document.documentElement.className = "dark";
});

afterEach(() => {
  document.body.innerHTML = "";
});

/** The server's HTML of the toggle, as a fresh page shows it (`pageshow` ticks the choice). */
function loadStaticPage() {
  document.body.innerHTML = renderToString(<ThemeToggle />);
  window.dispatchEvent(new Event("pageshow"));
}

const radio = (value: string) =>
  document.querySelector<HTMLInputElement>(`input[name=theme][value=${value}]`) as HTMLInputElement;

function choose(value: string) {
  const input = radio(value);
  input.checked = true;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("the theme switch without React", () => {
  it("ticks the stored choice, or dark when there is none", () => {
    loadStaticPage();
    expect(radio("dark").checked).toBe(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    loadStaticPage();
    expect(radio("light").checked).toBe(true);
    expect(radio("dark").checked).toBe(false);
  });

  it("stores and applies a choice, and announces it like the React toggle", () => {
    loadStaticPage();
    const announced: string[] = [];
    const listen = (e: Event) => announced.push((e as CustomEvent).detail);
    window.addEventListener("dropwave:theme", listen);
    choose("light");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    const root = document.documentElement;
    expect(root.classList.contains("dark")).toBe(false);
    expect(root.dataset.theme).toBe("light");
    expect(root.style.colorScheme).toBe("light");
    choose("dark");
    expect(root.classList.contains("dark")).toBe(true);
    expect(announced).toEqual(["light", "dark"]);
    window.removeEventListener("dropwave:theme", listen);
  });

  it("follows the system's scheme while system is chosen, and only then", () => {
    loadStaticPage();
    choose("system");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    prefersDark = true;
    for (const listener of schemeListeners) listener({ matches: true });
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    choose("light");
    for (const listener of schemeListeners) listener({ matches: true });
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });

  it("ignores other radios named theme outside the switch", () => {
    loadStaticPage();
    const other = document.createElement("input");
    other.type = "radio";
    other.name = "theme";
    other.value = "light";
    document.body.append(other);
    other.checked = true;
    other.dispatchEvent(new Event("change", { bubbles: true }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
