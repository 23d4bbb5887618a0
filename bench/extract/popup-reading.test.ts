import { describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money/format-money.ts";
import { moneyFromPopup, readingFromPopup, statusFromPopup } from "./popup-reading.ts";

describe("reading the popup back", () => {
  it("reads the money the popup formats back to the same amount and currency", () => {
    const cases: [number, string, string][] = [
      [15999, "USD", "159.99"],
      [123456789, "USD", "1234567.89"],
      [1200, "CAD", "12"],
      [4499, "EUR", "44.99"],
      [1990, "GBP", "19.9"],
      [2900, "JPY", "2900"],
      [129900, "CZK", "1299"],
    ];
    for (const [amountMinor, currency, amount] of cases)
      expect(moneyFromPopup(formatMoney({ amountMinor, currency }))).toEqual({ amount, currency });
  });

  it("'—' is no price; text that no currency formats to is unreadable, not a guess", () => {
    expect(moneyFromPopup("—")).toBeNull();
    expect(moneyFromPopup("$ 12.00 or so")).toBe("unreadable");
    expect(moneyFromPopup("Loading")).toBe("unreadable");
  });

  it("the note gives the status", () => {
    expect(statusFromPopup("This page shows more than one price: pick the right one.", false)).toBe(
      "ambiguous",
    );
    expect(statusFromPopup("No price found on this page.", false)).toBe("no_price");
    expect(statusFromPopup("This page doesn’t look like a product.", false)).toBe("not_product");
    expect(statusFromPopup(null, true)).toBe("ok");
  });

  it("a whole reading: price, currency, stock", () => {
    expect(readingFromPopup({ price: "$159.99", stock: "In stock", note: null })).toEqual({
      answer: { price: "159.99", currency: "USD", availability: "in_stock" },
      status: "ok",
      isUnreadable: false,
    });
    expect(
      readingFromPopup({ price: "—", stock: null, note: "No price found on this page." }),
    ).toEqual({
      answer: { price: null, currency: null, availability: null },
      status: "no_price",
      isUnreadable: false,
    });
    expect(readingFromPopup({ price: "€44.99", stock: "Out of stock", note: null }).answer).toEqual(
      { price: "44.99", currency: "EUR", availability: "out_of_stock" },
    );
  });
});
