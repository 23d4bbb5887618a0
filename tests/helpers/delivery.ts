import type { Db } from "../../core/db/client.ts";
import { alertEvent, notificationChannel, product, watch } from "../../core/db/schema/index.ts";
import { createChannelConfigSchema } from "../../core/notify/channels.ts";
import { seedUser } from "./users.ts";

const TestChannel = createChannelConfigSchema({ allowHttp: true, allowAnyHost: true });

/** A user with a watch on a product and one alert event, as the check worker writes them. */
export async function seedAlertEvent(db: Db, options: { userId?: string; key?: string } = {}) {
  const owner = options.userId
    ? { id: options.userId, email: "" }
    : await seedUser(db, "Alert Person");
  const suffix = Math.random().toString(36).slice(2, 10);
  const [p] = await db
    .insert(product)
    .values({
      urlKey: `shop.example/p/${suffix}`,
      url: `https://shop.example/p/${suffix}`,
      host: "shop.example",
      store: "Shop Example",
      title: "Kettle",
    })
    .returning();
  const [w] = await db.insert(watch).values({ userId: owner.id, productId: p!.id }).returning();
  const [event] = await db
    .insert(alertEvent)
    .values({
      idempotencyKey: options.key ?? `${w!.id}:price_drop:obs-${suffix}`,
      watchId: w!.id,
      userId: owner.id,
      productId: p!.id,
      kind: "price_drop",
      oldPriceMinor: 4999,
      newPriceMinor: 3999,
      currency: "USD",
      details: { percentChange: -20, oldCurrency: "USD" },
    })
    .returning();
  return { owner, product: p!, watch: w!, event: event! };
}

/** A channel row, its config validated as the API would (http allowed for local receivers). */
export async function seedChannel(db: Db, userId: string, config: unknown, name = "Test") {
  const parsed = TestChannel.parse(config);
  const [row] = await db
    .insert(notificationChannel)
    .values({ userId, kind: parsed.type, name, config: parsed })
    .returning();
  return row!;
}
