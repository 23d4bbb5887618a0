import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../db/client.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/index.ts";
import type { Logger } from "../log.ts";
import { renderEmail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

/** The header our server sets from the socket's address (client values are replaced). */
export const CLIENT_IP_HEADER = "x-dropwave-client-ip";

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  log: Logger;
  isSignupDisabled?: boolean;
  /** Sign-in, sign-up and reset attempts allowed per IP per minute (default 5). */
  attemptsPerMinute?: number;
};

/** better-auth, configured for Dropwave: email + password, sessions in HttpOnly cookies. */
export function createAuth(options: AuthOptions) {
  const { publicUrl, mailer, log } = options;
  const isHttps = publicUrl.startsWith("https://");
  const attempts = options.attemptsPerMinute ?? 5;
  return betterAuth({
    appName: "Dropwave",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: options.isSignupDisabled ?? false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, token }) => {
        const link = `${publicUrl}/reset/${encodeURIComponent(token)}`;
        const { html, text } = renderEmail({
          preheader: "Choose a new password for Dropwave",
          heading: "Reset your password",
          paragraphs: [
            `Someone (hopefully you) asked to reset the password of the Dropwave account ${account.email}.`,
            "The link works once and expires in one hour.",
          ],
          action: { label: "Choose a new password", url: link },
          footnote: "If you did not ask for this, ignore this email: your password stays as it is.",
        });
        await mailer.send({
          to: account.email,
          subject: "Reset your Dropwave password",
          html,
          text,
          primaryLink: link,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: attempts },
        "/sign-up/email": { window: 60, max: attempts },
        "/request-password-reset": { window: 60, max: attempts },
        "/reset-password": { window: 60, max: attempts },
      },
    },
    advanced: {
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message, ...args) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        log[method]({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
