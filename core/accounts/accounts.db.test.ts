import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cookieHeader,
  createPerson,
  createTestApp,
  TEST_AUTH_SECRET,
} from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { user, verification } from "../db/schema/index.ts";
import { RESET_ANSWER_FLOOR_MS } from "./auth.ts";
import { findResetTokenOwner } from "./reset-token.ts";

const database = setupTestDatabase();
const smtp = forThisFile(startSmtpServer);

async function testApp() {
  return createTestApp(database.current, { mailer: smtp.mailer() });
}

let seq = 0;
const newEmail = () => `person${++seq}-${Date.now()}@example.test`;
const PASSWORD = "a long enough password";

/** Signs up; with `isMailAwaited` (the test SMTP server's apps) waits for the sign-up's mail. */
async function signUp(
  request: Awaited<ReturnType<typeof testApp>>["request"],
  email: string,
  ip?: string,
  isMailAwaited = true,
) {
  const response = await request("/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, name: "Test Person" },
    ...(ip ? { ip } : {}),
  });
  expect(response.status).toBe(200);
  // The verification mail goes out in the background: counts of later mails start after it.
  if (isMailAwaited) {
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(email))).toBe(true);
  }
  return response;
}

function signIn(
  request: Awaited<ReturnType<typeof testApp>>["request"],
  email: string,
  password: string,
  ip: string,
) {
  return request("/api/auth/sign-in/email", { body: { email, password }, ip });
}

