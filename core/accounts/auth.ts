import { randomBytes } from "node:crypto";
import { type BetterAuthRateLimitOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/index.ts";
import type { Logger } from "../log.ts";
import {
  changeEmailEmail,
  existingAccountEmail,
  resetPasswordEmail,
  verifyEmailEmail,
} from "../mail/emails/account.ts";
import type { RenderedEmail } from "../mail/emails/render.ts";
import type { Mailer } from "../mail/mailer.ts";
import { isRecipientCapError } from "../mail/recipient-cap.ts";
import { revokeAllApiTokens } from "./api-tokens.ts";
import { authInputChecks } from "./auth-input.ts";
import {
  clearApprovalStep,
  isChangeEmailVerification,
  markApprovalStep,
} from "./change-email-links.ts";
import { hitEmailRateLimit } from "./email-rate-limit.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";
import { reserveSignInAttempt, settleSignInAttempt, signInLimitsFor } from "./sign-in-limit.ts";

/** The header our server sets from the socket's address (client values are replaced). */
export const CLIENT_IP_HEADER = "x-dropwave-client-ip";

/**
 * Endpoints that mail an address, limited per email as well as per client address (so
 * nobody floods an inbox). Sign-in is not among them: wrong passwords are counted per
 * address and email together (sign-in-limit.ts), so strangers cannot lock an owner out.
 */
const EMAIL_LIMITED_PATHS = new Set([
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
  /**
   * A reset request is answered no sooner than this after it arrived, known email or not
   * (default RESET_ANSWER_FLOOR_MS): a known one writes a token, an unknown one only reads.
   */
  resetAnswerFloorMs?: number;
};

/**
 * Time a reset request always takes. A known email costs a token INSERT where an unknown one
 * costs a SELECT (better-auth already runs a dummy lookup for it); the few milliseconds between
 * the two vanish under a floor well above both.
 */
export const RESET_ANSWER_FLOOR_MS = 250;

/** How long a password-reset link works. */
const RESET_TOKEN_SECONDS = 60 * 60;

/** better-auth, configured for Dropwave: email + password, sessions in HttpOnly cookies. */
export function createAuth(options: AuthOptions) {
  const { publicUrl, mailer, log } = options;
  const isHttps = publicUrl.startsWith("https://");
  const attempts = options.attemptsPerMinute ?? 5;
  const signInLimits = signInLimitsFor(attempts);
  const send = async (to: string, mail: RenderedEmail) => {
    try {
      await mailer.send({ to, ...mail });
    } catch (error) {
      // Over the recipient's cap (decision 0064) the mail is dropped; the HTTP answer was
      // already the same as for a mail sent, so it tells nothing. The cap logged it.
      if (!isRecipientCapError(error)) throw error;
    }
  };
  const auth = betterAuth({
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
      // Sign-up answers the same whether the address has an account or not (no session either
      // way: the verification link signs the new person in), and the owner of a known address
      // is mailed instead (onExistingUserSignUp). better-auth answers a known address with a
      // synthetic user only when autoSignIn is off. Decision 0065.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user: account }) => {
        await afterThisTurn();
        const link = `${publicUrl}/reset/${encodeURIComponent(await createResetToken(account.id))}`;
        const mail = existingAccountEmail({
          email: account.email,
          signInLink: `${publicUrl}/login`,
          link,
        });
        await send(account.email, mail);
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Sessions go (above), and so do API tokens: whoever knew the old password may have made some.
      onPasswordReset: async ({ user: account }) => {
        // The reset link was mailed to the address and opened: its owner receives mail there.
        if (!account.emailVerified) {
          await options.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
        }
        const revoked = await revokeAllApiTokens(options.db, account.id);
        log.info({ userId: account.id, revokedTokens: revoked }, "password reset");
      },
      sendResetPassword: async ({ user: account, token }) => {
        // Not before the answer is out (advanced.backgroundTasks): a known email must
        // answer as fast as an unknown one.
        await afterThisTurn();
        const link = `${publicUrl}/reset/${encodeURIComponent(token)}`;
        const mail = resetPasswordEmail({ email: account.email, link });
        await send(account.email, mail);
      },
    },
    emailVerification: {
      // Sent at sign-up (and on request): until the link is opened nothing else is mailed to
      // the address (docs/decisions/0049). Also used for changing email: the link goes to the
      // new address, and the email changes only when it is opened.
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: account, url, token }) => {
        // The second link of an email change lands without the approval step (change-email-links.ts).
        const link = isChangeEmailVerification(token) ? clearApprovalStep(url) : url;
        const mail = verifyEmailEmail({ email: account.email, link });
        await send(account.email, mail);
      },
      expiresIn: 60 * 60,
    },
    user: {
      changeEmail: {
        enabled: true,
        // A verified address is only replaced after its owner agrees (mail to the old one).
        sendChangeEmailConfirmation: async ({ user: account, newEmail, url }) => {
          const link = markApprovalStep(url);
          const mail = changeEmailEmail({ email: account.email, newEmail, link });
          await send(account.email, mail);
        },
      },
      deleteUser: { enabled: true },
    },
    hooks: authHooks(options, { attempts, signInLimits }),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: authRateLimit(attempts),
    advanced: {
      // Mail and clean-ups run in the background instead of holding the answer.
      backgroundTasks: {
        handler: (task: Promise<unknown>) => {
          task.catch((error: unknown) => log.error({ err: error }, "auth background task failed"));
        },
      },
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
    // A fault (the database throwing) leaves the handler as an exception, for handleAuth to
    // log with the request's id and answer 500, instead of better-call's bare console.error.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
  });
  /** A password-reset token stored as better-auth stores its own (see reset-token.ts). */
  async function createResetToken(userId: string): Promise<string> {
    const context = await auth.$context;
    const token = randomBytes(18).toString("base64url");
    await context.internalAdapter.createVerificationValue({
      value: userId,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
    });
    return token;
  }
  auth.handler = withResetAnswerFloor(
    auth.handler,
    options.resetAnswerFloorMs ?? RESET_ANSWER_FLOOR_MS,
  );
  return auth;
}

