import { createElement as h } from "react";
import { Button, colors, FooterLink, Heading, Layout, Text } from "../mail/emails/layout.ts";
import { type RenderedEmail, renderMail } from "../mail/emails/render.ts";
import type { AlertMessage } from "./alert-message.ts";

/**
 * Alert emails as React components in the one email layout: a single alert, and the daily
 * digest of several. Both parts (HTML, text) come from the same tree.
 */

/** An alert email: a rendered email that always has its manage headers and its link. */
export type RenderedAlertEmail = RenderedEmail & {
  headers: Record<string, string>;
  primaryLink: string;
};

const TONE_COLORS: Record<AlertMessage["tone"], string> = {
  good: colors.cyan,
  neutral: colors.text,
  bad: colors.warm,
};

function PriceLine({ m }: { m: AlertMessage }) {
  if (!m.newPrice && !m.percentText) return null;
  const isChanged = m.oldPrice && m.newPrice && m.oldPrice.formatted !== m.newPrice.formatted;
  return h(
    "p",
    { style: { margin: "0 0 8px", fontSize: 18 } },
    "Price: ",
    isChanged
      ? [
          h(
            "span",
            { key: "old", style: { textDecoration: "line-through", color: colors.muted } },
            m.oldPrice?.formatted,
          ),
          " → ",
        ]
      : null,
    m.newPrice
      ? h("strong", { style: { fontSize: 26, color: TONE_COLORS[m.tone] } }, m.newPrice.formatted)
      : null,
    m.percentText ? h("span", { style: { color: colors.muted } }, ` (${m.percentText})`) : null,
    // The stated shipping on its own line (0079): the price above stays the shelf price.
    m.landedPrice
      ? [
          h("br", { key: "br" }),
          h("strong", { key: "landed" }, `${m.landedPrice.formatted} with shipping`),
        ]
      : null,
  );
}

/**
 * One alert's block: picture, label, title, store, prices, the verdict and the "was" price's
 * check (as the product page words them), reason, the two buttons.
 */
export function AlertBlock({ m, isCompact }: { m: AlertMessage; isCompact: boolean }) {
  return h(
    "div",
    null,
    m.product.imageUrl
      ? h("img", {
          src: m.product.imageUrl,
          alt: "",
          width: isCompact ? 96 : 160,
          style: {
            display: "block",
            maxWidth: "100%",
            borderRadius: 8,
            background: "#fff",
            margin: "0 0 16px",
          },
        })
      : null,
    h(
      Heading,
      { level: isCompact ? 2 : 1 },
      h(
        "span",
        {
          style: {
            display: "block",
            margin: "0 0 4px",
            fontSize: 13,
            fontWeight: 700,
            letterSpacing: ".04em",
            textTransform: "uppercase",
            color: TONE_COLORS[m.tone],
          },
        },
        `${m.label}: `,
      ),
      m.product.title,
    ),
    m.product.storeName ? h(Text, { tone: "muted" }, `at ${m.product.storeName}`) : null,
    h(PriceLine, { m }),
    m.verdict ? h(Text, { style: { margin: "0 0 8px" } }, h("strong", null, m.verdict)) : null,
    m.referenceCheck ? h(Text, { style: { margin: "0 0 8px" } }, m.referenceCheck) : null,
    m.lowestPrice ? h(Text, { tone: "muted" }, `Lowest ever: ${m.lowestPrice.formatted}`) : null,
    m.reason ? h(Text, { style: { margin: "0 0 8px" } }, m.reason) : null,
    h(
      "div",
      { style: { margin: "16px 0 0" } },
      // One paragraph per button: side by side in the mail, one line each in the text part.
      h(
        "p",
        { style: { display: "inline-block", margin: 0 } },
        h(
          Button,
          { href: m.urls.product },
          m.product.storeName ? `Open at ${m.product.storeName}` : "Open in the store",
        ),
      ),
      h(
        "p",
        { style: { display: "inline-block", margin: 0 } },
        h(Button, { href: m.urls.page, isPrimary: false }, "See price history"),
      ),
    ),
  );
}

function AlertFooter({ manageUrl }: { manageUrl: string }) {
  return h(
    "span",
    null,
    "You get this because you track prices on Dropwave. ",
    h(FooterLink, { href: manageUrl }, "Manage notifications or unsubscribe"),
  );
}

export function AlertEmail({ m }: { m: AlertMessage }) {
  return h(
    Layout,
    { title: m.title, preheader: m.summary, footer: h(AlertFooter, { manageUrl: m.urls.manage }) },
    h(AlertBlock, { m, isCompact: false }),
  );
}

export function DigestEmail(props: {
  messages: readonly AlertMessage[];
  subject: string;
  day: string;
  hubUrl: string;
  manageUrl: string;
}) {
  const count = props.messages.length;
  return h(
    Layout,
    {
      title: props.subject,
      preheader: props.messages.map((m) => m.title).join(" · "),
      footer: h(AlertFooter, { manageUrl: props.manageUrl }),
    },
    h(Heading, null, `${count} price ${count === 1 ? "alert" : "alerts"}`),
    h(Text, { tone: "muted", style: { margin: "0 0 16px" } }, props.day),
    ...props.messages.map((m) =>
      h(
        "div",
        { key: m.id, style: { padding: "20px 0", borderTop: `1px solid ${colors.rule}` } },
        h(AlertBlock, { m, isCompact: true }),
      ),
    ),
    h(
      "p",
      { style: { margin: "24px 0 0" } },
      h(Button, { href: props.hubUrl, isPrimary: false }, "Open Dropwave"),
    ),
  );
}

/**
 * List-Unsubscribe: the signed one-click link (RFC 8058, core/notify/unsubscribe.ts) when the
 * sender made one for this address, with List-Unsubscribe-Post so mail providers can POST to
 * it; otherwise the page where alerts are managed.
 */
function unsubscribeHeaders(manageUrl: string, oneClickUrl?: string): Record<string, string> {
  if (!oneClickUrl) return { "List-Unsubscribe": `<${manageUrl}>` };
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** One alert as an email: subject, HTML, text and List-Unsubscribe. */
export function renderAlertEmail(
  m: AlertMessage,
  options: { unsubscribeUrl?: string } = {},
): RenderedAlertEmail {
  const { html, text } = renderMail(h(AlertEmail, { m }));
  return {
    subject: m.title,
    html,
    text,
    headers: unsubscribeHeaders(m.urls.manage, options.unsubscribeUrl),
    primaryLink: m.urls.page,
  };
}

/** Several alerts in one mail (the daily digest). `messages` must not be empty. */
export function renderDigestEmail(
  messages: readonly AlertMessage[],
  options: { publicUrl: string; date?: Date; unsubscribeUrl?: string },
): RenderedAlertEmail {
  const base = options.publicUrl.replace(/\/+$/, "");
  const manageUrl = `${base}/user#notifications`;
  const hubUrl = `${base}/hub`;
  const day = (options.date ?? new Date()).toISOString().slice(0, 10);
  const subject =
    messages.length === 1 && messages[0]
      ? `Your Dropwave digest: ${messages[0].title}`
      : `Your Dropwave digest: ${messages.length} alerts`;
  const { html, text } = renderMail(h(DigestEmail, { messages, subject, day, hubUrl, manageUrl }));
  return {
    subject,
    html,
    text,
    headers: unsubscribeHeaders(manageUrl, options.unsubscribeUrl),
    primaryLink: hubUrl,
  };
}
