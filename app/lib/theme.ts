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
