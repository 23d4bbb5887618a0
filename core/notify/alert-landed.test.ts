import { describe, expect, it } from "vitest";
import { sampleAlert, sampleGroupAlert } from "../../tests/helpers/notify.ts";
import { renderAlertEmail } from "./alert-email.ts";
import { alertInputFromRow } from "./alert-input-from-row.ts";
import { buildAlertMessage } from "./alert-message.ts";
import { renderDiscordBody, renderTelegramText } from "./presets.ts";
import { buildWebhookPayload } from "./webhook-signature.ts";

/**
 * The landed price in the alert's words (issue #37 item 6, decision 0079): where the product's
 * latest check stated shipping that makes the alerted price cost more delivered, every channel
 * gives both, "$39.99 ($45.98 with shipping)"; without stated shipping (or when it is free)
 * nothing changes.
 */
const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });
const landed = (amountMinor: number) => ({ landedPrice: usd(amountMinor) });

describe("the alert message and the landed price", () => {
  it("gives the price with shipping beside the price in the title and the summary", () => {
    const m = sampleAlert({}, landed(4598));
    expect(m.title).toBe("Price drop: Kettle now $39.99 ($45.98 with shipping) (was $49.99)");
    expect(m.summary).toBe("Kettle is now $39.99 ($45.98 with shipping) (was $49.99), −20.0 %.");
    expect(m.landedPrice).toEqual({ amountMinor: 4598, currency: "USD", formatted: "$45.98" });
    // The change and the prices themselves stay the shelf prices.
    expect(m.newPrice?.formatted).toBe("$39.99");
    expect(m.percentText).toBe("−20.0 %");
  });

  it("says nothing of shipping when none is stated, or it is free, or in another currency", () => {
    const plain = sampleAlert();
    for (const m of [
      sampleAlert({}, { landedPrice: null }),
      sampleAlert({}, landed(3999)),
      sampleAlert({}, { landedPrice: { amountMinor: 4598, currency: "EUR" } }),
    ]) {
      expect(m.title).toBe(plain.title);
      expect(m.summary).toBe(plain.summary);
      expect(m.landedPrice).toBeNull();
    }
  });

  it("words back in stock and a group's alert the same way", () => {
    const back = sampleAlert({ kind: "back_in_stock" }, landed(4598));
    expect(back.title).toBe("Back in stock: Kettle at $39.99 ($45.98 with shipping)");
    expect(back.summary).toBe("Kettle is back in stock at $39.99 ($45.98 with shipping).");
    const group = sampleGroupAlert(usd(10260), landed(10859));
    expect(group.title).toBe(
      "Below your group's target: Kettle now $102.60 ($108.59 with shipping)",
    );
    expect(group.summary).toBe(
      'Kettle is now $102.60 ($108.59 with shipping; about €95.00) at Shop Example, at or below €96.00, your target for the group "Kettle 1.7 l".',
    );
  });

  it("reaches the email, the chat fields and the webhook's body", () => {
    const m = sampleAlert({}, landed(4598));
    const email = renderAlertEmail(m);
    expect(email.subject).toBe(m.title);
    for (const part of [email.html, email.text]) expect(part).toContain("$45.98 with shipping");
    const fields = renderDiscordBody(m).embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === "With shipping")?.value).toBe("$45.98");
    expect(renderTelegramText(m)).toContain("With shipping: <b>$45.98</b>");
    expect(buildWebhookPayload(m).landedPrice).toEqual({
      amountMinor: 4598,
      currency: "USD",
      formatted: "$45.98",
    });
    expect(buildWebhookPayload(sampleAlert()).landedPrice).toBeNull();
    expect(renderAlertEmail(sampleAlert()).text).not.toContain("with shipping");
  });
});

describe("alertInputFromRow: the landed price from the product's latest check", () => {
  const row = {
    id: "e1",
    idempotencyKey: "w1:price_drop:o1",
    watchId: "w1",
    productId: "p1",
    createdAt: new Date("2026-11-22T10:00:00Z"),
    kind: "price_drop",
    oldPriceMinor: 4999,
    newPriceMinor: 3999,
    currency: "USD",
    details: { percentChange: -20 },
  };
  const product = {
    title: "Kettle",
    imageUrl: null,
    store: "Shop Example",
    url: "https://shop.example/p/kettle",
    priceMinor: 3999,
    currency: "USD",
    shippingCostMinor: 599 as number | null,
    shippingFreeAboveMinor: null as number | null,
  };
  const read = (facts: Partial<typeof product> & Record<string, unknown>) =>
    alertInputFromRow(
      row,
      { ...product, ...facts },
      {
        publicUrl: "https://d.example",
        lowestPrice: null,
      },
    );

  it("adds the stated shipping to the alerted price", () => {
    const input = read({}) ?? expect.fail("no input");
    expect(input.product.landedPrice).toEqual(usd(4598));
    expect(buildAlertMessage(input).title).toBe(
      "Price drop: Kettle now $39.99 ($45.98 with shipping) (was $49.99)",
    );
  });

  it("applies the free-shipping threshold as the product page does", () => {
    expect(read({ shippingFreeAboveMinor: 3500 })?.product.landedPrice).toEqual(usd(3999));
    expect(read({ shippingFreeAboveMinor: 5000 })?.product.landedPrice).toEqual(usd(4598));
    const onlyThreshold = read({ shippingCostMinor: null, shippingFreeAboveMinor: 5000 });
    expect(onlyThreshold?.product.landedPrice).toBeNull();
  });

  it("has none when nothing is stated, or the latest check is not the alerted price", () => {
    expect(read({ shippingCostMinor: null })?.product.landedPrice).toBeNull();
    // A later check read another price: its shipping is not this price's.
    expect(read({ priceMinor: 4299 })?.product.landedPrice).toBeNull();
    expect(read({ currency: "EUR" })?.product.landedPrice).toBeNull();
    // Facts without the price columns (a caller that does not read them) change nothing.
    const bare = alertInputFromRow(
      row,
      { title: "Kettle", imageUrl: null, store: null, url: "https://shop.example/p/kettle" },
      { publicUrl: "https://d.example", lowestPrice: null },
    );
    expect(bare?.product.landedPrice).toBeNull();
  });
});
