import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from "@floating-ui/react";
import { type ReactNode, useId } from "react";
import { cardClass } from "./card.tsx";

/**
 * An open modal dialog (floating-ui, in its own chunk: see dialog.tsx): focus is trapped inside
 * and returns to what opened it, Escape and a click on the backdrop close it, and the page behind
 * does not scroll.
 */
export default function DialogPanel({
  onOpenChange,
  title,
  children,
}: {
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const { refs, context } = useFloating({ open: true, onOpenChange });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: "mousedown" }),
    useRole(context, { role: "dialog" }),
  ]);
  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className="z-50 grid place-items-center bg-black/60 p-4">
        <FloatingFocusManager context={context}>
          <div
            ref={refs.setFloating}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className={cardClass({ isRaised: true, className: "w-full max-w-md" })}
            {...getFloatingProps()}
          >
            <h2 id={titleId} className="font-display text-xl font-bold">
              {title}
            </h2>
            <div className="mt-4 space-y-4">{children}</div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
