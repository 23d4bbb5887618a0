import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { UNVERIFIED_ACCOUNT_EMAIL_REASON } from "../../../core/accounts/account-email.ts";
import { delivery, user, watch } from "../../../core/db/schema/index.ts";
import { foldRecipient } from "../../../core/mail/recipient.ts";
import {
  fanOutAlertEvents,
  runDeliveryRound,
  UNCONFIRMED_REASON,
} from "../../../core/notify/delivery-worker.ts";
import {
  CONFIRMATION_TTL_MS,
  confirmEmailChannel,
  declineEmailChannel,
  findChannelConfirmation,
  TEST_SENDS,
} from "../../../core/notify/manage-channels.ts";
import { createPerson, createTestApp, verifyAccountEmail } from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";
import { seedAlertEvent } from "../../../tests/helpers/delivery.ts";
import { type ReceivedMail, startSmtpServer } from "../../../tests/helpers/smtp.ts";
import { testFetcher } from "../../../tests/helpers/store-server.ts";

const database = setupTestDatabase();

/** The confirmation link's token, read from the mail as the receiver would. */
function linkToken(text: string): string {
  const match = /\/confirm-channel\/([A-Za-z0-9_-]+)/.exec(text.replace(/=\r?\n/g, ""));
  if (!match?.[1]) throw new Error("no confirmation link in the mail");
  return match[1];
}

async function setup() {
  const smtp = await startSmtpServer();
  const mailer = smtp.mailer();
  const { request, services } = await createTestApp(database.current, { mailer });
  const alice = await createPerson(request);
  const [row] = await database.current.db.select().from(user).where(eq(user.email, alice.email));
  return { smtp, mailer, request, services, alice, userId: row!.id };
}

const toStranger = (smtp: { messages: ReceivedMail[] }, address: string) =>
  smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