describe("accounts", () => {
  it("signs in through the verification link, into an HttpOnly, SameSite=Lax session cookie", async () => {
    const { request } = await testApp();
    const email = newEmail();
    const response = await signUp(request, email);
    // No session at sign-up: a known address could not get one, so nobody does (item 8).
    expect(response.headers.getSetCookie()).toEqual([]);
    const token = await createEmailVerificationToken(TEST_AUTH_SECRET, email);
    const opened = await request(`/api/auth/verify-email?token=${token}`, { method: "GET" });
    const cookie = opened.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http in this test; https PUBLIC_URL sets Secure
    const session = await request("/api/auth/get-session", { cookie: cookieHeader(opened) });
    expect((await session.json()).user.name).toBe("Test Person");
  });

  it("answers sign-up the same for a known address and mails its owner a reset link (#35 item 8)", async () => {
    const { request, services } = await testApp();
    const fresh = newEmail();
    const known = newEmail();
    await signUp(request, known, "198.51.100.10");
    const verified = await createPerson(request);
    const answers: Response[] = [];
    for (const [email, ip] of [
      [fresh, "198.51.100.11"],
      [known, "198.51.100.12"],
      [verified.email.toUpperCase(), "198.51.100.13"],
    ] as const) {
      answers.push(
        await request("/api/auth/sign-up/email", {
          body: { email, password: "another long password", name: "Someone" },
          ip,
        }),
      );
    }
    const shapes = await Promise.all(
      answers.map(async (answer) => {
        const body = (await answer.json()) as { token: unknown; user: Record<string, unknown> };
        return {
          status: answer.status,
          cookies: answer.headers.getSetCookie(),
          token: body.token,
          keys: Object.keys(body.user).sort(),
          emailVerified: body.user.emailVerified,
        };
      }),
    );
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]).toMatchObject({ status: 200, cookies: [], token: null });

    // Each owner is told, with a reset link (not a second verification mail), and the link works.
    for (const email of [known, verified.email]) {
      const isNotice = (m: { to: string[]; text: string }) =>
        m.to.includes(email) && m.text.includes("You already have a Dropwave account");
      await expect.poll(() => smtp.messages.filter(isNotice).length).toBe(1);
      const text = smtp.messages.find(isNotice)!.text.replace(/=\r?\n/g, "");
      const token = text.match(/http:\/\/dropwave\.test\/reset\/([A-Za-z0-9_-]+)/)?.[1];
      expect(await findResetTokenOwner(services.database.db, token!)).toMatchObject({ email });
      const confirmations = smtp.messages.filter(
        (m) => m.to.includes(email) && m.text.includes("Confirm your email address"),
      );
      expect(confirmations).toHaveLength(1); // the one from its own sign-up
      const reset = await request("/api/auth/reset-password", {
        body: { token, newPassword: "the owner's new password" },
        ip: "198.51.100.14",
      });
      expect(reset.status).toBe(200);
      expect(
        (await signIn(request, email, "the owner's new password", "198.51.100.15")).status,
      ).toBe(200);
    }
    // The stranger's password opened nothing, and no second account exists.
    expect((await signIn(request, known, "another long password", "198.51.100.16")).status).toBe(
      401,
    );
    const rows = await services.database.db.select().from(user).where(eq(user.email, known));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.emailVerified).toBe(true);
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
    const wrong = await signIn(request, email, "not the password", "198.51.100.21");
    const unknown = await signIn(request, newEmail(), "not the password", "198.51.100.22");
    expect(wrong.status).toBe(unknown.status);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("limits wrong passwords per address and email: the 6th gets 429 with Retry-After", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.30");
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await signIn(request, email, `wrong password ${i}`, "198.51.100.31");
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same address, the right password: still refused until the window ends.
    const owner = await signIn(request, email, PASSWORD, "198.51.100.31");
    expect(owner.status).toBe(429);
  });

  it("never lets a stranger's wrong passwords from another address lock the owner out", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.60");
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 8; i++) {
        const attacker = await signIn(
          request,
          email,
          `guess ${round}-${i}`,
          `198.51.100.${61 + round}`,
        );
        expect(attacker.status).toBe(i < 5 ? 401 : 429);
      }
      const owner = await signIn(request, email, PASSWORD, "203.0.113.60");
      expect(owner.status).toBe(200);
    }
  });

  it("limits wrong passwords per address across emails, and counts concurrent ones exactly", async () => {
    // A limit of 2 a minute: 8 wrong passwords per address (4 ×), fewer password hashes to wait for.
    const { request } = await createTestApp(database.current, {
      mailer: smtp.mailer(),
      env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" },
    });
    const spray = await Promise.all(
      Array.from({ length: 11 }, () =>
        signIn(request, newEmail(), "a guessed password", "198.51.100.70"),
      ),
    );
    const counts = spray.reduce<Record<number, number>>((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 401: 8, 429: 3 });
    // Someone else, elsewhere, is unaffected.
    const otherEmail = newEmail();
    await signUp(request, otherEmail, "198.51.100.71");
    const other = await signIn(request, otherEmail, PASSWORD, "198.51.100.72");
    expect(other.status).toBe(200);
  }, 60_000);

  it("gives better-auth's own 429s the standard Retry-After header too", async () => {
    const { request } = await testApp();
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await request("/api/auth/request-password-reset", {
        body: { email: newEmail(), redirectTo: "http://dropwave.test/reset" },
        ip: "198.51.100.75",
      });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("reads the client from X-Forwarded-For only behind a trusted proxy", async () => {
    const email = newEmail();
    const behindProxy = await createTestApp(database.current, {
      mailer: smtp.mailer(),
      env: { TRUSTED_PROXIES: "10.0.0.0/8" },
    });
    await signUp(behindProxy.request, email, "198.51.100.80");
    const viaProxy = (forwardedFor: string, password: string) =>
      behindProxy.request("/api/auth/sign-in/email", {
        body: { email, password },
        ip: "10.0.0.2",
        headers: { "x-forwarded-for": forwardedFor },
      });
    for (let i = 0; i < 6; i++) await viaProxy("203.0.113.81", `wrong ${i}`);
    expect((await viaProxy("203.0.113.81", "wrong again")).status).toBe(429);
    // Another client behind the same proxy has its own budget, even if it forges the header.
    expect((await viaProxy("203.0.113.81, 203.0.113.82", PASSWORD)).status).toBe(200);
    // Without TRUSTED_PROXIES the header is ignored: the socket's peer is the client.
    const direct = await createTestApp(database.current, { mailer: smtp.mailer() });
    for (let i = 0; i < 5; i++) {
      await direct.request("/api/auth/sign-in/email", {
        body: { email, password: `wrong ${i}` },
        ip: "198.51.100.83",
        headers: { "x-forwarded-for": `203.0.113.${90 + i}` },
      });
    }
    const forged = await direct.request("/api/auth/sign-in/email", {
      body: { email, password: PASSWORD },
      ip: "198.51.100.83",
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(forged.status).toBe(429);
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

    const withNew = await signIn(request, email, "my brand new password", "198.51.100.43");
    expect(withNew.status).toBe(200);
    const withOld = await signIn(request, email, PASSWORD, "198.51.100.43");
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

  it("a password reset revokes every session and every API token, and the mail says so", async () => {
    const { request } = await testApp();
    const person = await createPerson(request);
    const otherDevice = await signIn(request, person.email, PASSWORD, "198.51.100.90");
    expect(otherDevice.status).toBe(200);
    const secondToken = await request("/api/v1/tokens", {
      body: { name: "extension" },
      cookie: person.cookie,
    });
    const { token } = (await secondToken.json()) as { token: string };
    expect((await request("/api/v1/me", { headers: person.auth })).status).toBe(200);

    const before = smtp.messages.length;
    await request("/api/auth/request-password-reset", {
      body: { email: person.email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.91",
    });
    await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(before + 1);
    const mail = smtp.messages.at(-1)!.text.replace(/=\r?\n/g, "");
    expect(mail).toContain("revokes all your personal API tokens");
    const resetToken = mail.match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    const reset = await request("/api/auth/reset-password", {
      body: { token: resetToken, newPassword: "my brand new password" },
      ip: "198.51.100.92",
    });
    expect(reset.status).toBe(200);

    for (const cookie of [person.cookie, cookieHeader(otherDevice)]) {
      const session = await request("/api/auth/get-session", { cookie });
      expect(await session.json()).toBeNull();
    }
    for (const bearer of [person.token, token]) {
      const me = await request("/api/v1/me", { headers: { authorization: `Bearer ${bearer}` } });
      expect(me.status).toBe(401);
    }
  });

  it("sign-up mails the verification link; opening it (or a reset link) verifies the address", async () => {
    const { request } = await testApp();
    const email = newEmail();
    const before = smtp.messages.length;
    await signUp(request, email, "198.51.100.93");
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(1);
    const mail = smtp.messages.slice(before).find((m) => m.to.includes(email))!;
    expect(mail.text).toContain("Confirm your email address");
    const link = mail.text.match(
      /http:\/\/dropwave\.test(\/api\/auth\/verify-email\?[^\s"<]+)/,
    )?.[1];
    expect(link).toBeDefined();
    const isVerified = async (address: string) =>
      (await database.current.db.select().from(user).where(eq(user.email, address)))[0]
        ?.emailVerified;
    expect(await isVerified(email)).toBe(false);
    const opened = await request(link!.replace(/&amp;/g, "&"), { method: "GET" });
    expect(opened.status).toBe(302);
    expect(await isVerified(email)).toBe(true);

    // A reset link opened proves the same: the address is verified afterwards.
    const other = await createPerson(request, { isVerified: false });
    expect(await isVerified(other.email)).toBe(false);
    await request("/api/auth/request-password-reset", {
      body: { email: other.email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.94",
    });
    await expect
      .poll(
        () =>
          smtp.messages.filter((m) => m.to.includes(other.email) && /\/reset\//.test(m.text))
            .length,
      )
      .toBe(1);
    const resetMail = smtp.messages.find(
      (m) => m.to.includes(other.email) && /\/reset\//.test(m.text),
    )!;
    const resetToken = resetMail.text
      .replace(/=\r?\n/g, "")
      .match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    const reset = await request("/api/auth/reset-password", {
      body: { token: resetToken, newPassword: "my brand new password" },
      ip: "198.51.100.95",
    });
    expect(reset.status).toBe(200);
    expect(await isVerified(other.email)).toBe(true);
  });

  it("sends the browser only to this site after a verification link: another site's or a broken callbackURL is a 400 (#35 route walk)", async () => {
    const { request } = await testApp();
    for (const callbackURL of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "%ED%A0%80",
      "%00",
    ]) {
      const answer = await request(`/api/auth/verify-email?token=x&callbackURL=${callbackURL}`, {
        method: "GET",
      });
      expect(answer.status, callbackURL).toBe(400);
      expect(answer.headers.get("location"), callbackURL).toBeNull();
    }
    // This site's paths and addresses still work (a bad token lands there with the error).
    for (const callbackURL of ["/hub", "http://dropwave.test/user"]) {
      const answer = await request(`/api/auth/verify-email?token=x&callbackURL=${callbackURL}`, {
        method: "GET",
      });
      expect(answer.status, callbackURL).toBe(302);
      expect(answer.headers.get("location")).toMatch(
        /^(\/hub|http:\/\/dropwave\.test\/user)\?error=/,
      );
    }
  });

  it("answers a reset request for a known email before any mail work starts", async () => {
    // A mailer that holds every message until the test lets it go (a slow SMTP server).
    const held: Array<() => void> = [];
    const sent: string[] = [];
    const slowMailer = {
      kind: "smtp" as const,
      send: (message: { to: string }) =>
        new Promise<{ messageId: string }>((resolve) => {
          held.push(() => {
            sent.push(message.to);
            resolve({ messageId: "held" });
          });
        }),
    };
    const { request } = await createTestApp(database.current, { mailer: slowMailer });
    const email = newEmail();
    await signUp(request, email, "198.51.100.55", false);
    // The sign-up's verification mail: let it go, so that only the reset's is held below.
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(1);
    held.shift()?.();
    sent.length = 0;
    const known = await request("/api/auth/request-password-reset", {
      body: { email, redirectTo: "http://dropwave.test/reset" },
      ip: "198.51.100.56",
    });
    // Answered while the mail had not even been handed to the mailer yet.
    expect(known.status).toBe(200);
    expect(sent).toEqual([]);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(1);
    held[0]!();
    expect(sent).toEqual([email]);
  });

  it("answers a reset request the same way for known and unknown emails", async () => {
    const { request } = await testApp();
    const email = newEmail();
    await signUp(request, email, "198.51.100.50");
    const timed = async (address: string, ip: string) => {
      const startedAt = performance.now();
      const response = await request("/api/auth/request-password-reset", {
        body: { email: address, redirectTo: "http://dropwave.test/reset" },
        ip,
      });
      return { response, ms: performance.now() - startedAt };
    };
    const known = await timed(email, "198.51.100.51");
    const unknown = await timed(newEmail(), "198.51.100.52");
    expect(known.response.status).toBe(unknown.response.status);
    expect(await known.response.text()).toBe(await unknown.response.text());
    // Both wait out the same floor, far above the token INSERT that only a known email costs.
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 1);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 1);
  });
});
