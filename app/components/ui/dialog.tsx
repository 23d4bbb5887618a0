import { lazy, type ReactNode, Suspense } from "react";

// floating-ui (~18 KB gzip) is only needed once the dialog opens: it loads in its own chunk.
// Call preloadDialog when a pointer or focus comes near what opens it, so it opens at once.
const loadPanel = () => import("./dialog-panel.tsx");
const DialogPanel = lazy(loadPanel);
export function preloadDialog(): void {
  void loadPanel().catch(() => {
    // A failed preload is retried by the lazy component when the dialog opens.
  });
}

/**
 * A modal dialog: focus is trapped inside and returns to what opened it, Escape and a click on
 * the backdrop close it, and the page behind does not scroll (dialog-panel.tsx).
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel onOpenChange={onOpenChange} title={title}>
        {children}
      </DialogPanel>
    </Suspense>
  );
}
