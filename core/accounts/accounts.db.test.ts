import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { verification } from "../db/schema/index.ts";
import { findResetTokenOwner } from "./reset-token.ts";

const database = setupTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function testApp() {
  return createTestApp(database.current, { mailer: smtp.mailer() });
}

let seq = 0;
const newEmail = () => `person${++seq}-${Date.now()}@example.test`;
const PASSWORD = "a long enough password";

async function signUp(
  request: Awaited<ReturnType<typeof testApp>>["request"],
  email: string,
  ip?: string,
) {
  const response = await request("/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, name: "Test Person" },
    ...(ip ? { ip } : {}),
  });
  expect(response.status).toBe(200);
  return response;
}

describe("accounts", () => {
  it("signs up into an HttpOnly, SameSite=Lax session cookie", async () => {
    const { request } = await testApp();
    const response = await signUp(request, newEmail());
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http in this test; https PUBLIC_URL sets Secure
    const session = await request("/api/auth/get-session", { cookie: cookieHeader(response) });
    expect((await session.json()).user.name).toBe("Test Person");
  });

  it("refuses passwords outside 10–128 characters", async () => {
    const { request } = await testApp();
    for (const password of ["short", "x".repeat(129)]) {
      const response = await request("/api/auth/sign-up/email", {
        body: { email: newEmail(), password, name: "x" },
      });
      expect(response.status).toBe(400);
    }
  });

  it("answers wrong password and unknown email with the same shape", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.20");
    const wrong = await request("/api/auth/sign-in/email", {
      body: { email, password: "not the password" },
      ip: "198.51.100.21",
    });
    const unknown = await request("/api/auth/sign-in/email", {
      body: { email: newEmail(), password: "not the password" },
      ip: "198.51.100.22",
    });
    expect(wrong.status).toBe(unknown.status);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("limits rapid sign-in attempts: the 6th wrong password gets 429 with a retry time", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.30");
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await request("/api/auth/sign-in/email", {
        body: { email, password: `wrong password ${i}` },
        ip: "198.51.100.31",
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(last!.headers.get("x-retry-after"))).toBeGreaterThan(0);
    // Another address is not affected (for another account: this email is now limited too).
    const otherEmail = newEmail();
    await signUp(request, otherEmail, "198.51.100.33");
    const other = await request("/api/auth/sign-in/email", {
      body: { email: otherEmail, password: PASSWORD },
      ip: "198.51.100.32",
    });
    expect(other.status).toBe(200);
  });

  it("resets a password through a real SMTP conversation, once, and not after expiry", async () => {
    const { request, services } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.40");

    const before = smtp.messages.length;
    const asked = await request("/api/auth/request-password-reset", {
      body: { email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.41",
    });
    expect(asked.status).toBe(200);
    await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain("Subject: Reset your Dropwave password");
    const token = mail.text.match(/http:\/\/dropwave\.test\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    expect(await findResetTokenOwner(services.database.db, token!)).toMatchObject({ email });

    const reset = await request("/api/auth/reset-password", {
      body: { token, newPassword: "my brand new password" },
      ip: "198.51.100.42",
    });
    expect(reset.status).toBe(200);

    const withNew = await request("/api/auth/sign-in/email", {
      body: { email, password: "my brand new password" },
      ip: "198.51.100.43",
    });
    expect(withNew.status).toBe(200);
    const withOld = await request("/api/auth/sign-in/email", {
      body: { email, password: PASSWORD },
      ip: "198.51.100.43",
    });
    expect(withOld.status).toBe(401);

    const again = await request("/api/auth/reset-password", {
      body: { token, newPassword: "yet another password" },
      ip: "198.51.100.44",
    });
    expect(again.status).toBe(400);
    expect(await findResetTokenOwner(services.database.db, token!)).toBeNull();

    // A second token, aged past its hour, is refused.
    await request("/api/auth/request-password-reset", {
      body: { email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.45",
    });
    await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(before + 2);
    const second = smtp.messages.at(-1)!.text.match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    await services.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verification.identifier, `reset-password:${second}`));
    expect(await findResetTokenOwner(services.database.db, second!)).toBeNull();
    const expired = await request("/api/auth/reset-password", {
      body: { token: second, newPassword: "yet another password" },
      ip: "198.51.100.46",
    });
    expect(expired.status).toBe(400);
  });

  it("answers a reset request the same way for known and unknown emails", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.50");
    const known = await request("/api/auth/request-password-reset", {
      body: { email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.51",
    });
    const unknown = await request("/api/auth/request-password-reset", {
      body: { email: newEmail(), redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.52",
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });
});