describe("email channels need the address's confirmation", () => {
  it("mails one link, sends nothing else until confirmed, then delivers alerts", async () => {
    const { smtp, mailer, request, alice, userId } = await setup();
    try {
      const address = "stranger@example.test";
      const created = await request("/api/v1/channels", {
        body: { config: { type: "email", address } },
        headers: alice.auth,
      });
      expect(created.status).toBe(201);
      const { channel } = await created.json();
      expect(channel).toMatchObject({ isConfirmed: false });
      expect(channel.confirmationSentAt).not.toBeNull();
      const mails = toStranger(smtp, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/Nothing is sent to this address until you confirm/);

      // A test send to it sends nothing.
      const tested = await request(`/api/v1/channels/${channel.id}/test`, {
        method: "POST",
        headers: alice.auth,
      });
      expect(await tested.json()).toMatchObject({ result: "skipped" });
      const all = await request("/api/v1/notifications/test", {
        method: "POST",
        headers: alice.auth,
      });
      const { results } = await all.json();
      expect(results.find((r: { channelId: string }) => r.channelId === channel.id)).toMatchObject({
        result: "skipped",
      });
      expect(toStranger(smtp, address)).toHaveLength(1);

      // An alert: the delivery is skipped, visibly, and nothing reaches the address.
      const deps = {
        database: database.current,
        fetcher: testFetcher(),
        mailer,
        log: pino({ level: "silent" }),
        publicUrl: "http://dropwave.test",
      };
      const first = await seedAlertEvent(database.current.db, { userId });
      await runDeliveryRound(deps);
      const [skipped] = await database.current.db
        .select()
        .from(delivery)
        .where(eq(delivery.channelId, channel.id));
      expect(skipped).toMatchObject({ status: "skipped", lastError: UNCONFIRMED_REASON });
      expect(toStranger(smtp, address)).toHaveLength(1);

      // The receiver opens the link (the page reads it, changing nothing) and confirms.
      const token = linkToken(mails[0]!.text);
      expect(await findChannelConfirmation(database.current.db, token)).toMatchObject({
        address,
      });
      expect(await confirmEmailChannel(database.current.db, token)).toBe(true);
      expect(await confirmEmailChannel(database.current.db, token)).toBe(false);
      expect(await findChannelConfirmation(database.current.db, token)).toBeNull();
      const listed = await (await request("/api/v1/channels", { headers: alice.auth })).json();
      expect(listed.channels[0]).toMatchObject({ id: channel.id, isConfirmed: true });

      // The next alert reaches the address.
      await database.current.db.delete(watch).where(eq(watch.id, first.watch.id));
      await seedAlertEvent(database.current.db, { userId });
      await runDeliveryRound(deps);
      expect(toStranger(smtp, address)).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("declining removes the channel; links expire after seven days", async () => {
    const { smtp, request, alice } = await setup();
    try {
      for (const address of ["no@example.test", "late@example.test"]) {
        await request("/api/v1/channels", {
          body: { config: { type: "email", address } },
          headers: alice.auth,
        });
      }
      const db = database.current.db;
      const no = linkToken(toStranger(smtp, "no@example.test")[0]!.text);
      expect(await declineEmailChannel(db, no)).toBe(true);
      const late = linkToken(toStranger(smtp, "late@example.test")[0]!.text);
      const afterTtl = new Date(Date.now() + CONFIRMATION_TTL_MS + 1000);
      expect(await findChannelConfirmation(db, late, afterTtl)).toBeNull();
      expect(await confirmEmailChannel(db, late, afterTtl)).toBe(false);
      expect(await confirmEmailChannel(db, "not-a-token")).toBe(false);
      const { channels } = await (
        await request("/api/v1/channels", { headers: alice.auth })
      ).json();
      expect(channels).toHaveLength(1);
      expect(channels[0]).toMatchObject({
        config: { address: "late@example.test" },
        isConfirmed: false,
      });
    } finally {
      await smtp.close();
    }
  });

  it("needs no confirmation for the account's own address or for other kinds", async () => {
    const { smtp, request, alice } = await setup();
    try {
      const own = await request("/api/v1/channels", {
        body: { config: { type: "email", address: alice.email.toUpperCase() } },
        headers: alice.auth,
      });
      expect((await own.json()).channel).toMatchObject({ isConfirmed: true });
      // No confirmation mail (the sign-up's verification mail aside).
      expect(smtp.messages.filter((m) => !/verify-email/.test(m.text))).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("limits confirmation mails per address however it is spelled, whoever adds it (429 with Retry-After)", async () => {
    const { smtp, request, alice } = await setup();
    try {
      // One inbox: `+tags` and letter case are folded (#35 item 6, decision 0064).
      const spellings = [
        "victim@example.test",
        "victim+2@example.test",
        "Victim+x@Example.test",
        "victim+3@example.test",
      ];
      const statuses: number[] = [];
      let last: Response | undefined;
      for (const address of spellings) {
        last = await request("/api/v1/channels", {
          body: { config: { type: "email", address } },
          headers: alice.auth,
        });
        statuses.push(last.status);
        if (last.status === 201) {
          const { channel } = await last.json();
          await request(`/api/v1/channels/${channel.id}`, {
            method: "DELETE",
            headers: alice.auth,
          });
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      const toInbox = smtp.messages.filter((m) =>
        m.to.some((to) => foldRecipient(to) === "victim@example.test"),
      );
      expect(toInbox).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  });

  it("changing the address makes it unconfirmed again and mails the new one", async () => {
    const { smtp, request, alice } = await setup();
    try {
      const created = await request("/api/v1/channels", {
        body: { config: { type: "email", address: "first@example.test" } },
        headers: alice.auth,
      });
      const { channel } = await created.json();
      await confirmEmailChannel(
        database.current.db,
        linkToken(toStranger(smtp, "first@example.test")[0]!.text),
      );
      const patched = await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body: { config: { type: "email", address: "second@example.test" } },
        headers: alice.auth,
      });
      expect((await patched.json()).channel).toMatchObject({ isConfirmed: false });
      expect(toStranger(smtp, "second@example.test")).toHaveLength(1);
      const resent = await request(`/api/v1/channels/${channel.id}/confirmation`, {
        method: "POST",
        headers: alice.auth,
      });
      expect(resent.status).toBe(200);
      expect(toStranger(smtp, "second@example.test")).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });
});

describe("an address changed after fan-out", () => {
  it("is skipped at send time: neither the old nor the new address gets the alert", async () => {
    const { smtp, mailer, request, alice, userId } = await setup();
    try {
      const created = await request("/api/v1/channels", {
        body: { config: { type: "email", address: "old@example.test" } },
        headers: alice.auth,
      });
      const { channel } = await created.json();
      await confirmEmailChannel(
        database.current.db,
        linkToken(toStranger(smtp, "old@example.test")[0]!.text),
      );
      await seedAlertEvent(database.current.db, { userId });
      await fanOutAlertEvents({ database: database.current });
      await request(`/api/v1/channels/${channel.id}`, {
        method: "PATCH",
        body: { config: { type: "email", address: "new@example.test" } },
        headers: alice.auth,
      });
      const outcomes = await runDeliveryRound({
        database: database.current,
        fetcher: testFetcher(),
        mailer,
        log: pino({ level: "silent" }),
        publicUrl: "http://dropwave.test",
      });
      expect(outcomes.find((o) => o.channelId === channel.id)?.result).toEqual({
        kind: "skipped",
        reason: UNCONFIRMED_REASON,
      });
      const [row] = await database.current.db
        .select()
        .from(delivery)
        .where(eq(delivery.channelId, channel.id));
      expect(row).toMatchObject({ status: "skipped", lastError: UNCONFIRMED_REASON });
      // The old address got only its confirmation; the new one only its confirmation.
      expect(toStranger(smtp, "old@example.test")).toHaveLength(1);
      expect(toStranger(smtp, "new@example.test")).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe("the account's own address is verified before anything but that mail goes to it", () => {
  it("sends no test, alert or own-address channel mail until the verification link is opened", async () => {
    const smtp = await startSmtpServer();
    const mailer = smtp.mailer();
    try {
      const { request } = await createTestApp(database.current, { mailer });
      // Someone signs up with another person's address: they never open its mail.
      const mallory = await createPerson(request, { isVerified: false });
      const [row] = await database.current.db
        .select()
        .from(user)
        .where(eq(user.email, mallory.email));
      const userId = row!.id;
      const ownChannel = await request("/api/v1/channels", {
        body: { config: { type: "email", address: mallory.email.toUpperCase() } },
        headers: mallory.auth,
      });
      expect(ownChannel.status).toBe(201);
      const tested = await request("/api/v1/notifications/test", {
        method: "POST",
        headers: mallory.auth,
      });
      expect(tested.status).toBe(200);
      const { results } = await tested.json();
      expect(results).toHaveLength(2);
      for (const result of results) {
        expect(result).toMatchObject({
          result: "skipped",
          reason: UNVERIFIED_ACCOUNT_EMAIL_REASON,
        });
      }
      const deps = {
        database: database.current,
        fetcher: testFetcher(),
        mailer,
        log: pino({ level: "silent" }),
        publicUrl: "http://dropwave.test",
      };
      await seedAlertEvent(database.current.db, { userId });
      await runDeliveryRound(deps);
      const rows = await database.current.db
        .select()
        .from(delivery)
        .where(eq(delivery.userId, userId));
      expect(rows).toHaveLength(2);
      for (const held of rows) {
        expect(held).toMatchObject({
          status: "skipped",
          lastError: UNVERIFIED_ACCOUNT_EMAIL_REASON,
        });
      }
      // Only the sign-up's verification mail reached the address: nothing else.
      const others = () =>
        toStranger(smtp, mallory.email).filter((m) => !/verify-email/.test(m.text));
      expect(others()).toHaveLength(0);

      // Once its owner opens the link, the address gets mail.
      await verifyAccountEmail(request, mallory.email);
      const again = await request("/api/v1/notifications/test", {
        method: "POST",
        headers: mallory.auth,
      });
      const after = (await again.json()).results as { result: string }[];
      expect(after.map((r) => r.result)).toEqual(["delivered", "delivered"]);
      expect(others()).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });
});

describe("test sends are limited per account", () => {
  it(`answers 429 with Retry-After after ${TEST_SENDS.max} tests`, async () => {
    const { smtp, request, alice } = await setup();
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i <= TEST_SENDS.max; i += 1) {
        last = await request("/api/v1/notifications/test", { method: "POST", headers: alice.auth });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([...Array(TEST_SENDS.max).fill(200), 429]);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(TEST_SENDS.windowSeconds);
      expect((await last!.json()).error).toMatchObject({ code: "rate_limited" });
      // Only the allowed tests reached the account's inbox (besides the sign-up's verification).
      expect(
        toStranger(smtp, alice.email).filter((m) => !/verify-email/.test(m.text)),
      ).toHaveLength(TEST_SENDS.max);
    } finally {
      await smtp.close();
    }
  });
});
