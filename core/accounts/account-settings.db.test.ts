import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieHeader, createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { account, apiToken, session, user } from "../db/schema/index.ts";

const database = setupTestDatabase();
const smtp = forThisFile(startSmtpServer);

async function testApp() {
  return createTestApp(database.current, { mailer: smtp.mailer() });
}

type Request = Awaited<ReturnType<typeof testApp>>["request"];

let seq = 0;
const newEmail = () => `settings${++seq}-${Date.now()}@example.test`;
const nextIp = () => `203.0.113.${++seq % 250}`;
const PASSWORD = "a long enough password";

/** The verify-email link in a received mail, as a path on the test app. */
function linkIn(text: string): string {
  const link = text.match(/http:\/\/dropwave\.test(\/api\/auth\/verify-email\?[^\s"<]+)/)?.[1];
  expect(link).toBeDefined();
  return link!.replace(/&amp;/g, "&");
}

/** Asks to change the signed-in person's email; returns once the first mail has arrived. */
async function askEmailChange(request: Request, cookie: string) {
  const newAddress = newEmail();
  const before = smtp.messages.length;
  const asked = await request("/api/auth/change-email", {
    body: { newEmail: newAddress, callbackURL: "/user?email=changed" },
    cookie,
  });
  expect(asked.status).toBe(200);
  await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(before + 1);
  return { newAddress, before };
}

async function signUp(request: Request, email = newEmail()) {
  const response = await request("/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, name: "Test Person" },
    ip: nextIp(),
  });
  expect(response.status).toBe(200);
  // The verification mail goes out in the background: counts of later mails start after it.
  await expect.poll(() => smtp.messages.some((m) => m.to.includes(email))).toBe(true);
  // Sign-up opens no session (decision 0065): sign in after it.
  const signedIn = await signIn(request, email, PASSWORD);
  expect(signedIn.status).toBe(200);
  return { email, cookie: cookieHeader(signedIn) };
}

function signIn(request: Request, email: string, password: string) {
  return request("/api/auth/sign-in/email", { body: { email, password }, ip: nextIp() });
}

describe("per-email rate limit", () => {
  it("does not limit sign-in per email alone: wrong passwords from many addresses never block the owner", async () => {
    const { request } = await testApp();
    const { email } = await signUp(request);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await signIn(request, email, `wrong password ${i}`)).status);
    }
    expect(statuses).toEqual(Array(8).fill(401));
    expect((await signIn(request, email, PASSWORD)).status).toBe(200);
  });

  it("limits reset requests and sign-ups per email too, case-insensitively", async () => {
    const { request } = await testApp();
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await request("/api/auth/request-password-reset", {
        body: { email: i % 2 ? email.toUpperCase() : email, redirectTo: "/reset" },
        ip: nextIp(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const signUps: number[] = [];
    const target = newEmail();
    for (let i = 0; i < 6; i++) {
      const response = await request("/api/auth/sign-up/email", {
        body: { email: target, password: PASSWORD, name: "x" },
        ip: nextIp(),
      });
      signUps.push(response.status);
    }
    expect(signUps[0]).toBe(200);
    // A known address is answered like a new one (no enumeration, #35 item 8).
    expect(signUps.slice(1, 5)).toEqual([200, 200, 200, 200]);
    expect(signUps[5]).toBe(429);
  });
});

describe("account settings", () => {
  it("changes the password only with the current one; the old one stops working", async () => {
    const { request } = await testApp();
    const { email, cookie } = await signUp(request);
    const other = await signIn(request, email, PASSWORD);
    const otherCookie = cookieHeader(other);
    const wrong = await request("/api/auth/change-password", {
      body: { currentPassword: "not my password", newPassword: "a new long password" },
      cookie,
    });
    expect(wrong.status).toBe(400);
    const changed = await request("/api/auth/change-password", {
      body: {
        currentPassword: PASSWORD,
        newPassword: "a new long password",
        revokeOtherSessions: true,
      },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect((await signIn(request, email, PASSWORD)).status).toBe(401);
    expect((await signIn(request, email, "a new long password")).status).toBe(200);
    // The other device was signed out; this one got a fresh session.
    const otherSession = await request("/api/auth/get-session", { cookie: otherCookie });
    expect(await otherSession.json()).toBeNull();
    const mine = await request("/api/auth/get-session", { cookie: cookieHeader(changed) });
    expect((await mine.json()).user.email).toBe(email);
  });

  it("a password change revokes every API token, the extension's too (with or without revoking sessions)", async () => {
    const { request } = await testApp();
    // Its own client address: the requests of earlier tests count against the default one.
    const ip = nextIp();
    for (const revokeOtherSessions of [true, false]) {
      const { cookie } = await signUp(request);
      const tokens: string[] = [];
      for (const body of [{ name: "script" }, { name: "Browser extension", scope: "extension" }]) {
        const created = await request("/api/v1/tokens", { body, cookie, ip });
        expect(created.status).toBe(201);
        tokens.push(((await created.json()) as { token: string }).token);
      }
      for (const token of tokens) {
        const me = await request("/api/v1/me", {
          headers: { authorization: `Bearer ${token}` },
          ip,
        });
        expect(me.status).toBe(200);
      }
      const changed = await request("/api/auth/change-password", {
        body: {
          currentPassword: PASSWORD,
          newPassword: "a new long password",
          revokeOtherSessions,
        },
        cookie,
        ip,
      });
      expect(changed.status).toBe(200);
      for (const token of tokens) {
        const me = await request("/api/v1/me", {
          headers: { authorization: `Bearer ${token}` },
          ip,
        });
        expect(me.status).toBe(401);
      }
    }
  });

  it("a refused password change (wrong current password) leaves the tokens alone", async () => {
    const { request } = await testApp();
    // Its own client address: the requests of earlier tests count against the default one.
    const ip = nextIp();
    const { cookie } = await signUp(request);
    const created = await request("/api/v1/tokens", { body: { name: "script" }, cookie, ip });
    const { token } = (await created.json()) as { token: string };
    const wrong = await request("/api/auth/change-password", {
      body: { currentPassword: "not my password", newPassword: "a new long password" },
      cookie,
      ip,
    });
    expect(wrong.status).toBe(400);
    const me = await request("/api/v1/me", {
      headers: { authorization: `Bearer ${token}` },
      ip,
    });
    expect(me.status).toBe(200);
  });

  it("signs out other devices and keeps this one", async () => {
    const { request } = await testApp();
    const { email, cookie } = await signUp(request);
    const otherCookie = cookieHeader(await signIn(request, email, PASSWORD));
    const response = await request("/api/auth/revoke-other-sessions", { body: {}, cookie });
    expect(response.status).toBe(200);
    expect(
      await (await request("/api/auth/get-session", { cookie: otherCookie })).json(),
    ).toBeNull();
    const mine = await (await request("/api/auth/get-session", { cookie })).json();
    expect(mine.user.email).toBe(email);
  });

  it("changes the email through a confirmation link mailed to the new address", async () => {
    const { request } = await testApp();
    const { email, cookie } = await signUp(request);
    const { newAddress } = await askEmailChange(request, cookie);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([newAddress]);
    expect(mail.text).toContain("Subject: Confirm your email for Dropwave");
    // Nothing changes until the link is opened.
    const unchanged = await (await request("/api/auth/get-session", { cookie })).json();
    expect(unchanged.user.email).toBe(email);
    const opened = await request(linkIn(mail.text), { cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/user?email=changed");
    expect((await signIn(request, newAddress, PASSWORD)).status).toBe(200);
    expect((await signIn(request, email, PASSWORD)).status).toBe(401);
  });

  it("asks the old address first when the current email is verified", async () => {
    const { request, services } = await testApp();
    const { email, cookie } = await signUp(request);
    await services.database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, email));
    const { newAddress, before } = await askEmailChange(request, cookie);
    const approval = smtp.messages.at(-1)!;
    expect(approval.to).toEqual([email]);
    expect(approval.text).toContain("Subject: Confirm your Dropwave email change");
    const approved = await request(linkIn(approval.text), { cookie });
    expect(approved.status).toBe(302);
    await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(before + 2);
    const confirmation = smtp.messages.at(-1)!;
    expect(confirmation.to).toEqual([newAddress]);
    const confirmed = await request(linkIn(confirmation.text), { cookie });
    expect(confirmed.status).toBe(302);
    const [row] = await services.database.db.select().from(user).where(eq(user.email, newAddress));
    expect(row?.emailVerified).toBe(true);
  });

  it("deletes the account with its password: rows gone, the email can register again", async () => {
    const { request, services } = await testApp();
    const db = services.database.db;
    const { email, cookie } = await signUp(request);
    const token = await request("/api/v1/tokens", { body: { name: "to go" }, cookie });
    expect(token.status).toBe(201);
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = row!.id;
    const wrong = await request("/api/auth/delete-user", {
      body: { password: "not my password" },
      cookie,
    });
    expect(wrong.status).toBe(400);
    const deleted = await request("/api/auth/delete-user", {
      body: { password: PASSWORD },
      cookie,
    });
    expect(deleted.status).toBe(200);
    for (const table of [apiToken, session, account]) {
      expect(await db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
    }
    expect(await db.select().from(user).where(eq(user.id, userId))).toEqual([]);
    const bearer = (await token.json()).token as string;
    const me = await request("/api/v1/me", { headers: { authorization: `Bearer ${bearer}` } });
    expect(me.status).toBe(401);
    await signUp(request, email);
  });
});
