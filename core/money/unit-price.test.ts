import { describe, expect, it } from "vitest";
import { describeQuantity, perBaseUnit, UnitPrice, unitPriceIn } from "./unit-price.ts";

const up = (amountMinor: number, perQuantity: number, unit: UnitPrice["unit"]): UnitPrice => ({
  amountMinor,
  currency: "USD",
  perQuantity,
  unit,
});

describe("unit prices compared across units", () => {
  it.each([
    [up(42, 100, "g"), 420, "mass"],
    [up(398, 1, "kg"), 398, "mass"],
    // $0.25 per ounce is $8.82 per kg (1 oz = 28.349523125 g).
    [up(25, 1, "oz"), 881.849, "mass"],
    [up(137, 1, "lb"), 302.036, "mass"],
    [up(17, 1, "fl_oz"), 574.843, "volume"],
    [up(436, 100, "ml"), 4360, "volume"],
    [up(19, 10, "piece"), 1.9, "count"],
    [up(500, 1, "sq_ft"), 5381.955, "area"],
  ])("%o is %d minor units per base unit", (price, minorPerBase, dimension) => {
    const base = perBaseUnit(price);
    expect(base.dimension).toBe(dimension);
    expect(base.minorPerBase).toBeCloseTo(minorPerBase, 2);
  });

  it("converts per another quantity of the same dimension, rounded to minor units; never across", () => {
    expect(unitPriceIn(up(25, 1, "oz"), 100, "g")).toEqual(up(88, 100, "g"));
    expect(unitPriceIn(up(3439, 1, "kg"), 1, "lb")).toEqual(up(1560, 1, "lb"));
    expect(unitPriceIn(up(398, 1, "l"), 100, "ml")).toEqual(up(40, 100, "ml"));
    expect(unitPriceIn(up(398, 1, "l"), 1, "kg")).toBeNull();
  });

  it("says the quantity as people write it", () => {
    expect(describeQuantity(1, "kg")).toBe("kg");
    expect(describeQuantity(100, "g")).toBe("100 g");
    expect(describeQuantity(1, "fl_oz")).toBe("fl oz");
    expect(describeQuantity(10, "piece")).toBe("10 pieces");
    expect(describeQuantity(1, "m2")).toBe("m²");
  });

  it("refuses what is not a unit price", () => {
    expect(UnitPrice.safeParse(up(-1, 1, "kg")).success).toBe(false);
    expect(UnitPrice.safeParse(up(1, 0, "kg")).success).toBe(false);
    expect(UnitPrice.safeParse({ ...up(1, 1, "kg"), unit: "pack" }).success).toBe(false);
    expect(UnitPrice.safeParse({ ...up(1, 1, "kg"), currency: "XXQ" }).success).toBe(false);
  });
});
