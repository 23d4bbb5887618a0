import { type ComponentType, useEffect, useState } from "react";
import { loadSonner, onToastWanted } from "../lib/toast.ts";

/**
 * Mounts the ThemedToaster (and with it sonner) the first time something shows a toast (a
 * flash message, the bell, a form's result). Pages that never toast never load it.
 */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let isCancelled = false;
    let started = false;
    const mount = () => {
      if (started) return;
      started = true;
      Promise.all([import("./themed-toaster.tsx"), loadSonner()]).then(
        ([m]) => {
          if (!isCancelled) setToaster(() => m.ThemedToaster);
        },
        () => {
          started = false;
        },
      );
    };
    const stop = onToastWanted(mount);
    return () => {
      isCancelled = true;
      stop();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
