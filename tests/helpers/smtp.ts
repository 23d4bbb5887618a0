import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { createMailer, type Mailer } from "../../core/mail/mailer.ts";

export type ReceivedMail = { from: string; to: string[]; raw: string; text: string };

/**
 * A real SMTP server on 127.0.0.1 for tests: speaks the protocol, keeps every message.
 * `port` reuses a known port (a server that comes back). `failNext(n)` makes the next n messages fail with a temporary 451 (for retry tests).
 */
export async function startSmtpServer(options: { port?: number } = {}) {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error("Try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count: number) {
      failures = count;
    },
    /** The app's mailer, sending to this server. */
    mailer(from = "Dropwave <dropwave@dropwave.test>"): Mailer {
      return createMailer({
        from,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: "/nonexistent",
        log: pino({ level: "silent" }),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough of quoted-printable to read links and prices out of a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
