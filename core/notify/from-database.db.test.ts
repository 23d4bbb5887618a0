import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent } from "../../tests/helpers/delivery.ts";
import { startReceiver } from "../../tests/helpers/notify.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { alertEvent } from "../db/schema/index.ts";
import { createFetcher } from "../fetch/index.ts";
import { alertInputFromRow } from "./alert-input-from-row.ts";
import { buildAlertMessage } from "./alert-message.ts";
import { createChannelConfigSchema } from "./channels.ts";
import { deliver } from "./deliver.ts";
import { verifyWebhookSignature } from "./webhook-signature.ts";

const database = setupTestDatabase();
const PUBLIC_URL = "https://dropwave.example";

describe("an alert_event row, as the check worker writes it, reaches email and a webhook", () => {
  it("renders from the row and product and delivers to both", async () => {
    const { db } = database.current;
    const { owner, product: p, watch: w } = await seedAlertEvent(db);
    const [row] = await db.select().from(alertEvent).where(eq(alertEvent.watchId, w.id));
    const input = alertInputFromRow(row!, p, {
      publicUrl: PUBLIC_URL,
      lowestPrice: { amountMinor: 3999, currency: "USD" },
    });
    const message = buildAlertMessage(input!);
    expect(message.urls.page).toBe(`${PUBLIC_URL}/hub/watch/${w.id}`);

    const smtp = await startSmtpServer();
    const receiver = await startReceiver();
    const fetcher = createFetcher({
      version: "test",
      publicUrl: PUBLIC_URL,
      allowPrivate: ["127.0.0.1/32"],
      hostSpacingMs: 0,
    });
    try {
      const _log = pino({ level: "silent" });
      const mailer = smtp.mailer("a@dropwave.example");
      const Channel = createChannelConfigSchema({ allowHttp: true });
      const now = new Date();
      const context = { fetcher, mailer, now };
      expect(
        await deliver(Channel.parse({ type: "email", address: owner.email }), message, context),
      ).toEqual({ kind: "delivered" });
      expect(
        await deliver(
          Channel.parse({
            type: "webhook",
            url: `${receiver.origin}/in`,
            secret: "whsec_0123456789abcdef",
          }),
          message,
          context,
        ),
      ).toMatchObject({ kind: "delivered" });

      expect(smtp.messages[0]?.to).toEqual([owner.email]);
      expect(smtp.messages[0]?.text).toContain(
        "Subject: Price drop: Kettle now $39.99 (was $49.99)",
      );
      const request = receiver.received[0];
      const body = request?.body.toString("utf8") ?? "";
      expect(
        verifyWebhookSignature(
          "whsec_0123456789abcdef",
          String(request?.headers["dropwave-signature"]),
          body,
          300,
          now,
        ).ok,
      ).toBe(true);
      expect(JSON.parse(body)).toMatchObject({
        id: row!.id,
        idempotencyKey: row!.idempotencyKey,
        watch: { id: w.id },
        product: { id: p.id, store: "Shop Example" },
        percentChange: -20,
      });
    } finally {
      await fetcher.close();
      await receiver.close();
      await smtp.close();
    }
  });
});
