import { useEffect, useState } from "react";
import { Toaster } from "sonner";

/** Toasts: rich colours, bottom-right, at most 3 visible, 4 s, Alt+T focuses them. */
export function ThemedToaster() {
  const [theme, setTheme] = useState<"light" | "dark">("dark");
  useEffect(() => {
    const read = () =>
      setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light");
    read();
    window.addEventListener("dropwave:theme", read);
    return () => window.removeEventListener("dropwave:theme", read);
  }, []);
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position="bottom-right"
      visibleToasts={3}
      duration={4_000}
      hotkey={["altKey", "KeyT"]}
    />
  );
}
