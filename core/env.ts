import { z } from "zod";

/**
 * The one place that reads process.env. Parsed once at start-up; a bad value stops the
 * process with a readable list naming each variable.
 */

const port = z.coerce.number().int().min(1).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const boolFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
/** Comma-separated list, blanks dropped. */
const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );

export const Env = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    /** Everything the app writes locally: the embedded database, the mail outbox. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    /** The address people reach Dropwave at; used in emails and the fetcher's User-Agent. */
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Secret for signing sessions (32+ chars). Generated and kept in the database when unset. */
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** smtp://user:pass@host:port or smtps://…; when unset mail is written to DATA_DIR/outbox. */
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().min(3).default("Dropwave <dropwave@localhost>"),
    /** CIDR ranges the fetcher may reach although they are private (e.g. 127.0.0.1/32). */
    FETCH_ALLOW_PRIVATE: csv,
    /** Extra ports the fetcher may use besides 80, 443 and 1024–65535. */
    FETCH_ALLOW_PORTS: csv.pipe(
      z.array(z.string().transform(Number).pipe(z.number().int().min(1).max(65_535))),
    ),
    FETCH_USER_AGENT: optionalString,
    FETCH_TIMEOUT_MS: positiveInt.default(15_000),
    FETCH_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
    FETCH_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
    FETCH_HOST_CONCURRENCY: positiveInt.default(2),
    FETCH_HOST_SPACING_MS: z.coerce.number().int().min(0).default(1_000),
    /** Path to a Chromium binary; enables the rendering fetcher for JavaScript-drawn prices. */
    CHROMIUM_PATH: optionalString,
    MAX_WATCHES_PER_USER: positiveInt.default(200),
    /** The shortest check interval users may choose, in minutes. */
    MIN_CHECK_INTERVAL_MINUTES: positiveInt.default(60),
    /** Sign-in, sign-up and reset attempts allowed per IP (and per email) per minute. */
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(5),
    /** Turn off sign-up (e.g. a private instance once its users exist). */
    DISABLE_SIGNUP: boolFlag.default(false),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof Env>;

export class EnvError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
    this.issues = issues;
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = Env.safeParse(source);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(environment)";
    const value = typeof issue.path[0] === "string" ? source[issue.path[0]] : undefined;
    const shown = value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
    return `${name}: ${issue.message}${shown}`;
  });
  throw new EnvError(issues);
}

let cached: Env | undefined;

/** The process's environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The explicit allow-list of settings the browser may see. */
export type PublicEnv = {
  publicUrl: string;
  isSignupDisabled: boolean;
  minCheckIntervalMinutes: number;
};

export function toPublicEnv(env: Env): PublicEnv {
  return {
    publicUrl: env.PUBLIC_URL,
    isSignupDisabled: env.DISABLE_SIGNUP,
    minCheckIntervalMinutes: env.MIN_CHECK_INTERVAL_MINUTES,
  };
}
