import { describe, expect, it } from "vitest";
import {
  type MatchableWatch,
  normalizeBrand,
  normalizeGtin,
  normalizePartNumber,
  suggestGroups,
} from "./match-products.ts";

describe("normalizeGtin", () => {
  it.each([
    ["4006381333931", "04006381333931"], // EAN-13
    ["400-6381 333931", "04006381333931"],
    ["012345678905", "00012345678905"], // UPC-A
    ["0012345678905", "00012345678905"], // the same UPC as EAN-13
    ["96385074", "00000096385074"], // EAN-8
    ["4006381333932", null], // wrong check digit
    ["00000000000000", null],
    ["12345", null],
    ["ABC4006381333931", null],
    [null, null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeGtin(input)).toBe(expected);
  });
});

describe("normalizePartNumber and normalizeBrand", () => {
  it.each([
    ["WH-1000XM5/B", "WH1000XM5B"],
    ["ac k100", "ACK100"],
    ["123456", null], // a bare number: often the store's own id
    ["ABCDEF", null],
    ["A1", null],
  ])("part %s → %s", (input, expected) => {
    expect(normalizePartNumber(input)).toBe(expected);
  });
  it("brands compare without case, accents or punctuation", () => {
    expect(normalizeBrand("Bosch ")).toBe(normalizeBrand("BOSCH"));
    expect(normalizeBrand("Société Générale")).toBe("societegenerale");
    expect(normalizeBrand("X")).toBeNull();
  });
});

const w = (watchId: string, fields: Partial<MatchableWatch> = {}): MatchableWatch => ({
  watchId,
  productId: `p-${watchId}`,
  gtin: null,
  brand: null,
  sku: null,
  groupId: null,
  ...fields,
});

describe("suggestGroups", () => {
  const rows: {
    name: string;
    watches: MatchableWatch[];
    expected: [string, string[], string | null][];
  }[] = [
    {
      name: "three stores with one EAN (written as EAN-13 and as 14 digits)",
      watches: [
        w("a", { gtin: "4006381333931" }),
        w("b", { gtin: "04006381333931" }),
        w("c", { gtin: "4006381333931" }),
        w("d", { gtin: "012345678905" }),
      ],
      expected: [["gtin:04006381333931", ["a", "b", "c"], null]],
    },
    {
      name: "brand and part number agree, GTIN absent",
      watches: [
        w("a", { brand: "Sony", sku: "WH-1000XM5/B" }),
        w("b", { brand: "SONY", sku: "wh1000xm5b" }),
      ],
      expected: [["brand_sku:sony|WH1000XM5B", ["a", "b"], null]],
    },
    {
      name: "the same part number under two brands is no match",
      watches: [w("a", { brand: "Sony", sku: "AB1234" }), w("b", { brand: "Bose", sku: "AB1234" })],
      expected: [],
    },
    {
      name: "a bare numeric SKU is no part number",
      watches: [w("a", { brand: "Sony", sku: "100200" }), w("b", { brand: "Sony", sku: "100200" })],
      expected: [],
    },
    {
      name: "a new store joins the group that holds the product already",
      watches: [
        w("a", { gtin: "4006381333931", groupId: "g1" }),
        w("b", { gtin: "4006381333931", groupId: "g1" }),
        w("c", { gtin: "4006381333931" }),
      ],
      expected: [["gtin:04006381333931", ["c"], "g1"]],
    },
    {
      name: "all together already: nothing to offer",
      watches: [
        w("a", { gtin: "4006381333931", groupId: "g1" }),
        w("b", { gtin: "4006381333931", groupId: "g1" }),
      ],
      expected: [],
    },
    {
      name: "one watch matched by GTIN and by brand+part is offered once",
      watches: [
        w("a", { gtin: "4006381333931", brand: "Acme", sku: "AC-K100" }),
        w("b", { gtin: "4006381333931" }),
        w("c", { brand: "Acme", sku: "ACK100" }),
      ],
      expected: [["gtin:04006381333931", ["a", "b"], null]],
    },
    {
      name: "two watches of one shared product (another person's view) are not a group",
      watches: [
        w("a", { gtin: "4006381333931" }),
        w("b", { gtin: "4006381333931", productId: "p-a" }),
      ],
      expected: [],
    },
  ];
  it.each(rows)("$name", (row) => {
    expect(suggestGroups(row.watches).map((s) => [s.key, s.watchIds, s.intoGroupId])).toEqual(
      row.expected,
    );
  });
});
