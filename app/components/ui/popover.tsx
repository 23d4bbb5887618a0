import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from "@floating-ui/react";
import { type ReactNode, useId, useState } from "react";

/** Space kept between a popup and the edge of the screen. */
const EDGE_PX = 8;

/**
 * A button that opens a panel next to it (floating-ui): the panel stays on screen (it flips
 * and shifts, and is never wider or taller than the room there is), Escape and a click outside
 * close it, and focus moves into it and back to the button. The panel is rendered beside the
 * button (no portal), so it belongs to the same part of the page.
 *
 * `label` names the button for screen readers; `trigger` is what it shows. The panel gets a
 * `close` function for items that act (a link that navigates, a button that is done).
 */
export function Popover({
  trigger,
  label,
  title,
  children,
  placement = "bottom-end",
  role = "dialog",
  triggerClassName,
  panelClassName,
  testId,
  triggerTestId,
}: {
  trigger: ReactNode;
  label?: string;
  /** A tooltip for the button, e.g. a name the button shows cut short. */
  title?: string;
  children: (close: () => void) => ReactNode;
  placement?: Placement;
  /** "dialog" for a panel of content; "menu" only when every item is a menu item. */
  role?: "dialog" | "menu";
  triggerClassName?: string;
  panelClassName?: string;
  testId?: string;
  triggerTestId?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open: isOpen,
    onOpenChange: setOpen,
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
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role }),
  ]);
  const close = () => setOpen(false);
  return (
    <div className="relative" data-testid={testId}>
      <button
        type="button"
        ref={refs.setReference}
        aria-label={label}
        title={title}
        className={triggerClassName}
        data-testid={triggerTestId}
        {...getReferenceProps()}
      >
        {trigger}
      </button>
      {isOpen ? (
        <FloatingFocusManager context={context} modal={false}>
          <div
            id={panelId}
            ref={refs.setFloating}
            style={floatingStyles}
            className={`z-30 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-sm shadow-lg ${panelClassName ?? ""}`}
            {...getFloatingProps()}
          >
            {children(close)}
          </div>
        </FloatingFocusManager>
      ) : null}
    </div>
  );
}

/** The look of one entry in a popover's list (a link or a button). */
export const menuItemClass =
  "block w-full rounded px-3 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2 disabled:opacity-60";
