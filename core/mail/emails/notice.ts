import { createElement as h } from "react";
import { Button, Heading, Layout, Text } from "./layout.ts";
import { type RenderedEmail, renderMail } from "./render.ts";

/**
 * Account and notice emails (reset, confirmations, channel notices): a heading, paragraphs, an
 * optional action button and a footnote, in the one email layout (./layout.ts). The text part
 * comes from the same element tree.
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

/** A notice's subject and content → the finished email; its action is the primary link. */
export function renderNoticeEmail(
  subject: string,
  content: EmailContent,
  kind: RenderedEmail["kind"] = "notification",
): RenderedEmail {
  const { html, text } = renderMail(h(NoticeEmail, content));
  return {
    subject,
    html,
    text: `${text}\n— Dropwave\n`,
    kind,
    ...(content.action ? { primaryLink: content.action.url } : {}),
  };
}
