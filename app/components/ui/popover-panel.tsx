import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
} from "@floating-ui/react";
import type { ReactNode } from "react";

/** Space kept between a popup and the edge of the screen. */
const EDGE_PX = 8;

/**
 * The open panel of a Popover (floating-ui, in its own chunk: see popover.tsx). It stays on
 * screen (it flips and shifts, and is never wider or taller than the room there is), Escape and
 * a click outside close it, and focus moves into it and back to the button.
 */
export default function PopoverPanel({
  reference,
  id,
  role,
  placement,
  className,
  onClose,
  children,
}: {
  reference: HTMLElement;
  id: string;
  role: "dialog" | "menu";
  placement: Placement;
  className: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (isOpen) => {
      if (!isOpen) onClose();
    },
    elements: { reference },
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(8),
      flip({ padding: EDGE_PX }),
      shift({ padding: EDGE_PX }),
      size({
        padding: EDGE_PX,
        apply({ availableWidth, availableHeight, elements }) {
          elements.floating.style.maxWidth = `${Math.max(availableWidth, 160)}px`;
          elements.floating.style.maxHeight = `${Math.max(availableHeight, 160)}px`;
        },
      }),
    ],
  });
  const { getFloatingProps } = useInteractions([useDismiss(context)]);
  return (
    <FloatingFocusManager context={context} modal={false}>
      <div
        id={id}
        role={role}
        ref={refs.setFloating}
        style={floatingStyles}
        className={className}
        {...getFloatingProps()}
      >
        {children}
      </div>
    </FloatingFocusManager>
  );
}
