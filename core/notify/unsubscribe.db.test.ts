import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent, seedChannel } from "../../tests/helpers/delivery.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { testFetcher } from "../../tests/helpers/store-server.ts";
import { notificationChannel, notificationSettings } from "../db/schema/index.ts";
import { runDeliveryRound } from "./delivery-worker.ts";
import {
  signUnsubscribe,
  UNSUBSCRIBED_REASON,
  unsubscribe,
  verifyUnsubscribe,
} from "./unsubscribe.ts";

const database = setupTestDatabase();
const log = pino({ level: "silent" });
const SECRET = "unsubscribe-test-secret";

/** The header's value in a raw message (unfolded). */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

describe("one-click unsubscribe (RFC 8058)", () => {
  it("signs tokens that name one person's address and cannot be altered", () => {
    const target = { userId: "user-1", channelId: null };
    const token = signUnsubscribe(SECRET, target);
    expect(verifyUnsubscribe(SECRET, token)).toEqual(target);
    expect(verifyUnsubscribe("another-secret", token)).toBeNull();
    const [, , signature] = token.split(".");
    const forged = signUnsubscribe(SECRET, { userId: "user-2", channelId: null }).split(".");
    expect(verifyUnsubscribe(SECRET, `${forged[0]}.account.${signature}`)).toBeNull();
    for (const bad of ["", "a.b", "a.b.c.d", "x".repeat(400), "../..%00.account.x"]) {
      expect(verifyUnsubscribe(SECRET, bad)).toBeNull();
    }
  });

  it("an alert email over real SMTP carries List-Unsubscribe and List-Unsubscribe-Post; a POST of its link turns the address off", async () => {
    const { db } = database.current;
    const smtp = await startSmtpServer();
    const testApp = await createTestApp(database.current);
    const fetcher = testFetcher({ publicUrl: "http://dropwave.test", hostConcurrency: 2 });
    try {
      const { owner, event } = await seedAlertEvent(db);
      const channel = await seedChannel(db, owner.id, {
        type: "email",
        address: "second@example.test",
      });
      await runDeliveryRound({
        database: database.current,
        fetcher,
        mailer: smtp.mailer(),
        log,
        publicUrl: "http://dropwave.test",
        unsubscribeSecret: testApp.services.unsubscribeSecret,
      });
      const mails = smtp.messages.filter((m) => m.raw.includes(event.id) || m.to.length > 0);
      const toOwner = mails.find((m) => m.to.includes(owner.email));
      const toChannel = mails.find((m) => m.to.includes("second@example.test"));
      expect(toOwner && toChannel).toBeTruthy();
      for (const mail of [toOwner!, toChannel!]) {
        expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
        expect(header(mail.raw, "List-Unsubscribe")).toMatch(
          /^<http:\/\/dropwave\.test\/unsubscribe\/[\w-]+\.[\w-]+\.[\w-]+>$/,
        );
      }
      const linkOf = (raw: string) => header(raw, "List-Unsubscribe")!.slice(1, -1);

      // The mail provider's one click: a POST with no session and no Origin.
      const oneClick = (url: string) =>
        testApp.app.request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
      const answer = await oneClick(linkOf(toChannel!.raw));
      expect(answer.status).toBe(200);
      const [paused] = await db
        .select()
        .from(notificationChannel)
        .where(eq(notificationChannel.id, channel.id));
      expect(paused).toMatchObject({ isPaused: true, pauseReason: UNSUBSCRIBED_REASON });

      expect((await oneClick(linkOf(toOwner!.raw))).status).toBe(200);
      const [settings] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, owner.id));
      expect(settings?.isAccountEmailEnabled).toBe(false);

      // A link with a forged signature changes nothing.
      const forged = `${linkOf(toOwner!.raw).slice(0, -4)}AAAA`;
      expect((await oneClick(forged)).status).toBe(404);
    } finally {
      await smtp.close();
      await fetcher.close();
    }
  });

  it("refuses another person's channel and non-email channels", async () => {
    const { db } = database.current;
    const { owner } = await seedAlertEvent(db);
    const { owner: other } = await seedAlertEvent(db);
    const hook = await seedChannel(db, owner.id, {
      type: "webhook",
      url: "http://127.0.0.1:9/in",
      secret: "whsec_0123456789abcdef",
    });
    const mail = await seedChannel(db, owner.id, { type: "email", address: "x@example.test" });
    expect(await unsubscribe(db, { userId: owner.id, channelId: hook.id })).toBe(false);
    expect(await unsubscribe(db, { userId: other.id, channelId: mail.id })).toBe(false);
    expect(await unsubscribe(db, { userId: owner.id, channelId: mail.id })).toBe(true);
  });
});
