import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createEmailVerificationToken } from "better-auth/api";
import pino from "pino";
import type { AppServices } from "../../app/context.ts";
import { parseEnv } from "../../core/env.ts";
import type { Extractor } from "../../core/extract-pool/index.ts";
import type { Logger } from "../../core/log.ts";
import type { Mailer } from "../../core/mail/mailer.ts";
import { createApp, type PageHandler } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import type { TestDatabase } from "./db.ts";

export const TEST_ORIGIN = "http://dropwave.test";
/** The session secret of test apps (unless a test's env names another). */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

/** The real Hono app on a test database, called with app.request() (no socket). */
export async function createTestApp(
  database: TestDatabase,
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    pageHandler?: PageHandler;
    log?: Logger;
    extract?: Extractor;
  } = {},
) {
  const env = parseEnv({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: "/tmp/dropwave-test-data",
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...options.env,
  });
  const log = options.log ?? pino({ level: "silent" });
  const services: AppServices = await createServices({
    env,
    log,
    database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.extract ? { extract: options.extract } : {}),
  });
  const app = createApp(services, options.pageHandler ? { pageHandler: options.pageHandler } : {});
  /** A JSON request as a browser on the app's own origin would send it. */
  const request = (
    path: string,
    init: {
      method?: string;
      body?: unknown;
      /** A body sent exactly as given (a signed webhook), instead of `body` as JSON. */
      rawBody?: string;
      cookie?: string;
      headers?: Record<string, string>;
      /** The client's address as the socket would report it (default 198.51.100.7). */
      ip?: string;
    } = {},
  ) =>
    app.request(
      `${TEST_ORIGIN}${path}`,
      {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      },
      // What @hono/node-server passes as bindings: getConnInfo reads the socket from here.
      { incoming: { socket: { remoteAddress: init.ip ?? "198.51.100.7", remoteFamily: "IPv4" } } },
    );
  return { app, services, request };
}

/** "name=value" pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type TestRequest = Awaited<ReturnType<typeof createTestApp>>["request"];
let personSeq = 0;

/**
 * Opens the account's email-verification link, as its owner would after reading the mail
 * (the link is made as better-auth makes it, with the test apps' secret).
 */
export async function verifyAccountEmail(request: TestRequest, email: string): Promise<void> {
  const token = await createEmailVerificationToken(TEST_AUTH_SECRET, email);
  const verified = await request(`/api/auth/verify-email?token=${token}`, { method: "GET" });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
}

/**
 * A new account (through the real sign-up, its address verified unless `isVerified: false`),
 * its session cookie and an API token.
 */
export async function createPerson(request: TestRequest, options: { isVerified?: boolean } = {}) {
  personSeq += 1;
  const email = `person-${personSeq}-${Date.now()}@example.test`;
  const signUp = await request("/api/auth/sign-up/email", {
    body: { email, password: "a long enough password", name: `Person ${personSeq}` },
    ip: `203.0.113.${(personSeq % 250) + 1}`,
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  // Sign-up opens no session (decision 0065): sign in, as a person would after it.
  const signIn = await request("/api/auth/sign-in/email", {
    body: { email, password: "a long enough password" },
    ip: `203.0.113.${(personSeq % 250) + 1}`,
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = cookieHeader(signIn);
  const created = await request("/api/v1/tokens", { body: { name: "tests" }, cookie });
  if (created.status !== 201) throw new Error(`token creation failed: ${created.status}`);
  const { token } = (await created.json()) as { token: string };
  if (options.isVerified ?? true) await verifyAccountEmail(request, email);
  return { email, cookie, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * An extension-scoped API token of the person signed in with `cookie` (what the popup's
 * "Connect" makes): its id and the header that sends it.
 */
export async function createExtensionToken(request: TestRequest, cookie: string) {
  const created = await request("/api/v1/tokens", {
    body: { name: "Browser extension", scope: "extension" },
    cookie,
  });
  if (created.status !== 201) throw new Error(`extension token creation failed: ${created.status}`);
  const body = (await created.json()) as { id: string; token: string; scope: string };
  if (body.scope !== "extension") throw new Error(`token made with scope ${body.scope}`);
  return { id: body.id, auth: { authorization: `Bearer ${body.token}` } };
}

/** An app listening on a loopback port, for tests that need real HTTP (sockets, clients). */
export type ServedApp = { origin: string; close(): Promise<void> };

export function serveOnLoopback(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}) {
  return new Promise<ServedApp>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      resolve({
        origin: `http://127.0.0.1:${(info as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections(): void }).closeAllConnections();
          }),
      });
    });
  });
}
