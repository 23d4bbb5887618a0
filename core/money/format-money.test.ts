import { describe, expect, it } from "vitest";
import { formatMoney } from "./format-money.ts";

describe("formatMoney", () => {
  it("formats exactly in the locale asked, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(formatMoney({ amountMinor: 123_456, currency: "EUR" }, "de-DE")).toBe(
        "1.234,56\u00a0€",
      );
      expect(formatMoney({ amountMinor: 123_456, currency: "EUR" })).toBe("€1,234.56");
      expect(formatMoney({ amountMinor: 1_500, currency: "JPY" })).toBe("¥1,500");
      expect(formatMoney({ amountMinor: 1_234, currency: "KWD" })).toBe("KWD\u00a01.234");
    }
  });

  it("falls back to the plain amount and code when the runtime cannot format them", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney({ amountMinor: 1_999, currency: "EURO" })).toBe("19.99 EURO");
      expect(formatMoney({ amountMinor: 1_999, currency: "USD" }, "not a locale!")).toBe(
        "19.99 USD",
      );
    }
  });

  it("keeps formatting right past the formatter cache's size", () => {
    const locales = ["en-US", "de-DE", "fr-FR", "ja-JP", "pt-BR"];
    const codes = Intl.supportedValuesOf("currency");
    for (const locale of locales) {
      for (const currency of codes) formatMoney({ amountMinor: 100, currency }, locale);
    }
    expect(formatMoney({ amountMinor: 123_456, currency: "EUR" }, "de-DE")).toBe("1.234,56\u00a0€");
    expect(formatMoney({ amountMinor: 5, currency: "USD" })).toBe("$0.05");
  });
});
