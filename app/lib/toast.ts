/**
 * Toasts without sonner in the first load: the library (and its Toaster) is fetched the first
 * time a toast is shown (LazyToaster in root.tsx). Sonner keeps toasts
 * raised before its Toaster mounts and shows them when it does.
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
const wanted = new Set<() => void>();

/** Loads sonner once, and asks the LazyToaster to mount. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  for (const wake of wanted) wake();
  return sonner;
}

/** The LazyToaster listens here so a toast mounts it at once. */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  if (sonner) listener();
  return () => wanted.delete(listener);
}

type Options = Parameters<Sonner["toast"]>[1];
type Kind = "success" | "error" | "info" | "warning";

function show(kind: Kind | "message", message: string, options?: Options): void {
  loadSonner().then(
    (m) => (kind === "message" ? m.toast(message, options) : m.toast[kind](message, options)),
    () => {
      // The chunk failed to load (offline): the page itself still works.
    },
  );
}

/** sonner's `toast`, same calls: `toast(text, options)`, `toast.success(text, options)`… */
export const toast = Object.assign(
  (message: string, options?: Options) => show("message", message, options),
  {
    success: (message: string, options?: Options) => show("success", message, options),
    error: (message: string, options?: Options) => show("error", message, options),
    info: (message: string, options?: Options) => show("info", message, options),
    warning: (message: string, options?: Options) => show("warning", message, options),
  },
);
