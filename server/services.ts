import path from "node:path";
import type { AppServices } from "../app/context.ts";
import { createAuth } from "../core/accounts/auth.ts";
import type { Database } from "../core/db/client.ts";
import { type Env, toPublicEnv } from "../core/env.ts";
import type { Logger } from "../core/log.ts";
import { createMailer, type Mailer } from "../core/mail/mailer.ts";
import { getInstanceSecret } from "../core/settings/instance-secret.ts";
import packageJson from "../package.json" with { type: "json" };

export type { AppServices };

/** Wires the core modules together from the parsed environment. */
export async function createServices(options: {
  env: Env;
  log: Logger;
  database: Database;
  mailer?: Mailer;
}): Promise<AppServices> {
  const { env, log, database } = options;
  const mailer =
    options.mailer ??
    createMailer({
      from: env.MAIL_FROM,
      smtpUrl: env.SMTP_URL,
      outboxDir: path.resolve(env.DATA_DIR, "outbox"),
      log: log.child({ module: "mail" }),
    });
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
  return {
    env,
    publicEnv: toPublicEnv(env),
    version: packageJson.version,
    log,
    database,
    auth,
    mailer,
  };
}
