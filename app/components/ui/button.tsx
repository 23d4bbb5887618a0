import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "outline" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg" | "xl";

const base =
  "inline-flex items-center justify-center gap-2 font-semibold disabled:cursor-not-allowed disabled:opacity-70";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-accent-fg",
  secondary: "border border-border bg-surface-2 text-fg hover:bg-bg",
  outline: "border border-accent-2 text-accent-2 hover:bg-accent-2/10",
  danger: "bg-bad text-accent-fg",
  ghost: "font-normal text-fg hover:bg-surface-2",
};
const sizes: Record<ButtonSize, string> = {
  sm: "rounded-lg px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2",
  lg: "rounded-lg px-5 py-2.5",
  xl: "rounded-xl px-5 py-3",
};

/**
 * The one recipe for buttons and button-looking links. Every primary button in the app is
 * `buttonClass()`; pass `className` for layout only (margins, width), not for the look.
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  isBlock = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isBlock?: boolean;
  className?: string;
} = {}): string {
  return [base, variants[variant], sizes[size], isBlock ? "w-full" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
}

type Look = { variant?: ButtonVariant; size?: ButtonSize; isBlock?: boolean };

export function Button({
  variant,
  size,
  isBlock,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & Look) {
  return (
    <button type={type} className={buttonClass({ variant, size, isBlock, className })} {...props} />
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  isBlock,
  className,
  ...props
}: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClass({ variant, size, isBlock, className })} {...props} />;
}

/** A link out of the app (a store page) that looks like a button. */
export function ExternalButtonLink({
  href,
  children,
  variant,
  size,
  className,
}: { href: string; children: ReactNode; className?: string } & Look) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={buttonClass({ variant, size, className })}
    >
      {children}
    </a>
  );
}
