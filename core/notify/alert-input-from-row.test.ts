import { describe, expect, it } from "vitest";
import { alertInputFromRow } from "./alert-input-from-row.ts";
import { buildAlertMessage } from "./alert-message.ts";

const product = {
  title: "Kettle",
  imageUrl: "https://shop.example/k.jpg",
  store: "Shop Example",
  url: "https://shop.example/p/kettle",
};
const base = {
  id: "e1",
  idempotencyKey: "w1:price_drop:o1",
  watchId: "w1",
  productId: "p1",
  createdAt: new Date("2026-11-22T10:00:00Z"),
};
const options = { publicUrl: "https://d.example", lowestPrice: null };
type Row = Parameters<typeof alertInputFromRow>[0];
type ProductFields = Parameters<typeof alertInputFromRow>[1];

/** An alert_event row of the base's watch and product, read for `forProduct`. */
const fromRow = (row: Omit<Row, keyof typeof base>, forProduct: ProductFields = product) =>
  alertInputFromRow({ ...base, ...row }, forProduct, options);

describe("alertInputFromRow", () => {
  it("reads a price event as the worker writes it", () => {
    const input = fromRow({
      kind: "price_drop",
      oldPriceMinor: 4999,
      newPriceMinor: 3999,
      currency: "USD",
      details: { percentChange: -20, oldCurrency: "USD", observationId: "o1" },
    });
    const m = buildAlertMessage(input ?? expect.fail("no input"));
    expect(m.title).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    expect(m.percentChange).toBe(-20);
    expect(m.product.storeName).toBe("Shop Example");
  });

  it("keeps the old price's own currency", () => {
    const input = fromRow({
      kind: "price_change",
      oldPriceMinor: 4999,
      newPriceMinor: 3999,
      currency: "EUR",
      details: { percentChange: null, oldCurrency: "USD" },
    });
    expect(input?.event.oldPrice).toEqual({ amountMinor: 4999, currency: "USD" });
    expect(buildAlertMessage(input ?? expect.fail("no input")).percentChange).toBeNull();
  });

  it("words an unreachable notice from the last failure", () => {
    const input = fromRow(
      {
        kind: "unreachable",
        oldPriceMinor: null,
        newPriceMinor: null,
        currency: null,
        details: { consecutiveFailures: 8, lastOutcome: "bot_challenge" },
      },
      { ...product, title: null },
    );
    const m = buildAlertMessage(input ?? expect.fail("no input"));
    expect(m.title).toBe("Can't check https://shop.example/p/kettle any more");
    expect(m.reason).toBe("Store blocked the check (8 checks in a row failed).");
    const odd = fromRow({
      kind: "unreachable",
      oldPriceMinor: null,
      newPriceMinor: null,
      currency: null,
      details: { lastOutcome: "new_kind" },
    });
    expect(odd?.event.details?.reason).toBe("The last checks failed.");
  });

  it("skips kinds it does not know", () => {
    expect(
      fromRow({
        kind: "price_teleported",
        oldPriceMinor: null,
        newPriceMinor: 1,
        currency: "USD",
        details: {},
      }),
    ).toBeNull();
  });
});
