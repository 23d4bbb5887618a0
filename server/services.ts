import path from "node:path";
import type { AppServices } from "../app/context.ts";
import { createAuth } from "../core/accounts/auth.ts";
import { catalogueFromEnv, createBilling } from "../core/billing/index.ts";
import type { StripeGateway } from "../core/billing/stripe-gateway.ts";
import type { Database } from "../core/db/client.ts";
import { type Env, isBillingEnabled, toPublicEnv } from "../core/env.ts";
import { type Extractor, inlineExtractor } from "../core/extract-pool/index.ts";
import {
  createFetcher,
  createMemoryHostGate,
  createSqlHostGate,
  type Fetcher,
} from "../core/fetch/index.ts";
import { createRecentPages } from "../core/fetch/recent-pages.ts";
import { createRateStore } from "../core/groups/rate-days.ts";
import { createRateSource } from "../core/groups/rate-source.ts";
import { createProductImages } from "../core/images/product-images.ts";
import type { Logger } from "../core/log.ts";
import { createMailer, type Mailer } from "../core/mail/mailer.ts";
import { capMailPerRecipient } from "../core/mail/recipient-cap.ts";
import { UNSUBSCRIBE_SECRET_KEY } from "../core/notify/unsubscribe.ts";
import { getInstanceSecret } from "../core/settings/instance-secret.ts";
import packageJson from "../package.json" with { type: "json" };

export type { AppServices };

/**
 * The process's mailer: the one given (tests), else SMTP or the outbox folder from the
 * environment; every mail, whatever its kind, capped per recipient (decision 0064). The web
 * server's services and a delivery worker running without them build it the same way.
 */
export function processMailer(env: Env, database: Database, log: Logger, given?: Mailer): Mailer {
  const mailLog = log.child({ module: "mail" });
  return capMailPerRecipient(
    given ??
      createMailer({
        from: env.MAIL_FROM,
        smtpUrl: env.SMTP_URL,
        outboxDir: path.resolve(env.DATA_DIR, "outbox"),
        log: mailLog,
      }),
    { db: database.db, log: mailLog },
  );
}

/** Wires the core modules together from the parsed environment. */
export async function createServices(options: {
  env: Env;
  log: Logger;
  database: Database;
  mailer?: Mailer;
  fetcher?: Fetcher;
  /** The process's extraction pool; inline extraction when absent (tests). */
  extract?: Extractor;
  /** The process's name on PostgreSQL (core/worker-presence.ts): its host slots carry it. */
  processName?: string;
}): Promise<AppServices> {
  const { env, log, database } = options;
  const mailer = processMailer(env, database, log, options.mailer);
  const secret = await getInstanceSecret(database.db, "auth_secret", env.AUTH_SECRET);
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: env.PUBLIC_URL,
    mailer,
    log: log.child({ module: "auth" }),
    isSignupDisabled: env.DISABLE_SIGNUP,
    attemptsPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  const fetcher =
    options.fetcher ??
    createFetcherFromEnv(env, database, log, packageJson.version, options.processName);
  const productImages = createProductImages({
    db: database.db,
    fetcher,
    cacheDir: path.resolve(env.DATA_DIR, "images"),
    secret: await getInstanceSecret(database.db, "image_url_secret"),
    log: log.child({ module: "images" }),
  });
  return {
    env,
    publicEnv: toPublicEnv(env),
    billing: createBilling({
      db: database.db,
      catalogue: catalogueFromEnv(env),
      stripe: await stripeGatewayFromEnv(env),
    }),
    version: packageJson.version,
    log,
    database,
    auth,
    mailer,
    fetcher,
    recentPages: createRecentPages(fetcher),
    rates: createRateSource({
      fetcher,
      url: env.REFERENCE_RATES_URL,
      log: log.child({ module: "rates" }),
      store: createRateStore(database.sql),
    }),
    productImages,
    extract: options.extract ?? inlineExtractor,
    unsubscribeSecret: await getInstanceSecret(database.db, UNSUBSCRIBE_SECRET_KEY),
  };
}

/** Stripe only with its keys: without them the `stripe` package is never even loaded. */
async function stripeGatewayFromEnv(env: Env): Promise<StripeGateway | undefined> {
  if (!isBillingEnabled(env) || !env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
    return undefined;
  const { createStripeGateway } = await import("../core/billing/stripe-gateway.ts");
  return createStripeGateway({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  });
}

/**
 * The fetcher as configured. Politeness per store host is shared through the database on
 * PostgreSQL (many processes); the embedded database has one process, so memory suffices.
 */
export function createFetcherFromEnv(
  env: Env,
  database: Database,
  log: Logger,
  version: string,
  processName?: string,
): Fetcher {
  const gateOptions = {
    concurrency: env.FETCH_HOST_CONCURRENCY,
    spacingMs: env.FETCH_HOST_SPACING_MS,
  };
  return createFetcher({
    version,
    publicUrl: env.PUBLIC_URL,
    userAgent: env.FETCH_USER_AGENT,
    allowPrivate: env.FETCH_ALLOW_PRIVATE,
    allowPorts: env.FETCH_ALLOW_PORTS,
    timeoutMs: env.FETCH_TIMEOUT_MS,
    connectTimeoutMs: env.FETCH_CONNECT_TIMEOUT_MS,
    maxBytes: env.FETCH_MAX_BYTES,
    hostConcurrency: env.FETCH_HOST_CONCURRENCY,
    hostSpacingMs: env.FETCH_HOST_SPACING_MS,
    hostGate:
      database.kind === "postgres"
        ? createSqlHostGate(database.sql, { ...gateOptions, owner: processName })
        : createMemoryHostGate(gateOptions),
    chromiumPath: env.CHROMIUM_PATH,
    logger: log.child({ module: "fetch" }),
  });
}
