import { useEffect, useState } from "react";
import { applyTheme, readStoredTheme, storeTheme, type ThemeChoice } from "../lib/theme.ts";

const choices: { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** System / light / dark, remembered in localStorage. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice | null>(null);

  useEffect(() => {
    const stored = readStoredTheme();
    setChoice(stored);
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => {
      if (readStoredTheme() === "system") applyTheme("system");
    };
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, []);

  const choose = (next: ThemeChoice) => {
    setChoice(next);
    storeTheme(next);
    applyTheme(next);
    window.dispatchEvent(new CustomEvent("dropwave:theme", { detail: next }));
  };

  return (
    <fieldset className="flex items-center gap-0.5 rounded-full border border-border bg-surface p-0.5 text-xs">
      <legend className="sr-only">Theme</legend>
      {choices.map((option) => (
        <label
          key={option.value}
          className="cursor-pointer rounded-full px-2.5 py-1 text-muted has-[:checked]:bg-accent has-[:checked]:text-accent-fg has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-2"
        >
          <input
            type="radio"
            name="theme"
            value={option.value}
            className="sr-only"
            checked={choice === option.value}
            onChange={() => choose(option.value)}
            data-testid={`theme-${option.value}`}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
