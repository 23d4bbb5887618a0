import { Writable } from "node:stream";
import { like } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { requestContext, servicesContext } from "../app/context.ts";
import { action as loginAction } from "../app/routes/login.tsx";
import { action as resetAction } from "../app/routes/reset-token.tsx";
import { verification } from "../core/db/schema/index.ts";
import { createPerson, createTestApp, TEST_ORIGIN } from "../tests/helpers/app.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";

const database = setupTestDatabase();

/** A logger whose JSON lines the test can read. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

async function breakAccounts() {
  await database.current.db.execute('alter table "user" rename to user_gone');
}
afterEach(async () => {
  await database.current.db
    .execute('alter table user_gone rename to "user"')
    .catch(() => undefined);
});

describe("an auth backend failure during sign-in", () => {
  it("is a logged 5xx on the API, not a wrong password", async () => {
    const { log, lines } = capturedLog();
    const { request } = await createTestApp(database.current, { log });
    await breakAccounts();
    const response = await request("/api/auth/sign-in/email", {
      body: { email: "someone@example.test", password: "a long enough password" },
      headers: { "x-request-id": "req-auth-broken-1" },
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const logged = lines.find((l) => l.msg === "auth backend failed");
    expect(logged).toMatchObject({ level: 50, requestId: "req-auth-broken-1", status: 500 });
  });

  it("is a logged 5xx when only the password table fails, for a person who exists", async () => {
    const { log, lines } = capturedLog();
    const { request } = await createTestApp(database.current, { log });
    const person = await createPerson(request);
    await database.current.db.execute('alter table "account" rename to account_gone');
    try {
      const response = await request("/api/auth/sign-in/email", {
        body: { email: person.email, password: "a long enough password" },
        headers: { "x-request-id": "req-account-broken" },
        ip: "198.51.100.77",
      });
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(lines.find((l) => l.msg === "auth backend failed")).toMatchObject({
        requestId: "req-account-broken",
      });
    } finally {
      await database.current.db.execute('alter table account_gone rename to "account"');
    }
  });

  it("shows 'Something went wrong on our side' on the sign-in page, with a 5xx", async () => {
    const { log, lines } = capturedLog();
    const { services } = await createTestApp(database.current, { log });
    await breakAccounts();
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      requestId: "req-auth-broken-2",
      log: services.log.child({ requestId: "req-auth-broken-2" }),
      clientIp: "198.51.100.9",
      cspNonce: "n",
    });
    const form = new URLSearchParams({
      email: "someone@example.test",
      password: "a long enough password",
    });
    const request = new Request(`${TEST_ORIGIN}/login`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const result = (await loginAction({ request, context, params: {} } as never)) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(result.init.status).toBeGreaterThanOrEqual(500);
    expect(result.data.error).toBe("Something went wrong on our side, try again.");
    expect(lines.find((l) => l.msg === "auth backend failed")).toMatchObject({
      level: 50,
      requestId: "req-auth-broken-2",
    });
  });

  it("still says the email and password do not match for a wrong password", async () => {
    const { services } = await createTestApp(database.current);
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      requestId: "req-wrong-password",
      log: services.log,
      clientIp: "198.51.100.10",
      cspNonce: "n",
    });
    const request = new Request(`${TEST_ORIGIN}/login`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "nobody@example.test",
        password: "a long enough password",
      }),
    });
    const result = (await loginAction({ request, context, params: {} } as never)) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(401);
    expect(result.data.error).toBe("That email and password do not match an account.");
  });
});

describe("a reset whose automatic sign-in fails", () => {
  it("lands on the sign-in page saying the password was changed", async () => {
    const { request, services } = await createTestApp(database.current);
    const person = await createPerson(request);
    const ip = "198.51.100.88";
    // Five wrong passwords from this address lock this address and email together for a
    // minute: the reset from the same address then cannot sign the person in.
    for (let i = 0; i < 5; i++) {
      await request("/api/auth/sign-in/email", {
        body: { email: person.email, password: "not the password at all" },
        ip,
      });
    }
    const asked = await request("/api/auth/request-password-reset", {
      body: { email: person.email, redirectTo: `${TEST_ORIGIN}/reset` },
      ip: "198.51.100.89",
    });
    expect(asked.status).toBe(200);
    const [row] = await database.current.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(like(verification.identifier, "reset-password:%"));
    const token = row?.identifier.replace("reset-password:", "") ?? "";
    expect(token).not.toBe("");

    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      requestId: "req-reset-locked",
      log: services.log,
      clientIp: ip,
      cspNonce: "n",
    });
    const response = (await resetAction({
      request: new Request(`${TEST_ORIGIN}/reset/${token}`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          password: "a brand new password",
          confirm: "a brand new password",
        }),
      }),
      context,
      params: { token },
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(response.headers.get("set-cookie") ?? "")).toContain(
      "Your password was changed. Sign in with the new one.",
    );
    // And it was: the new password works from another address.
    const signIn = await request("/api/auth/sign-in/email", {
      body: { email: person.email, password: "a brand new password" },
      ip: "198.51.100.90",
    });
    expect(signIn.status).toBe(200);
  });
});
