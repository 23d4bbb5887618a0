import { describe, expect, it } from "vitest";
import { COUNTRIES, CountryInput, countryFromLanguages } from "./country-input.ts";

describe("countryFromLanguages", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "MX"],
    ["en;q=0.9,en-CA;q=0.8", "CA"],
    ["fr_CA", "CA"],
    ["en", null],
    ["", null],
    [null, null],
    ["xx-ZZ", null],
  ])("%s → %s", (header, country) => {
    expect(countryFromLanguages(header)).toBe(country);
  });
});

describe("CountryInput (the /user form and PUT /api/v1/country)", () => {
  it("takes a listed country in any case, and the empty choice as null (from the browser)", () => {
    expect(CountryInput.parse({ country: "mx" })).toEqual({ country: "MX" });
    expect(CountryInput.parse({ country: "" })).toEqual({ country: null });
    expect(CountryInput.parse({ country: null })).toEqual({ country: null });
  });
  it("refuses a country that is not listed", () => {
    expect(CountryInput.safeParse({ country: "ZZ" }).success).toBe(false);
    expect(CountryInput.safeParse({ country: "USA" }).success).toBe(false);
  });
  it("lists the countries whose currency extraction knows, once each", () => {
    expect(COUNTRIES).toContain("US");
    expect(COUNTRIES).not.toContain("UK");
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });
});
