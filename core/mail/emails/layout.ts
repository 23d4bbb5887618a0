import { type CSSProperties, createElement as h, type ReactNode } from "react";

/**
 * The one email layout and its few parts, in the product's look, with inline styles (mail
 * clients drop <style>). Written with createElement rather than JSX: core runs on Node's
 * type stripping (the worker processes, scripts), which does not compile JSX.
 */

export const colors = {
  page: "#0d0221",
  text: "#f5f3ff",
  muted: "#b8b2d9",
  accent: "#ff2bd6",
  accentText: "#0d0221",
  cyan: "#2de2e6",
  warm: "#ff8a5b",
  rule: "#2a1b4d",
} as const;

export function Layout(props: {
  title: string;
  /** First line in the inbox preview (hidden in the mail and left out of its text part). */
  preheader: string;
  /** Why this mail came, with the manage link; alerts have one, account mails do not. */
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width" }),
      h("title", null, props.title),
    ),
    h(
      "body",
      {
        style: {
          margin: 0,
          background: colors.page,
          color: colors.text,
          fontFamily: "system-ui,-apple-system,Segoe UI,sans-serif",
        },
      },
      h(
        "div",
        {
          "data-skip-in-text": "true",
          style: { display: "none", maxHeight: 0, overflow: "hidden" },
        },
        props.preheader,
      ),
      h(
        "div",
        { style: { maxWidth: 560, margin: "0 auto", padding: "32px 24px" } },
        h(
          "p",
          {
            "data-skip-in-text": "true",
            style: {
              margin: "0 0 24px",
              fontWeight: 800,
              letterSpacing: ".08em",
              color: colors.cyan,
            },
          },
          "DROPWAVE",
        ),
        props.children,
        props.footer
          ? h(
              "p",
              { style: { margin: "32px 0 0", fontSize: 13, color: colors.muted } },
              props.footer,
            )
          : null,
      ),
    ),
  );
}

export function Heading(props: { level?: 1 | 2; children?: ReactNode }) {
  const isMain = (props.level ?? 1) === 1;
  return h(
    isMain ? "h1" : "h2",
    {
      style: {
        margin: isMain ? "0 0 16px" : "0 0 8px",
        fontSize: isMain ? 22 : 18,
        color: colors.text,
      },
    },
    props.children,
  );
}

export function Text(props: {
  tone?: "normal" | "muted" | "small";
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const tone = props.tone ?? "normal";
  const style: CSSProperties =
    tone === "normal"
      ? { margin: "0 0 16px", lineHeight: 1.5 }
      : tone === "muted"
        ? { margin: "0 0 8px", color: colors.muted }
        : { margin: "0 0 16px", fontSize: 13, color: colors.muted };
  return h("p", { style: { ...style, ...props.style } }, props.children);
}

export function Button(props: { href: string; isPrimary?: boolean; children?: ReactNode }) {
  const look: CSSProperties =
    props.isPrimary === false
      ? { background: "transparent", color: colors.cyan, border: `1px solid ${colors.cyan}` }
      : { background: colors.accent, color: colors.accentText };
  return h(
    "a",
    {
      href: props.href,
      style: {
        display: "inline-block",
        margin: "0 8px 8px 0",
        padding: "12px 20px",
        borderRadius: 8,
        fontWeight: 700,
        textDecoration: "none",
        ...look,
      },
    },
    props.children,
  );
}

export function FooterLink(props: { href: string; children?: ReactNode }) {
  return h("a", { href: props.href, style: { color: colors.muted } }, props.children);
}
