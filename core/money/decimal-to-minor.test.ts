import fc from "fast-check";
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

describe("decimal strings with long runs of zeros", () => {
  const digits = fc
    .array(fc.constantFrom("0", "0", "0", "1", "9", ".", "-", " ", "x"), { maxLength: 16 })
    .map((parts) => parts.join(""));

  it("normalise as the regex it replaced did", () => {
    const byRegex = (amount: string) => {
      const match = /^(-?)0*(\d*?)(\d)(?:\.(\d*?)0*)?$/.exec(amount.trim());
      if (!match) return amount.trim();
      const fraction = match[4] ?? "";
      return `${match[1]}${match[2]}${match[3]}${fraction ? `.${fraction}` : ""}`;
    };
    fc.assert(
      fc.property(digits, (amount) => {
        expect(normalizeDecimal(amount)).toBe(byRegex(amount));
      }),
      { numRuns: 5_000 },
    );
  });

  it("are read in one pass (a crafted form field or page price)", () => {
    const zeros = "0".repeat(200_000);
    const started = performance.now();
    expect(decimalToMinor(`1.${zeros}`, "EUR")).toBe(100);
    expect(decimalToMinor(`1.${zeros}1`, "EUR")).toBeNull();
    expect(normalizeDecimal(`${zeros}1.${zeros}1x`)).toBe(`${zeros}1.${zeros}1x`);
    expect(normalizeDecimal(`${zeros}1.5${zeros}`)).toBe("1.5");
    // The regexes took minutes here (each restarted at every zero of a run).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