/**
 * Before each auth call: a body better-auth would choke on is refused (400), sign-in attempts
 * are reserved per address and email, and mail-sending paths are limited per email. After:
 * a changed password revokes API tokens, and a sign-in's outcome settles its attempt.
 */
function authHooks(
  options: AuthOptions,
  {
    attempts,
    signInLimits,
  }: { attempts: number; signInLimits: ReturnType<typeof signInLimitsFor> },
) {
  const inputChecks = authInputChecks(options.publicUrl);
  return {
    before: createAuthMiddleware(async (ctx) => {
      const refused = inputChecks.body(ctx.path, ctx.body) ?? inputChecks.query(ctx.query);
      if (refused) throw new APIError("BAD_REQUEST", { message: refused, code: "INVALID_INPUT" });
      const email = emailOf(ctx.body);
      if (ctx.path === "/sign-in/email" && email) {
        const decision = await reserveSignInAttempt(options.db, {
          address: clientAddressOf(ctx.headers),
          email,
          limits: signInLimits,
        });
        if (!decision.isAllowed) throw tooManyRequests(decision.retryAfterSeconds);
        return;
      }
      if (!EMAIL_LIMITED_PATHS.has(ctx.path) || !email) return;
      const decision = await hitEmailRateLimit(options.db, {
        action: ctx.path,
        email,
        max: attempts,
        windowSeconds: 60,
      });
      if (!decision.isAllowed) throw tooManyRequests(decision.retryAfterSeconds);
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/change-password") {
        // Like a reset: whoever knew the old password may have made tokens (or connected an
        // extension). Only a change that went through counts.
        const userId = changedPasswordUserId(ctx.context.returned);
        if (!userId) return;
        const revoked = await revokeAllApiTokens(options.db, userId);
        options.log.info({ userId, revokedTokens: revoked }, "password changed");
        return;
      }
      const email = emailOf(ctx.body);
      if (ctx.path !== "/sign-in/email" || !email) return;
      const returned = ctx.context.returned;
      const outcome = !(returned instanceof APIError)
        ? "signed_in"
        : returned.statusCode === 401
          ? "wrong_password"
          : "other";
      await settleSignInAttempt(options.db, {
        address: clientAddressOf(ctx.headers),
        email,
        outcome,
      });
    }),
  };
}

/** better-auth's own limits, in the database (shared by every web process). */
function authRateLimit(attempts: number): BetterAuthRateLimitOptions {
  return {
    enabled: true,
    storage: "database",
    window: 60,
    max: 100,
    customRules: {
      // A flood guard only: wrong passwords are limited per address and email (hooks).
      "/sign-in/email": { window: 60, max: attempts * 10 },
      "/sign-up/email": { window: 60, max: attempts },
      "/request-password-reset": { window: 60, max: attempts },
      "/reset-password": { window: 60, max: attempts },
      "/send-verification-email": { window: 60, max: attempts },
      "/change-email": { window: 60, max: attempts },
    },
  };
}

/**
 * The handler, with a reset request answering no sooner than `floorMs` after it came: a known
 * email answers as fast as an unknown one.
 */
function withResetAnswerFloor(
  handle: (request: Request) => Promise<Response>,
  floorMs: number,
): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    const startedAt = performance.now();
    const response = withStandardRetryAfter(await handle(request));
    if (
      request.method === "POST" &&
      new URL(request.url).pathname.endsWith("/request-password-reset")
    ) {
      const left = startedAt + floorMs - performance.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
    return response;
  };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's HTTP handler for one request, as every caller must use it: a fault inside
 * (the database throwing) is logged with the request's logger (its request id) and answered
 * 500 with better-auth's error shape, never mistaken for a wrong password.
 */
export async function handleAuth(auth: Auth, request: Request, log: Logger): Promise<Response> {
  try {
    return await auth.handler(request);
  } catch (error) {
    log.error(
      { err: error, status: 500, path: new URL(request.url).pathname },
      "auth backend failed",
    );
    return Response.json(
      { code: "INTERNAL_SERVER_ERROR", message: AUTH_SERVER_FAULT },
      { status: 500 },
    );
  }
}

/** What people read when the auth backend failed. */
export const AUTH_SERVER_FAULT = "Something went wrong on our side, try again.";

/** Resolves on a later turn of the event loop, after the current request's answer is sent. */
function afterThisTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.length > 0 && email.length <= 320 ? email : undefined;
}

/** The account whose password a /change-password call changed, or undefined if it failed. */
function changedPasswordUserId(returned: unknown): string | undefined {
  if (!returned || returned instanceof APIError || returned instanceof Response) return undefined;
  const id = (returned as { user?: { id?: unknown } }).user?.id;
  return typeof id === "string" ? id : undefined;
}

function clientAddressOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_IP_HEADER) ?? "unknown";
}

function tooManyRequests(retryAfterSeconds: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: "Too many requests. Please try again later.", code: "RATE_LIMITED" },
    { "Retry-After": String(retryAfterSeconds), "X-Retry-After": String(retryAfterSeconds) },
  );
}

/** better-auth's own limiter says X-Retry-After only; HTTP's standard header is Retry-After. */
export function withStandardRetryAfter(response: Response): Response {
  if (response.status !== 429 || response.headers.has("retry-after")) return response;
  const seconds = response.headers.get("x-retry-after");
  if (!seconds) return response;
  const headers = new Headers(response.headers);
  headers.set("retry-after", seconds);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
