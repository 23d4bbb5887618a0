import type { ComponentProps, ElementType, ReactNode } from "react";

export type CardPadding = "none" | "sm" | "md" | "lg";
const paddings: Record<CardPadding, string> = { none: "", sm: "p-4", md: "p-6", lg: "p-8" };

/** The one card recipe: a rounded, bordered surface. */
export function cardClass({
  padding = "md",
  isRaised = false,
  isMuted = false,
  isDanger = false,
  className,
}: {
  /** A red border, for a card whose actions cannot be undone. */
  isDanger?: boolean;
  padding?: CardPadding;
  isRaised?: boolean;
  /** The second surface colour, for cards that sit beside ordinary ones. */
  isMuted?: boolean;
  className?: string;
} = {}): string {
  return [
    "rounded-2xl border",
    isDanger ? "border-bad/60" : "border-border",
    isMuted ? "bg-surface-2" : "bg-surface",
    paddings[padding],
    isRaised ? "shadow-lg" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

type CardProps<T extends ElementType> = {
  as?: T;
  padding?: CardPadding;
  isRaised?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<ComponentProps<T>, "as" | "className" | "children">;

export function Card<T extends ElementType = "section">({
  as,
  padding,
  isRaised,
  className,
  children,
  ...props
}: CardProps<T>) {
  const Element: ElementType = as ?? "section";
  return (
    <Element className={cardClass({ padding, isRaised, className })} {...props}>
      {children}
    </Element>
  );
}
