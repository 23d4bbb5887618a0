import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../log.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Shown in the log when mail goes to the outbox, so a self-hoster can follow it. */
  primaryLink?: string;
  headers?: Record<string, string>;
  /**
   * "account" when the mail goes out because someone typed this address (verification, reset,
   * change of email, channel confirmation): capped tighter per recipient (recipient-cap.ts).
   * Alerts and notices to an address that agreed are "notification" (the default).
   */
  kind?: "account" | "notification";
};

export type SentMail = { messageId: string; outboxFile?: string };

export type Mailer = {
  send(message: MailMessage): Promise<SentMail>;
  /** "smtp" when SMTP_URL is set, else "outbox" (files under DATA_DIR/outbox). */
  readonly kind: "smtp" | "outbox";
};

export type MailerOptions = {
  from: string;
  smtpUrl: string | undefined;
  outboxDir: string;
  log: Logger;
  /** Per-connection timeouts for SMTP, in ms. */
  timeoutMs?: number;
};

/**
 * The mail module every feature uses: SMTP when configured; otherwise each message is
 * written as an .eml file to the outbox and its main link logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { from, log } = options;
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const url = new URL(options.smtpUrl);
    const transport: Transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A local relay without TLS is common for self-hosters; STARTTLS is still used when offered.
      tls: { rejectUnauthorized: url.searchParams.get("tls_insecure") !== "1" },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return {
      kind: "smtp",
      async send(message) {
        const { kind: _kind, ...mail } = message;
        const info = await transport.sendMail({ from, ...mail });
        log.info({ to: message.to, subject: message.subject }, "mail sent");
        return { messageId: String(info.messageId) };
      },
    };
  }
  const writer: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: "outbox",
    async send(message) {
      const { kind: _kind, ...mail } = message;
      const info = await writer.sendMail({ from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, link: message.primaryLink },
        "mail written to the outbox (set SMTP_URL to send real email)",
      );
      return { messageId: String(info.messageId), outboxFile: file };
    },
  };
}
