import { createElement as h } from "react";
import { Button, Heading, Layout, Text } from "./emails/layout.ts";
import { renderMail } from "./emails/render.ts";

/**
 * Account and notice emails (reset, confirmations, channel notices): a heading, paragraphs, an
 * optional action button and a footnote, in the one email layout (./emails/layout.ts). The
 * text part comes from the same element tree.
 */

export type EmailContent = {
  /** First line in the inbox preview. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

export function NoticeEmail(content: EmailContent) {
  return h(
    Layout,
    { title: content.heading, preheader: content.preheader },
    h(Heading, null, content.heading),
    ...content.paragraphs.map((p, i) => h(Text, { key: `p${i}` }, p)),
    content.action
      ? [
          h(
            "p",
            { key: "action", style: { margin: "24px 0" } },
            h(Button, { href: content.action.url }, content.action.label),
          ),
          h(
            Text,
            { key: "paste", tone: "small" },
            "Or paste this link into your browser: ",
            content.action.url,
          ),
        ]
      : null,
    content.footnote
      ? h(Text, { tone: "small", style: { margin: "24px 0 0" } }, content.footnote)
      : null,
  );
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const { html, text } = renderMail(h(NoticeEmail, content));
  return { html, text: `${text}\n— Dropwave\n` };
}
