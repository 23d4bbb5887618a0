import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent } from "../../tests/helpers/delivery.ts";
import { priceObservation } from "../db/schema/index.ts";
import { renderAlertEmail } from "./alert-email.ts";
import { loadAlertMessage } from "./delivery-worker.ts";

const database = setupTestDatabase();
const DAY = 86_400_000;

describe("the alert email's verdict line (issue #37 item 1, decision 0061)", () => {
  it("judges the new price against the history up to the alert, in one line", async () => {
    const { db } = database.current;
    const { event, product } = await seedAlertEvent(db);
    const at = event.createdAt.getTime();
    const ago = (days: number) => new Date(at - days * DAY);
    await db.insert(priceObservation).values([
      // Lower long ago: the new price is the lowest in 90 days, not the lowest ever.
      {
        productId: product.id,
        priceMinor: 2999,
        currency: "USD",
        availability: "in_stock",
        observedAt: ago(200),
        lastSeenAt: ago(100),
      },
      {
        productId: product.id,
        priceMinor: 4999,
        currency: "USD",
        availability: "in_stock",
        observedAt: ago(100),
        lastSeenAt: ago(1),
      },
      {
        productId: product.id,
        priceMinor: 3999,
        currency: "USD",
        availability: "in_stock",
        observedAt: ago(1),
        lastSeenAt: ago(0),
      },
      // Seen after the alert: not part of its verdict (it would make 3999 no low at all).
      {
        productId: product.id,
        priceMinor: 1999,
        currency: "USD",
        availability: "in_stock",
        observedAt: new Date(at + 3_600_000),
        lastSeenAt: new Date(at + 7_200_000),
      },
    ]);
    const message = await loadAlertMessage(database.current, event.id, "https://dropwave.example");
    expect(message?.verdict).toBe("Lowest in 90 days");
    const email = renderAlertEmail(message!);
    expect(email.text).toContain("Lowest in 90 days");
    expect(email.html).toContain("Lowest in 90 days");
  });

  it("makes no claim with less than a week of history", async () => {
    const { db } = database.current;
    const { event, product } = await seedAlertEvent(db);
    const at = event.createdAt.getTime();
    await db.insert(priceObservation).values([
      {
        productId: product.id,
        priceMinor: 4999,
        currency: "USD",
        availability: "in_stock",
        observedAt: new Date(at - 3 * DAY),
        lastSeenAt: new Date(at - DAY),
      },
      {
        productId: product.id,
        priceMinor: 3999,
        currency: "USD",
        availability: "in_stock",
        observedAt: new Date(at - DAY),
        lastSeenAt: new Date(at),
      },
    ]);
    const message = await loadAlertMessage(database.current, event.id, "https://dropwave.example");
    expect(message?.verdict).toBeNull();
    expect(renderAlertEmail(message!).text).not.toMatch(
      /Lowest in|Lowest price seen|Typical price|than usual/,
    );
  });

  it("says in one line whether the page's 'was' price was ever charged, as the product page does (#37 item 2)", async () => {
    const { db } = database.current;
    const row = (priceMinor: number, listPriceMinor: number | null, from: number, to: number) => ({
      productId: "",
      priceMinor,
      currency: "USD",
      listPriceMinor,
      availability: "in_stock",
      observedAt: new Date(0),
      lastSeenAt: new Date(0),
      from,
      to,
    });
    const seed = async (rows: ReturnType<typeof row>[]) => {
      const { event, product } = await seedAlertEvent(db);
      const at = event.createdAt.getTime();
      await db.insert(priceObservation).values(
        rows.map(({ from, to, ...r }) => ({
          ...r,
          productId: product.id,
          observedAt: new Date(at - from * DAY),
          lastSeenAt: new Date(at - to * DAY),
        })),
      );
      const message = await loadAlertMessage(
        database.current,
        event.id,
        "https://dropwave.example",
      );
      return { message: message!, email: renderAlertEmail(message!) };
    };

    // Thirty days at $49.99, then $39.99 "was $59.99": that reference was never charged.
    const inflated = await seed([row(4999, null, 30, 1), row(3999, 5999, 1, 0)]);
    const words = "Inflated reference: Dropwave never saw $59.99 charged in 30 days of history";
    expect(inflated.message.referenceCheck).toBe(words);
    for (const part of [inflated.email.text, inflated.email.html]) {
      expect(part.match(/Inflated reference/g)).toHaveLength(1);
      expect(part).toContain(words);
    }

    // $49.99 charged for a month before the sale "was $49.99": a real discount.
    const charged = await seed([row(4999, null, 30, 1), row(3999, 4999, 1, 0)]);
    expect(charged.message.referenceCheck).toBe(
      "Real discount: $49.99 was charged for 29 days in the 90 days before this sale",
    );
    expect(charged.email.text).toContain("Real discount: $49.99 was charged for 29 days");

    // No "was" price beside the alerted price: no line.
    const plain = await seed([row(4999, 5999, 30, 1), row(3999, null, 1, 0)]);
    expect(plain.message.referenceCheck).toBeNull();
    expect(plain.email.text).not.toMatch(/reference|discount/i);
  });
});
