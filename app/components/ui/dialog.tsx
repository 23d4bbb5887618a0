import type { ReactNode } from "react";
import { onDemand } from "../../lib/on-demand.ts";

// floating-ui (~17 KB gzip) is only needed once the dialog opens: it comes in its own chunk.
// Call preloadDialog when a pointer or focus comes near what opens it, so it opens at once.
const panel = onDemand(() => import("./dialog-panel.tsx"));
export const preloadDialog = panel.preload;

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
  const DialogPanel = panel.useComponent(isOpen);
  if (!DialogPanel) return null;
  return (
    <DialogPanel onOpenChange={onOpenChange} title={title}>
      {children}
    </DialogPanel>
  );
}
