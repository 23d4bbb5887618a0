import { describe, expect, it } from "vitest";
import {
  decimalToMinor,
  divisorToMinor,
  minorToDecimal,
  normalizeDecimal,
} from "./decimal-to-minor.ts";

describe("decimal ↔ minor units", () => {
  it("uses each currency's own exponent", () => {
    expect(decimalToMinor("1234.56", "EUR")).toBe(123456);
    expect(decimalToMinor("1234", "JPY")).toBe(1234);
    expect(decimalToMinor("1234.5", "JPY")).toBeNull();
    expect(decimalToMinor("1.234", "KWD")).toBe(1234);
    expect(decimalToMinor("48.0", "USD")).toBe(4800);
    expect(decimalToMinor("29.1583", "GBP")).toBeNull();
    expect(decimalToMinor("abc", "USD")).toBeNull();
    expect(minorToDecimal(123456, "EUR")).toBe("1234.56");
    expect(minorToDecimal(5, "USD")).toBe("0.05");
    expect(minorToDecimal(1234, "JPY")).toBe("1234");
    expect(minorToDecimal(1234, "KWD")).toBe("1.234");
  });
  it("normalizes decimals for comparison", () => {
    expect(normalizeDecimal("48.0")).toBe("48");
    expect(normalizeDecimal("3439.00")).toBe("3439");
    expect(normalizeDecimal("0.50")).toBe("0.5");
    expect(normalizeDecimal("007")).toBe("7");
  });

  it("reads {amount, divisor} with the currency's exponent", () => {
    expect(divisorToMinor(5311, 100, "EUR")).toBe(5311);
    expect(divisorToMinor(1234, 1, "JPY")).toBe(1234);
    expect(divisorToMinor(1234, 100, "JPY")).toBeNull();
    expect(divisorToMinor(24500, 1000, "KWD")).toBe(24500);
    expect(divisorToMinor(24500, 1000, "USD")).toBe(2450);
    expect(divisorToMinor(5, 3, "USD")).toBeNull();
  });
});
