import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** Pretty lines for a person at a terminal; JSON lines for everything else (files, collectors). */
export function isPrettyTerminal(stream: { isTTY?: boolean } = process.stdout): boolean {
  return stream.isTTY === true;
}

/** The root logger; requests and checks take children of it carrying their ids. */
export function createLogger(options: {
  level: string;
  pretty?: boolean;
  /** Where lines go (stdout by default). */
  destination?: DestinationStream;
}): Logger {
  const settings = {
    level: options.level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
  };
  if (options.pretty) {
    // In this thread (not a transport worker), so it also works from the bundled server.
    const stream = pretty({
      colorize: true,
      ignore: "pid,hostname",
      translateTime: "SYS:HH:MM:ss",
      ...(options.destination ? { destination: options.destination } : {}),
    });
    return pino(settings, stream);
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/**
 * The line a person reads after `npm start`: the address to open (PUBLIC_URL, the one where
 * signing in works) and what to do there. "Create an account" only while there is none.
 */
export function startupMessage(
  publicUrl: string,
  options: { isSignupDisabled: boolean; hasAccounts: boolean },
): string {
  const next =
    options.hasAccounts || options.isSignupDisabled
      ? "open it and sign in"
      : "open it and create an account";
  return `Dropwave is ready at ${publicUrl} — ${next}`;
}
