import { describe, expect, it } from "vitest";
import { CURRENCY_SYMBOLS, regionOfLanguageTag } from "./currencies.ts";

describe("regionOfLanguageTag", () => {
  it.each([
    ["en-US", "US"],
    ["es_MX", "MX"],
    ["zh-Hant-TW", "TW"],
    ["sr-Latn-RS", "RS"],
    ["pt-BR-u-ca-gregory", "BR"],
    [" fr-ca ", "CA"],
  ])("%s → %s", (tag, region) => {
    expect(regionOfLanguageTag(tag)).toBe(region);
  });
  it.each(["de", "es-419", "zh-Hant", "", "english-US", null, undefined])("%s → null", (tag) => {
    expect(regionOfLanguageTag(tag)).toBeNull();
  });
});

describe("the dollar sign", () => {
  it("may mean the Taiwan dollar (written '$' on Taiwanese stores), never first", () => {
    expect(CURRENCY_SYMBOLS.$).toContain("TWD");
    expect(CURRENCY_SYMBOLS.$?.[0]).toBe("USD");
  });
});
