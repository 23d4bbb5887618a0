import pino, { type Logger } from "pino";

export type { Logger };

/** The root logger; requests and checks take children of it carrying their ids. */
export function createLogger(options: { level: string; pretty?: boolean }): Logger {
  return pino({
    level: options.level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
    ...(options.pretty
      ? {
          transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } },
        }
      : {}),
  });
}
