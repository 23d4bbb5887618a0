import type { Placement } from "@floating-ui/react";
import { type ReactNode, useId, useState } from "react";
import { onDemand } from "../../lib/on-demand.ts";

// floating-ui (~17 KB gzip) is only needed once a panel opens: it comes in its own chunk, fetched
// as soon as a pointer or focus comes near the button, so the first tap finds it ready.
const panel = onDemand(() => import("./popover-panel.tsx"));

/**
 * A button that opens a panel next to it: the panel stays on screen, Escape and a click outside
 * close it, and focus moves into it and back to the button (popover-panel.tsx). The panel is
 * rendered beside the button (no portal), so it belongs to the same part of the page.
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
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const PopoverPanel = panel.useComponent(isOpen);
  const panelId = useId();
  const close = () => setOpen(false);
  return (
    <div className="relative" data-testid={testId}>
      <button
        type="button"
        ref={setButton}
        aria-label={label}
        title={title}
        aria-haspopup={role}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        className={triggerClassName}
        data-testid={triggerTestId}
        onPointerEnter={panel.preload}
        onFocus={panel.preload}
        onClick={() => setOpen((open) => !open)}
      >
        {trigger}
      </button>
      {PopoverPanel && button ? (
        <PopoverPanel
          reference={button}
          id={panelId}
          role={role}
          placement={placement}
          className={`z-30 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-sm shadow-lg ${panelClassName ?? ""}`}
          onClose={close}
        >
          {children(close)}
        </PopoverPanel>
      ) : null}
    </div>
  );
}

/** The look of one entry in a popover's list (a link or a button). */
export const menuItemClass =
  "block w-full rounded px-3 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2 disabled:opacity-60";
