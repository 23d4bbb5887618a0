import { useEffect, useState } from "react";
import { applyTheme, readStoredTheme, storeTheme, type ThemeChoice } from "../lib/theme.ts";
import { RadioOption } from "./ui/radio-option.tsx";

// On a phone each choice shows as an icon (its word stays for screen readers) so the header fits
// on one row; from the sm breakpoint the words show.
const choices: { value: ThemeChoice; label: string; icon: string }[] = [
  { value: "system", label: "System", icon: "M12 3a9 9 0 1 0 0 18Z M12 3a9 9 0 0 1 0 18" },
  {
    value: "light",
    label: "Light",
    icon: "M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8 M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4",
  },
  { value: "dark", label: "Dark", icon: "M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" },
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
    <fieldset
      data-theme-switch
      className="flex items-center gap-0.5 rounded-full border border-border bg-surface p-0.5 text-xs"
    >
      <legend className="sr-only">Theme</legend>
      {choices.map((option) => (
        <RadioOption
          key={option.value}
          name="theme"
          value={option.value}
          checked={choice === option.value}
          onChoose={() => choose(option.value)}
          testId={`theme-${option.value}`}
          className="cursor-pointer rounded-full px-2 py-1 text-muted sm:px-2.5 has-[:checked]:bg-accent has-[:checked]:text-accent-fg has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-2"
          inputClassName="sr-only"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="block h-4 w-4 sm:hidden"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={option.icon} />
          </svg>
          <span className="sr-only sm:not-sr-only">{option.label}</span>
        </RadioOption>
      ))}
    </fieldset>
  );
}
