import { toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MailMessage } from "../mailer.ts";

/**
 * Every email Dropwave sends, ready for the mailer: what `Mailer.send` takes but the recipient.
 * Alerts, notices and account mails all return this, synchronously.
 */
export type RenderedEmail = Omit<MailMessage, "to">;

/**
 * One React email → the HTML part and the text part, both from the same element tree. The
 * text is the HTML read by html-to-text with React Email's selectors (images and the
 * preheader left out, links as "label url"), headings kept in their own case.
 */
export function renderMail(element: ReactElement): { html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(element)}`;
  const text = toPlainText(html, {
    wordwrap: false,
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
    ],
  });
  return { html, text: `${text.trim()}\n` };
}
