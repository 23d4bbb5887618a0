import ipaddr from "ipaddr.js";
import { z } from "zod";
import { PlansSetting } from "./billing/plans.ts";
import { POSTHOG_PROXY_PATH } from "./operator/analytics-paths.ts";

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

/** An address or CIDR range, normalised to `address/bits` (a bare address is a single host). */
function normaliseCidr(text: string): string | undefined {
  try {
    if (text.includes("/")) {
      const [range, bits] = ipaddr.parseCIDR(text);
      return `${range.toString()}/${bits}`;
    }
    const address = ipaddr.parse(text);
    return `${address.toString()}/${address.kind() === "ipv4" ? 32 : 128}`;
  } catch {
    return undefined;
  }
}

/** Comma-separated addresses or CIDR ranges, each checked (TRUSTED_PROXIES). */
const cidrList = csv.transform((items, ctx) =>
  items.map((item) => {
    const cidr = normaliseCidr(item);
    if (cidr === undefined) {
      ctx.addIssue({ code: "custom", message: `"${item}" is not an IP address or CIDR range` });
      return item;
    }
    return cidr;
  }),
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
    /**
     * Daily reference exchange rates for comparing a group's stores in one currency (decision
     * 0069): the ECB's feed by default, fetched through core/fetch like any outbound request.
     */
    REFERENCE_RATES_URL: z
      .url({ protocol: /^https?$/ })
      .default("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"),
    /**
     * Deliveries one webhook receiver (host) may get from every account together, a minute and
     * an hour (decision 0066). Raise them for a receiver of your own that takes many alerts.
     */
    RECEIVER_MAX_PER_MINUTE: positiveInt.default(20),
    RECEIVER_MAX_PER_HOUR: positiveInt.default(200),
    /** Path to a Chromium binary; enables the rendering fetcher for JavaScript-drawn prices. */
    CHROMIUM_PATH: optionalString,
    MAX_WATCHES_PER_USER: positiveInt.default(200),
    /** The shortest check interval users may choose, in minutes. */
    MIN_CHECK_INTERVAL_MINUTES: positiveInt.default(60),
    /** Notification channels one person may add (the free plan's limit). */
    MAX_CHANNELS_PER_USER: positiveInt.default(20),
    /** Sign-in, sign-up and reset attempts allowed per IP (and per email) per minute. */
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(5),
    /**
     * Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client.
     * Empty by default: the client is the socket's peer and forwarding headers are ignored.
     */
    TRUSTED_PROXIES: cidrList,
    /** Largest body of a watch import (POST /api/v1/import); every other body is capped at 1 MB. */
    IMPORT_MAX_BYTES: positiveInt.default(50 * 1024 * 1024),
    /** History points one import may hold (all its products together). */
    IMPORT_MAX_POINTS: positiveInt.default(100_000),
    /** Turn off sign-up (e.g. a private instance once its users exist). */
    DISABLE_SIGNUP: boolFlag.default(false),
    /** How often an open tab asks /latest.json whether a new build is out, in seconds. */
    NEW_BUILD_POLL_SECONDS: positiveInt.default(300),
    /** The file served at /latest.json (the build writes it; a deployment may point elsewhere). */
    LATEST_JSON_PATH: z.string().min(1).default("build/client/latest.json"),
    /** Who may open the operator's page (/admin); when unset, the first account made. */
    ADMIN_EMAILS: csv,
    /** Umami-compatible web analytics: the collector's origin and the website id. Off when unset. */
    ANALYTICS_HOST: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    ANALYTICS_WEBSITE_ID: optionalString.pipe(z.string().max(100).optional()),
    /** Host names page views are counted on (default: PUBLIC_URL's host name). */
    ANALYTICS_DOMAINS: csv,
    /** PostHog product analytics: the project key and host. Off when the key is unset. */
    POSTHOG_KEY: optionalString.pipe(z.string().max(200).optional()),
    POSTHOG_HOST: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** Send PostHog traffic through this server (/ingest/ph/*) instead of straight to the host. */
    POSTHOG_PROXY: boolFlag.default(false),
    POSTHOG_DISABLED: boolFlag.default(false),
    POSTHOG_CAPTURE_PAGEVIEW: boolFlag.default(true),
    POSTHOG_CAPTURE_PAGELEAVE: boolFlag.default(true),
    /** Extra posthog-js options, a JSON object (e.g. {"session_recording":{"maskAllInputs":true}}). */
    POSTHOG_OPTIONS: optionalString.pipe(
      z
        .string()
        .transform((text, ctx) => {
          try {
            const value: unknown = JSON.parse(text);
            if (value && typeof value === "object" && !Array.isArray(value))
              return value as Record<string, unknown>;
          } catch {}
          ctx.addIssue({ code: "custom", message: "must be a JSON object" });
          return z.NEVER;
        })
        .optional(),
    ),
    /**
     * Plans and card payments (off by default): Stripe's keys, all three or none; the paid
     * plans as a JSON array (core/billing/plans.ts); Stripe's API origin (tests: a stand-in).
     */
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z.string().regex(/^pk_/, "must be a Stripe publishable key (pk_…)").optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
    PLANS: optionalString.pipe(
      z
        .string()
        .transform((text, ctx) => {
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch {
            ctx.addIssue({ code: "custom", message: "must be a JSON array of plans" });
            return z.NEVER;
          }
          const parsed = PlansSetting.safeParse(value);
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues)
            ctx.addIssue({
              code: "custom",
              message: `${issue.path.length ? `[${issue.path.join(".")}] ` : ""}${issue.message}`,
            });
          return z.NEVER;
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const stripeKeys = [
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ] as const;
    const setKeys = stripeKeys.filter((key) => env[key] !== undefined);
    if (setKeys.length > 0 && setKeys.length < stripeKeys.length)
      for (const key of stripeKeys.filter((k) => env[k] === undefined))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is required with ${setKeys.join(" and ")} (Stripe's three keys go together)`,
        });
    if (setKeys.length === stripeKeys.length && !env.PLANS?.length)
      ctx.addIssue({
        code: "custom",
        path: ["PLANS"],
        message: "needs at least one paid plan when Stripe's keys are set",
      });
    if (Boolean(env.ANALYTICS_HOST) !== Boolean(env.ANALYTICS_WEBSITE_ID))
      ctx.addIssue({
        code: "custom",
        path: [env.ANALYTICS_HOST ? "ANALYTICS_WEBSITE_ID" : "ANALYTICS_HOST"],
        message: "ANALYTICS_HOST and ANALYTICS_WEBSITE_ID go together",
      });
    if (env.POSTHOG_KEY && !env.POSTHOG_HOST)
      ctx.addIssue({
        code: "custom",
        path: ["POSTHOG_HOST"],
        message: "is required with POSTHOG_KEY (e.g. https://eu.i.posthog.com)",
      });
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
  /** How often an open tab polls /latest.json for a new build (seconds). */
  newBuildPollSeconds: number;
  /** Present only when the operator set up plans and Stripe's keys. */
  billing?: { stripePublishableKey: string };
  /** Present only when the operator configured web analytics. */
  webAnalytics?: WebAnalyticsConfig;
  /** Present only when the operator configured PostHog (and did not disable it). */
  productAnalytics?: ProductAnalyticsConfig;
};

export type WebAnalyticsConfig = { host: string; websiteId: string; domains: string[] };

export type ProductAnalyticsConfig = {
  key: string;
  /** Where the browser sends events: the PostHog host, or this origin's /ingest/ph proxy. */
  apiHost: string;
  /** The PostHog host itself, for the privacy page and the UI host of links. */
  uiHost: string;
  isProxied: boolean;
  capturePageview: boolean;
  capturePageleave: boolean;
  options: Record<string, unknown>;
};

/** Plans are on offer when Stripe's keys are set (the schema then requires a paid plan). */
export function isBillingEnabled(env: Env): boolean {
  return Boolean(
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET && env.PLANS,
  );
}

export { POSTHOG_PROXY_PATH };

export function toPublicEnv(env: Env): PublicEnv {
  const publicEnv: PublicEnv = {
    publicUrl: env.PUBLIC_URL,
    isSignupDisabled: env.DISABLE_SIGNUP,
    minCheckIntervalMinutes: env.MIN_CHECK_INTERVAL_MINUTES,
    newBuildPollSeconds: env.NEW_BUILD_POLL_SECONDS,
  };
  if (isBillingEnabled(env) && env.STRIPE_PUBLISHABLE_KEY)
    publicEnv.billing = { stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY };
  if (env.ANALYTICS_HOST && env.ANALYTICS_WEBSITE_ID) {
    publicEnv.webAnalytics = {
      host: env.ANALYTICS_HOST.replace(/\/+$/, ""),
      websiteId: env.ANALYTICS_WEBSITE_ID,
      domains:
        env.ANALYTICS_DOMAINS.length > 0
          ? env.ANALYTICS_DOMAINS.map((d) => d.toLowerCase())
          : [new URL(env.PUBLIC_URL).hostname.toLowerCase()],
    };
  }
  if (env.POSTHOG_KEY && env.POSTHOG_HOST && !env.POSTHOG_DISABLED) {
    const uiHost = env.POSTHOG_HOST.replace(/\/+$/, "");
    publicEnv.productAnalytics = {
      key: env.POSTHOG_KEY,
      apiHost: env.POSTHOG_PROXY ? `${env.PUBLIC_URL}${POSTHOG_PROXY_PATH}` : uiHost,
      uiHost,
      isProxied: env.POSTHOG_PROXY,
      capturePageview: env.POSTHOG_CAPTURE_PAGEVIEW,
      capturePageleave: env.POSTHOG_CAPTURE_PAGELEAVE,
      options: env.POSTHOG_OPTIONS ?? {},
    };
  }
  return publicEnv;
}
