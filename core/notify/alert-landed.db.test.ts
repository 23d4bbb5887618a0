import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { seedAlertEvent } from "../../tests/helpers/delivery.ts";
import { product } from "../db/schema/index.ts";
import { loadAlertMessage } from "./delivery-worker.ts";
import { getNotificationFeed } from "./notification-feed.ts";

const database = setupTestDatabase();
const PUBLIC_URL = "https://dropwave.example";

/**
 * Every channel's message (email, webhook, chat, push: loadAlertMessage) and the in-app feed
 * read the landed price from the product's latest check (decision 0079).
 */
describe("the alert's landed price, read from the database", () => {
  it("names the price with shipping when the latest check stated it for the alerted price", async () => {
    const { db } = database.current;
    const { owner, event, product: p } = await seedAlertEvent(db);
    const plain = await loadAlertMessage(database.current, event.id, PUBLIC_URL);
    expect(plain?.title).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    await db
      .update(product)
      .set({ priceMinor: 3999, currency: "USD", shippingCostMinor: 599 })
      .where(eq(product.id, p.id));
    const message = await loadAlertMessage(database.current, event.id, PUBLIC_URL);
    expect(message?.title).toBe(
      "Price drop: Kettle now $39.99 ($45.98 with shipping) (was $49.99)",
    );
    expect(message?.landedPrice?.formatted).toBe("$45.98");
    const feed = await getNotificationFeed(db, owner.id, { publicUrl: PUBLIC_URL });
    expect(feed.items[0]?.summary).toBe(
      "Kettle is now $39.99 ($45.98 with shipping) (was $49.99), −20.0 %.",
    );
    // Free from $35: the price is what it costs delivered, and nothing is added.
    await db.update(product).set({ shippingFreeAboveMinor: 3500 }).where(eq(product.id, p.id));
    const free = await loadAlertMessage(database.current, event.id, PUBLIC_URL);
    expect(free?.title).toBe(plain?.title);
  });
});
