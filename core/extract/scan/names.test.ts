import { describe, expect, it } from "vitest";
import { nameOfAttr, nameOfTag } from "./names.ts";

describe("scan names", () => {
  it("one shared entry per name whatever its case, with what the scan does with it", () => {
    expect(nameOfTag("DIV")).toBe(nameOfTag("div"));
    expect(nameOfTag("Br")).toMatchObject({ name: "br", isVoid: true, breaksLine: true });
    expect(nameOfTag("my-widget")).toBe(nameOfTag("MY-WIDGET"));
    expect(nameOfAttr("Data-Price-Amount")).toMatchObject({
      name: "data-price-amount",
      isKept: true,
      isDataPrice: true,
    });
    expect(nameOfAttr("data-testid")).toMatchObject({ isKept: true, isToken: true });
    expect(nameOfAttr("onclick")).toMatchObject({ isKept: false, isToken: false });
  });
});
