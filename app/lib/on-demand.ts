import { type ComponentType, useEffect, useState } from "react";

/**
 * A component whose code is a chunk of its own, fetched the first time it is wanted (or earlier,
 * with `preload`), without a Suspense boundary: React delays revealing a suspended boundary's
 * content by up to 300 ms, which a menu opened by a tap should not wait. A failed fetch is tried
 * again the next time the component is wanted.
 */
export function onDemand<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let component: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;

  function fetchComponent(): Promise<ComponentType<Props>> {
    pending ??= load().then(
      (module) => {
        component = module.default;
        return module.default;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  }

  /** Starts fetching the code, e.g. when a pointer or focus comes near what opens it. */
  function preload(): void {
    fetchComponent().catch(() => {
      // Fetched again when the component is wanted.
    });
  }

  /** The component once its code is here and `isWanted`; null before (render nothing then). */
  function useComponent(isWanted: boolean): ComponentType<Props> | null {
    const [loaded, setLoaded] = useState<ComponentType<Props> | null>(null);
    // Fetched by another use or a preload meanwhile: here at once, without another render.
    const current = component ?? loaded;
    useEffect(() => {
      if (!isWanted || current) return;
      let isCancelled = false;
      fetchComponent().then(
        (fetched) => {
          if (!isCancelled) setLoaded(() => fetched);
        },
        () => {
          // Nothing to show; the next time it is wanted tries again.
        },
      );
      return () => {
        isCancelled = true;
      };
    }, [isWanted, current]);
    return isWanted ? current : null;
  }

  return { preload, useComponent };
}
