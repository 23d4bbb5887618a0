/** The theme choice lives in localStorage and is applied before first paint (root.tsx). */
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_STORAGE_KEY = "dropwave-theme";
/** Dark synthwave by default, until the visitor picks otherwise. */
export const DEFAULT_THEME: ThemeChoice = "dark";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "system" || value === "light" || value === "dark";
}

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): "light" | "dark" {
  if (choice === "system") return prefersDark ? "dark" : "light";
  return choice;
}

/** Runs inline in <head>, before the body paints: no flash of the wrong theme. */
export const themeBootScript = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var c=localStorage.getItem(k);if(c!=="system"&&c!=="light"&&c!=="dark")c=${JSON.stringify(DEFAULT_THEME)};var d=c==="dark"||(c==="system"&&window.matchMedia("(prefers-color-scheme: dark)").matches);var r=document.documentElement;r.classList.toggle("dark",d);r.dataset.theme=c;r.style.colorScheme=d?"dark":"light"}catch(e){}})();`;

/**
 * The theme switch of a page that is not hydrated (app/lib/hydration.ts): the same radios as
 * ThemeToggle, made to work by this inline script. It ticks the stored choice, stores and
 * applies a new one, and follows the system's scheme while "system" is chosen.
 */
export const themeSwitchScript = `(function(){var k=${JSON.stringify(THEME_STORAGE_KEY)},m=window.matchMedia("(prefers-color-scheme: dark)");function read(){var c=null;try{c=localStorage.getItem(k)}catch(e){}return c==="system"||c==="light"||c==="dark"?c:${JSON.stringify(DEFAULT_THEME)}}function apply(c){var d=c==="dark"||(c==="system"&&m.matches),r=document.documentElement;r.classList.toggle("dark",d);r.dataset.theme=c;r.style.colorScheme=d?"dark":"light"}function tick(){var c=read(),all=document.querySelectorAll("[data-theme-switch] input[name=theme]");for(var i=0;i<all.length;i++)all[i].checked=all[i].value===c}document.addEventListener("change",function(e){var t=e.target;if(!t||t.name!=="theme"||!t.closest||!t.closest("[data-theme-switch]"))return;var c=t.value;if(c!=="system"&&c!=="light"&&c!=="dark")return;try{localStorage.setItem(k,c)}catch(e){}apply(c);window.dispatchEvent(new CustomEvent("dropwave:theme",{detail:c}))});m.addEventListener("change",function(){if(read()==="system")apply("system")});window.addEventListener("pageshow",tick);if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",tick);else tick()})();`;

export function applyTheme(choice: ThemeChoice): "light" | "dark" {
  const prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  const resolved = resolveTheme(choice, prefersDark);
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.dataset.theme = choice;
  root.style.colorScheme = resolved;
  return resolved;
}

export function readStoredTheme(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}
