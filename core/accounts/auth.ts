import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/index.ts";
import type { Logger } from "../log.ts";
import { type EmailContent, renderEmail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { hitEmailRateLimit } from "./email-rate-limit.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

/** The header our server sets from the socket's address (client values are replaced). */
export const CLIENT_IP_HEADER = "x-dropwave-client-ip";

/** Endpoints limited per email as well as per client address. */
const EMAIL_LIMITED_PATHS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  // Mails a link to an address: limited like reset requests, so nobody floods an inbox.
  "/send-verification-email",
]);

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  log: Logger;
  isSignupDisabled?: boolean;
  /** Sign-in, sign-up and reset attempts allowed per IP, and per email, per minute (default 5). */
  attemptsPerMinute?: number;
};

/** better-auth, configured for Dropwave: email + password, sessions in HttpOnly cookies. */
export function createAuth(options: AuthOptions) {
  const { publicUrl, mailer, log } = options;
  const isHttps = publicUrl.startsWith("https://");
  const attempts = options.attemptsPerMinute ?? 5;
  const send = async (to: string, subject: string, content: EmailContent) => {
    const { html, text } = renderEmail(content);
    const link = content.action ? { primaryLink: content.action.url } : {};
    await mailer.send({ to, subject, html, text, ...link });
  };
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
    emailVerification: {
      // Used for changing email: the link goes to the new address, and the email changes
      // only when it is opened (sign-up does not ask for verification).
      sendVerificationEmail: async ({ user: account, url }) => {
        await send(account.email, "Confirm your email for Dropwave", {
          preheader: "Confirm this address for your Dropwave account",
          heading: "Confirm your email address",
          paragraphs: [
            `Someone (hopefully you) asked to use ${account.email} for a Dropwave account.`,
            "Open the link to confirm. It expires in one hour.",
          ],
          action: { label: "Confirm this email", url },
          footnote: "If you did not ask for this, ignore this email: nothing changes.",
        });
      },
      expiresIn: 60 * 60,
    },
    user: {
      changeEmail: {
        enabled: true,
        // A verified address is only replaced after its owner agrees (mail to the old one).
        sendChangeEmailConfirmation: async ({ user: account, newEmail, url }) => {
          await send(account.email, "Confirm your Dropwave email change", {
            preheader: `Change your Dropwave email to ${newEmail}`,
            heading: "Change your email address",
            paragraphs: [
              `Someone (hopefully you) asked to change the email of the Dropwave account ${account.email} to ${newEmail}.`,
              "Open the link to agree; we then send a confirmation to the new address.",
            ],
            action: { label: "Approve the change", url },
            footnote: "If you did not ask for this, ignore this email and change your password.",
          });
        },
      },
      deleteUser: { enabled: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!EMAIL_LIMITED_PATHS.has(ctx.path)) return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== "string" || email.length === 0 || email.length > 320) return;
        const decision = await hitEmailRateLimit(options.db, {
          action: ctx.path,
          email,
          max: attempts,
          windowSeconds: 60,
        });
        if (!decision.isAllowed) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: "Too many requests. Please try again later.", code: "RATE_LIMITED" },
            { "X-Retry-After": String(decision.retryAfterSeconds) },
          );
        }
      }),
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
        "/send-verification-email": { window: 60, max: attempts },
        "/change-email": { window: 60, max: attempts },
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
