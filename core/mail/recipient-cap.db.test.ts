import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { classifyMailError } from "../notify/deliver.ts";
import { foldRecipient } from "./recipient.ts";
import { capMailPerRecipient, RECIPIENT_CAPS, RecipientCapError } from "./recipient-cap.ts";

const database = setupTestDatabase();
const smtp = forThisFile(startSmtpServer);

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

const toInbox = (inbox: string) =>
  smtp.messages.filter((m) => m.to.some((to) => foldRecipient(to) === inbox));

describe("mail capped per recipient (#35 item 6)", () => {
  it("sign-ups, resets and new links from rotating addresses reach one inbox at most the account cap", async () => {
    const { log, lines } = capturedLog();
    const { request } = await createTestApp(database.current, { mailer: smtp.mailer(), log });
    const inbox = "victim@example.test";
    const hourCap = RECIPIENT_CAPS.account[0].max;
    const statuses: number[] = [];
    let ip = 0;
    const post = async (path: string, body: unknown) => {
      ip += 1;
      const answer = await request(path, { body, ip: `203.0.113.${ip}` });
      statuses.push(answer.status);
    };
    // Four spellings of one inbox sign up (four verification mails), …
    for (let i = 1; i <= 4; i += 1) {
      await post("/api/auth/sign-up/email", {
        email: `victim+${i}@example.test`,
        password: "a long enough password",
        name: "Someone",
      });
    }
    // … then resets and new verification links for them, each from another client address.
    for (let i = 1; i <= 4; i += 1) {
      await post("/api/auth/request-password-reset", {
        email: `victim+${i}@example.test`,
        redirectTo: "/reset",
      });
      await post("/api/auth/send-verification-email", { email: `Victim+${i}@example.test` });
    }
    // Every request answered as if its mail went (the cap reveals nothing) …
    expect(statuses.every((status) => status === 200)).toBe(true);
    // … and every one of the 12 mails was either sent or refused by the cap.
    const refused = () =>
      lines.filter((l) => l.msg === "mail not sent: the recipient's cap is reached");
    await expect.poll(() => toInbox(inbox).length + refused().length).toBe(12);
    expect(toInbox(inbox)).toHaveLength(hourCap);
    expect(refused()).toHaveLength(12 - hourCap);
    // The log names neither the address nor its hash.
    expect(JSON.stringify(refused())).not.toContain("victim");
  });

  it("counts every kind, alerts too: over the cap a delivery is held and retried after the window", async () => {
    const { log } = capturedLog();
    const mailer = capMailPerRecipient(smtp.mailer(), {
      db: database.current.db,
      log,
      caps: { all: [{ max: 2, windowSeconds: 3600 }], account: [] },
    });
    const message = (to: string) => ({
      to,
      subject: "Below your target",
      text: "t",
      html: "<p>t</p>",
    });
    await mailer.send(message("alerts@gmail.com"));
    await mailer.send(message("a.l.e.r.t.s+news@googlemail.com"));
    const refusal = await mailer.send(message("Alerts@GMAIL.com")).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RecipientCapError);
    const retryAfterSeconds = (refusal as RecipientCapError).retryAfterSeconds;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(toInbox("alerts@gmail.com")).toHaveLength(2);
    // The delivery worker keeps the alert and tries again once the window ends.
    expect(classifyMailError(refusal)).toEqual({
      kind: "retry",
      reason: (refusal as Error).message,
      afterMs: retryAfterSeconds * 1000,
    });
    // Another inbox is not affected.
    await mailer.send(message("someone-else@gmail.com"));
    expect(toInbox("someone-else@gmail.com")).toHaveLength(1);
  });
});
